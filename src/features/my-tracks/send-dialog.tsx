import { RADIO_MSG } from '@common/radio-messages';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** Confirms a send (it costs tokens) before anything is charged. */
export function SendDialog({ title, cost, busy, onConfirm, onClose }: { title: string; cost: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      className="w-[min(92vw,28rem)] rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-bold">{RADIO_MSG.sendToRadio}</DialogTitle>
        <DialogCloseX className="text-zinc-400" disabled={busy} />
      </div>
      <DialogDescription className="mt-2 text-zinc-300">{RADIO_MSG.confirmSend(title, cost)}</DialogDescription>
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose type="button" className={buttonClass('secondary', 'px-4 py-2 font-semibold hover:bg-zinc-800')} disabled={busy}>
          Cancel
        </DialogClose>
        <Button onClick={onConfirm} disabled={busy} className="px-5 py-2 font-semibold disabled:opacity-50">
          {busy ? RADIO_MSG.sending : RADIO_MSG.sendToRadio}
        </Button>
      </div>
    </Dialog>
  );
}
