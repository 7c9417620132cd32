import { RadioTower } from 'lucide-react';
import { useState } from 'react';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { afterWrite } from '@/data/lazy';
import { ApiError } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { quickSend } from '../radio/radio-queue-api';

/** The messages the API may answer a send with that the admin should read as they are. */
const KNOWN: ReadonlySet<string> = new Set([RADIO_MSG.alreadyQueued, RADIO_MSG.noOwner, RADIO_MSG.onlyApproved]);

/** 'Send to Radio' for an approved track (All Contest Songs, the track editor): the quick send, with its toasts. */
export function SendToRadioButton({ trackId, title, className = '' }: { trackId: string; title: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await quickSend(trackId);
      notifySuccess(RADIO_MSG.added);
      await afterWrite(['radio_submissions', 'token_balances']);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '';
      // A shortage (402) says the cost in force.
      if (KNOWN.has(message) || (err instanceof ApiError && err.status === 402)) notifyError(message);
      else notifyError(RADIO_MSG.addFailed, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void send()}
      aria-label={`${RADIO_MSG.sendToRadio}: ${title}`}
      className={`inline-flex items-center gap-1 rounded-md border border-fuchsia-500/50 px-2.5 py-1.5 text-fuchsia-200 hover:bg-fuchsia-500/10 disabled:opacity-50 ${className}`}
    >
      <RadioTower className="size-3.5" aria-hidden /> {busy ? RADIO_MSG.sending : RADIO_MSG.sendToRadio}
    </button>
  );
}
