import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';

type Props = {
  /** The action, as the dialog's title and its confirm button. */
  action: string;
  /** What it does and what it costs. */
  description: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Confirms an action that costs tokens (a radio send, featuring a listing, a paid vote session) before anything is charged. */
export function ConfirmDialog({ action, description, busyLabel, busy, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      className="w-[min(92vw,28rem)] rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-bold">{action}</DialogTitle>
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
