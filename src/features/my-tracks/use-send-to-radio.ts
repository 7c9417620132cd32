import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PATHS } from '@common/paths';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { afterWrite } from '@/data/lazy';
import { ApiError, isPriceChanged } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { sendTrackToRadio } from './my-tracks-api';

/** What went wrong with a send, for the row to show (the shortage keeps its link to /pricing). */
export type SendFailure = 'shortage' | 'queued' | null;

/**
 * Sends one of the user's tracks to the radio queue at the price shown, with the toasts; `busyId`
 * is the track being sent. `onPriceChanged` runs when the API refuses a price that changed.
 */
export function useSendToRadio(onPriceChanged: () => void) {
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, SendFailure>>({});

  /** The row says the balance is short of `message`'s price, with its link to /pricing; the toast too. */
  const shortOf = (trackId: string, message: string) => {
    setFailures((f) => ({ ...f, [trackId]: 'shortage' }));
    toast.error(message, { action: { label: RADIO_MSG.goToPricing, onClick: () => void navigate({ to: PATHS.pricing }) } });
  };

  const send = async (trackId: string, tokenCost: number): Promise<boolean> => {
    setBusyId(trackId);
    try {
      await sendTrackToRadio(trackId, tokenCost);
      notifySuccess(RADIO_MSG.added);
      setFailures((f) => ({ ...f, [trackId]: null }));
      await afterWrite(['radio_submissions', 'token_balances']);
      return true;
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 402) {
        shortOf(trackId, err instanceof Error ? err.message : RADIO_MSG.addFailed);
      } else if (status === 409 && err instanceof Error && err.message === RADIO_MSG.alreadyQueued) {
        setFailures((f) => ({ ...f, [trackId]: 'queued' }));
        notifyError(RADIO_MSG.alreadyQueued);
        await afterWrite(['radio_submissions']);
      } else if (isPriceChanged(err)) {
        notifyError(err.message);
        onPriceChanged();
      } else if (status === 409 || status === 404) {
        notifyError(err instanceof Error ? err.message : RADIO_MSG.addFailed);
      } else {
        notifyError(RADIO_MSG.addFailed, err);
      }
      return false;
    } finally {
      setBusyId(null);
    }
  };

  /** A send the balance cannot pay (as far as this device knows: the API decides), said before any confirm. */
  const refuseShort = (trackId: string, tokenCost: number) => shortOf(trackId, RADIO_MSG.tokenShortage(tokenCost));

  return { busyId, failures, send, refuseShort };
}
