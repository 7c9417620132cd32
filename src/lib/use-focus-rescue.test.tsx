import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from './use-focus-rescue';

type Row = { id: string; pending: boolean };

/** A moderation list as the CMS draws it: each row offers Approve while pending, and Download; `busy` marks every button working (aria-disabled, as the kit's Button does). */
function Queue({ rows, busy }: { rows: Row[]; busy: boolean }) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useFocusRescue(root);
  return (
    <section ref={setRoot} aria-labelledby="queue-title">
      <h2 id="queue-title">Queue</h2>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
              <td>
                {r.pending && (
                  <button type="button" aria-disabled={busy || undefined}>
                    Approve {r.id}
                  </button>
                )}
                <button type="button" aria-disabled={busy || undefined}>
                  Download {r.id}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const rows = (...pending: boolean[]): Row[] => pending.map((p, i) => ({ id: `r${i + 1}`, pending: p }));

describe('useFocusRescue', () => {
  it('moves the focus from a button that leaves its row to the control now at its place in the same row', async () => {
    const { rerender } = render(<Queue rows={rows(true, true)} busy={false} />);
    act(() => screen.getByRole('button', { name: 'Approve r1' }).focus());
    rerender(<Queue rows={[{ id: 'r1', pending: false }, { id: 'r2', pending: true }]} busy={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download r1' })).toHaveFocus());
  });

  it('stays in the row when the row changes while its action is still working (its other buttons busy), rather than jumping to the next row', async () => {
    // The live update of the row can arrive before the action's own answer: Approve is gone while
    // Download still reads busy. Download can hold the focus (aria-disabled keeps it focusable).
    const { rerender } = render(<Queue rows={rows(true, true)} busy={false} />);
    act(() => screen.getByRole('button', { name: 'Approve r1' }).focus());
    rerender(<Queue rows={rows(true, true)} busy />);
    expect(screen.getByRole('button', { name: 'Approve r1' })).toHaveFocus();
    rerender(<Queue rows={[{ id: 'r1', pending: false }, { id: 'r2', pending: true }]} busy />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download r1' })).toHaveFocus());
    rerender(<Queue rows={[{ id: 'r1', pending: false }, { id: 'r2', pending: true }]} busy={false} />);
    expect(screen.getByRole('button', { name: 'Download r1' })).toHaveFocus();
  });

  it('gives a removed row’s focus to the same control of the row taking its place, and to the heading once the list is empty', async () => {
    const { rerender } = render(<Queue rows={rows(true, true)} busy={false} />);
    act(() => screen.getByRole('button', { name: 'Download r1' }).focus());
    rerender(<Queue rows={[{ id: 'r2', pending: true }]} busy={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download r2' })).toHaveFocus());
    rerender(<Queue rows={[]} busy={false} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Queue' })).toHaveFocus());
  });
});
