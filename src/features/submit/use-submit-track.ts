import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { MSG } from '@common/messages';
import { PATHS } from '@common/paths';
import { SUBMISSION_MESSAGES as M, submissionFields, toSubmissionFormData } from '@common/radio/submission';
import { ApiError } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { errorParts, toFields } from './submission-form';
import type { SubmitFormState } from './use-submit-form';
import { uploadTrack } from './upload-track';

function reportFailure(err: unknown): void {
  if (err instanceof ApiError && err.status === 402) {
    notifyError(MSG.insufficientTokens, errorParts(err.body).detail ?? undefined);
    return;
  }
  if (!(err instanceof ApiError)) console.error('Track submission failed', err);
  notifyError(M.submissionFailed, err instanceof ApiError && err.message ? err.message : undefined, M.submissionFailedDefault);
}

/**
 * Sends the form: checks it, uploads with progress, then after 1.5 s goes to /vote (contest
 * chosen) or /marketplace. Stays busy from the upload until it navigates away.
 */
export function useSubmitTrack() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  /** `shortfall`: whether the entry costs more than the balance, as far as the page can tell (the server decides); said before the upload. */
  const submit = async (form: SubmitFormState, shortfall: () => Promise<{ cost: number; balance: number } | null>): Promise<void> => {
    const audio = form.audioFile;
    if (busy || !audio) return;
    if (form.routes.length === 0) return notifyError(M.selectionRequired, M.selectRoute);
    const checked = submissionFields.safeParse(toFields(form));
    if (!checked.success) return notifyError(M.submissionFailed, checked.error.issues[0]?.message, M.submissionFailedDefault);

    setBusy(true);
    const short = await shortfall();
    if (short) {
      setBusy(false);
      return notifyError(MSG.insufficientTokens, MSG.needTokens(short.cost, short.balance));
    }
    setProgress(0);
    try {
      const video = form.videoFile ? { file: form.videoFile, name: form.videoFile.name } : undefined;
      // One idempotency key per attempt: a retried request of this attempt is charged once.
      await uploadTrack(toSubmissionFormData(checked.data, audio, audio.name, video), crypto.randomUUID(), setProgress);
    } catch (err) {
      reportFailure(err);
      setBusy(false);
      setProgress(null);
      return;
    }
    notifySuccess(M.submitted, form.routes.includes('contest') ? M.submittedForReview : M.submittedForListing);
    const to = form.routes.includes('contest') ? PATHS.vote : PATHS.marketplace;
    redirect.current = setTimeout(() => void navigate({ to }), TIMINGS_MS.postSubmitRedirect);
  };

  return { submit, busy, progress };
}
