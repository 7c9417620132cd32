import { PLACEHOLDER_FIELD, PLACEHOLDER_FILES } from '@common/cms/placeholders';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

import type { ImageResult, UploadOutcome } from './upload-toast';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Fetches one of the app's own placeholder images and posts it to the API, which stores it. */
async function uploadOne(filename: string): Promise<void> {
  const res = await fetch(`/placeholders/${filename}`);
  if (!res.ok) throw new Error(`Could not read /placeholders/${filename} (${res.status})`);
  const form = new FormData();
  form.append(PLACEHOLDER_FIELD, new File([await res.blob()], filename, { type: 'image/jpeg' }));
  await call(endpoints.cms.uploadPlaceholder, { params: { filename }, body: form });
}

/** Where a run is: uploading image n (1-based), or moving the tracks. */
export type UploadStep = number | 'tracks';

/**
 * Uploads the 26 images one by one (`progress` gets n before each), then, when any is stored,
 * points the tracks still using the local files at the stored ones (`progress` gets 'tracks').
 */
export async function uploadAllPlaceholders(progress: (at: UploadStep, results: ImageResult[]) => void): Promise<UploadOutcome> {
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
  progress('tracks', results);
  try {
    const { updated } = await call(endpoints.cms.migratePlaceholders, { body: {} });
    return { results, tracksUpdated: updated, trackError: null };
  } catch (err) {
    return { results, tracksUpdated: null, trackError: message(err) };
  }
}
