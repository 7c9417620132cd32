import { useRef, useState, type FormEvent } from 'react';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, INPUT } from '@/components/ui/field';
import { localInputToIso } from './radio-schedule';

type Props = {
  /** What is being scheduled (for the description). */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when scheduled (the dialog then closes and the field clears), else the time's problem, if that was it. */
  onSchedule: (iso: string) => Promise<true | string | null>;
};

/** 'Schedule Broadcast Time': a local date-time, sent as an ISO string with offset. */
export function RadioScheduleDialog({ label, open, onOpenChange, onSchedule }: Props) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server's reason for refusing the time: under the field, which is marked and focused. */
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const iso = localInputToIso(value);
    if (!iso || busy) return;
    setBusy(true);
    const outcome = await onSchedule(iso);
    setBusy(false);
    if (outcome === true) {
      setValue('');
      setProblem(null);
      onOpenChange(false);
    } else if (outcome) {
      setProblem(outcome);
      field.current?.focus();
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      className="w-[min(92vw,28rem)] rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-bold">{RADIO_MSG.scheduleTitle}</DialogTitle>
        <DialogCloseX className="text-zinc-400" disabled={busy} />
      </div>
      <DialogDescription className="mt-1 text-sm text-zinc-400">{label}</DialogDescription>
      <form onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
        <Field label={RADIO_MSG.scheduleField} hint="Any time in the next year." error={problem}>
          <input
            ref={field}
            type="datetime-local"
            step={1}
            className={INPUT}
            value={value}
            onChange={(e) => {
              setProblem(null);
              setValue(e.target.value);
            }}
            readOnly={busy}
          />
        </Field>
        <div className="flex justify-end gap-3">
          <DialogClose type="button" className={buttonClass('secondary', 'px-4 py-2 font-semibold hover:bg-zinc-800')} disabled={busy}>
            Cancel
          </DialogClose>
          <Button type="submit" disabled={!value} busy={busy} className="px-5 py-2 font-semibold disabled:opacity-50">
            {RADIO_MSG.scheduleButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
