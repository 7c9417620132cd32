import { PLACEHOLDER_FILES, PLACEHOLDER_MSG } from '@common/cms/placeholders';

export type ImageResult = { filename: string; ok: true } | { filename: string; ok: false; error: string };
export type UploadOutcome = { results: ImageResult[]; tracksUpdated: number | null; trackError: string | null };

export type Toast = { kind: 'success' | 'error'; title: string; description: string | undefined };

/** The spec's four result toasts. */
export function outcomeToast(outcome: UploadOutcome): Toast {
  const uploaded = outcome.results.filter((r) => r.ok).length;
  if (uploaded === 0) {
    const first = outcome.results.find((r): r is Extract<ImageResult, { ok: false }> => !r.ok);
    return { kind: 'error', title: PLACEHOLDER_MSG.failed, description: first?.error };
  }
  if (outcome.trackError !== null) return { kind: 'error', title: PLACEHOLDER_MSG.warning, description: PLACEHOLDER_MSG.warningDetail };
  if (uploaded === PLACEHOLDER_FILES.length) return { kind: 'success', title: PLACEHOLDER_MSG.allDone, description: PLACEHOLDER_MSG.allDoneDetail(uploaded, outcome.tracksUpdated ?? 0) };
  return { kind: 'success', title: PLACEHOLDER_MSG.uploaded, description: PLACEHOLDER_MSG.uploadedDetail(uploaded) };
}
