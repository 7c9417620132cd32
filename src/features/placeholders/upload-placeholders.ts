import { PLACEHOLDER_FIELD, PLACEHOLDER_FILES, PLACEHOLDER_MSG } from '@common/placeholders';
import { api } from '@/lib/api';

export type ImageResult = { filename: string; ok: true } | { filename: string; ok: false; error: string };
export type UploadOutcome = { results: ImageResult[]; tracksUpdated: number | null; trackError: string | null };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Fetches one of the app's own placeholder images and posts it to the API, which stores it. */
async function uploadOne(filename: string): Promise<void> {
  const res = await fetch(`/placeholders/${filename}`);
  if (!res.ok) throw new Error(`Could not read /placeholders/${filename} (${res.status})`);
  const form = new FormData();
  form.append(PLACEHOLDER_FIELD, new File([await res.blob()], filename, { type: 'image/jpeg' }));
  await api(`/cms/placeholders/${filename}`, { body: form });
}

/**
 * Uploads the 26 images one by one (`progress` gets n before each), then, when any is stored,
 * points the tracks still using the local files at the stored ones.
 */
export async function uploadAllPlaceholders(progress: (n: number, results: ImageResult[]) => void): Promise<UploadOutcome> {
  const results: ImageResult[] = [];
  for (const [i, filename] of PLACEHOLDER_FILES.entries()) {
    progress(i + 1, results);
    try {
      await uploadOne(filename);
      results.push({ filename, ok: true });
    } catch (err) {
      results.push({ filename, ok: false, error: message(err) });
    }
  }
  progress(PLACEHOLDER_FILES.length, results);
  if (!results.some((r) => r.ok)) return { results, tracksUpdated: null, trackError: null };
  try {
    const { updated } = await api<{ updated: number }>('/cms/placeholders/migrate-tracks', { body: {} });
    return { results, tracksUpdated: updated, trackError: null };
  } catch (err) {
    return { results, tracksUpdated: null, trackError: message(err) };
  }
}

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
