import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';

type Props = {
  /** The action, as its confirm button (and the dialog's title unless `title` is given). */
  action: string;
  /** The dialog's title when it differs from the action's button. */
  title?: string;
  /** What it does and what it costs. */
  description: string;
  /** The confirm button's text while the action runs (for a dialog that stays open while it runs). */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before an action: one that costs tokens (a radio send, featuring a listing, a paid vote
 * session) before anything is charged, or one that cannot be undone (a delete, a role change).
 * Every confirmation in the app is this dialog, never window.confirm (lint forbids it): it has the
 * app's look, traps the focus and gives it back, and reads as a dialog with a name and description.
 */
export function ConfirmDialog({ action, title = action, description, busyLabel = action, busy = false, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      className="w-[min(92vw,28rem)] rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
        <DialogCloseX className="text-zinc-400" disabled={busy} />
      </div>
      <DialogDescription className="mt-2 text-zinc-300">{description}</DialogDescription>
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose type="button" className={buttonClass('secondary', 'px-4 py-2 font-semibold hover:bg-zinc-800')} disabled={busy}>
          Cancel
        </DialogClose>
        <Button onClick={onConfirm} disabled={busy} className="px-5 py-2 font-semibold disabled:opacity-50">
          {busy ? busyLabel : action}
        </Button>
      </div>
    </Dialog>
  );
}
