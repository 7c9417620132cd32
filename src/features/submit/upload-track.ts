import type { SubmissionResult } from '@common/radio/submission';
import { env } from '@/config/env';
import { ApiError, authHeader } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { urlOf } from '@/lib/api/call';
import { errorParts } from './submission-form';

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * POSTs a multipart submission to /api/tracks with XMLHttpRequest, which (unlike fetch) reports
 * upload progress. Resolves with the 201 body; rejects with an ApiError (status 0 when the
 * network failed, message '' when the server gave none).
 */
export async function uploadTrack(body: FormData, idempotencyKey: string, onProgress: (fraction: number) => void): Promise<SubmissionResult> {
  const headers = { ...(await authHeader()), 'Idempotency-Key': idempotencyKey };
  return new Promise<SubmissionResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.VITE_API_BASE_URL}${urlOf(endpoints.tracks.submit)}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(json as SubmissionResult);
      } else {
        reject(new ApiError(xhr.status, errorParts(json).message ?? '', json));
      }
    };
    const networkFailure = () => reject(new ApiError(0, navigator.onLine ? '' : 'You are offline. Try again when you are back online.', null));
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.send(body);
  });
}
