import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { focusReturnsTo, renderUi } from '@/test/render';
import { RadioScheduleDialog } from './radio-schedule-dialog';

type Outcome = true | string | null;

/** The row's Schedule button and the dialog, as the queue has them. */
function Row({ onSchedule }: { onSchedule: (iso: string) => Promise<Outcome> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Schedule
      </button>
      <RadioScheduleDialog label="Night Drive — Mara Quill" open={open} onOpenChange={setOpen} onSchedule={onSchedule} />
    </>
  );
}

const field = () => screen.getByLabelText(RADIO_MSG.scheduleField);
const submit = () => screen.getByRole('button', { name: RADIO_MSG.scheduleButton });

async function openDialog(onSchedule: (iso: string) => Promise<Outcome>) {
  const result = renderUi(<Row onSchedule={onSchedule} />);
  await result.user.click(screen.getByRole('button', { name: 'Schedule' }));
  return result;
}

describe('Schedule Broadcast Time', () => {
  it('is a dialog named by the spec, describing what is scheduled, with the field labelled and explained', async () => {
    await openDialog(async () => true);
    const dialog = screen.getByRole('dialog', { name: 'Schedule Broadcast Time' });
    expect(dialog).toHaveAccessibleDescription('Night Drive — Mara Quill');
    expect(field()).toHaveAccessibleDescription('Any time in the next year.');
    expect(field()).toHaveAttribute('type', 'datetime-local');
    expect(submit()).toBeDisabled();
  });

  it('sends the local time as an ISO time with its offset, then closes and clears', async () => {
    const onSchedule = vi.fn(async (_iso: string): Promise<Outcome> => true);
    const { user } = await openDialog(onSchedule);
    await user.type(field(), '2030-06-01T20:30');
    await user.click(submit());
    expect(onSchedule).toHaveBeenCalledTimes(1);
    const iso = onSchedule.mock.calls[0]![0] as string;
    expect(iso).toMatch(/^2030-06-01T20:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date('2030-06-01T20:30').getTime());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await focusReturnsTo(screen.getByRole('button', { name: 'Schedule' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(field()).toHaveValue('');
  });

  it('a time the server refuses is marked on the field with its reason, which takes the focus; typing clears it', async () => {
    const { user } = await openDialog(async () => RADIO_MSG.scheduleInPast);
    await user.type(field(), '2020-01-01T10:00');
    await user.keyboard('{Enter}');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(`${RADIO_MSG.scheduleInPast} Any time in the next year.`);
    expect(field()).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.clear(field());
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('another failure keeps the dialog open with the time, to try again', async () => {
    const { user } = await openDialog(async () => null);
    await user.type(field(), '2030-06-01T20:30');
    await user.click(submit());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(field()).toHaveValue('2030-06-01T20:30');
  });

  it('while the time is being sent it cannot be sent twice, nor the dialog closed', async () => {
    let answer: (outcome: Outcome) => void = () => undefined;
    const onSchedule = vi.fn(() => new Promise<Outcome>((resolve) => (answer = resolve)));
    const { user } = await openDialog(onSchedule);
    await user.type(field(), '2030-06-01T20:30');
    await user.click(submit());
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(submit());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onSchedule).toHaveBeenCalledTimes(1);
    await act(async () => answer(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes it without sending', async () => {
    const onSchedule = vi.fn(async (_iso: string): Promise<Outcome> => true);
    const { user } = await openDialog(onSchedule);
    await user.type(field(), '2030-06-01T20:30');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSchedule).not.toHaveBeenCalled();
  });
});
