import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm } from '@/hooks/use-confirm';
import { focusReturnsTo } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

/** A page with a button that opens the dialog, as every caller has. */
function Opener({ busy = false, onConfirm = () => undefined }: { busy?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <button type="button">Elsewhere</button>
      {open ? (
        <ConfirmDialog
          title="Delete track"
          action="Delete"
          description="Delete “Night Drive”? Its audio, clip and stats are removed for good."
          busy={busy}
          busyLabel="Deleting…"
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

const open = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Delete track' }) };
};

describe('ConfirmDialog', () => {
  it('reads as a modal dialog named by its title and described by its question', async () => {
    render(<Opener />);
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleName('Delete track');
    expect(dialog).toHaveAccessibleDescription('Delete “Night Drive”? Its audio, clip and stats are removed for good.');
    // The page behind is out of reach of a screen reader while it asks.
    expect(screen.queryByRole('button', { name: 'Elsewhere' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere', hidden: true })).toBeInTheDocument();
  });

  it('traps the focus: Tab cycles through its own buttons only', async () => {
    render(<Opener />);
    const { user, dialog } = await open();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      seen.add(document.activeElement?.textContent || (document.activeElement?.getAttribute('aria-label') ?? ''));
    }
    expect([...seen].sort()).toEqual(['Cancel', 'Close', 'Delete']);
  });

  it('Escape cancels: nothing is confirmed, the dialog closes and the focus goes back to the button that opened it', async () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    const { user } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await focusReturnsTo(screen.getByRole('button', { name: 'Delete' }));
  });

  it('Cancel and the X cancel too', async () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    let { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    ({ user } = await open());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Enter on the action confirms, and so does a click', async () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    const action = screen.getAllByRole('button', { name: 'Delete' }).find((b) => dialog.contains(b))!;
    action.focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('while the action runs it says so, and cannot be confirmed twice or closed', async () => {
    const onConfirm = vi.fn();
    render(<Opener busy onConfirm={onConfirm} />);
    const { user, dialog } = await open();
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

/** A caller of useConfirm that shows what the question was answered. */
function Asker() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  const ask = async () => setAnswer(String(await confirm({ title: 'Reject order', action: 'Reject', description: 'Reject this order?' })));
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        Ask
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('answers true when the action is confirmed, and the dialog closes', async () => {
    const user = userEvent.setup();
    render(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order' });
    expect(dialog).toHaveAccessibleDescription('Reject this order?');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers false on Escape, and the focus goes back to the asking button', async () => {
    const user = userEvent.setup();
    render(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('false')).toBeInTheDocument();
    await focusReturnsTo(screen.getByRole('button', { name: 'Ask' }));
  });

  it('answers false when the asker goes away with the question open', async () => {
    let answered: boolean | undefined;
    function Gone() {
      const { confirm, dialog } = useConfirm();
      return (
        <>
          <button type="button" onClick={() => void confirm({ action: 'Go', description: 'Go?' }).then((a) => (answered = a))}>
            Ask
          </button>
          {dialog}
        </>
      );
    }
    const user = userEvent.setup();
    const { unmount } = render(<Gone />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('dialog', { name: 'Go' })).toBeInTheDocument();
    await act(async () => unmount());
    expect(answered).toBe(false);
  });
});
