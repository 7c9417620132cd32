import { env } from '@/config/env';
import { ApiError, isOffline, isPriceChanged, saysWhenToRetry } from './api-error';
import { loadedAuth } from '../session';

export { ApiError, isOffline, isPriceChanged, saysWhenToRetry };

export async function authHeader(): Promise<Record<string, string>> {
  const user = (await loadedAuth())?.currentUser;
  return user ? { Authorization: `Bearer ${await user.getIdToken()}` } : {};
}

type Options = {
  method?: 'GET' | 'POST';
  /** JSON, or FormData sent as multipart/form-data. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

async function send(path: string, opts: Options): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, ...(await authHeader()) };
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${env.VITE_API_BASE_URL}/api${path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch {
    throw new ApiError(0, navigator.onLine ? 'Network error' : 'You are offline. Try again when you are back online.', null);
  }
}

/** Calls the API as the signed-in user (if any) and returns the JSON body. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const res = await send(path, opts);
  return readJson<T>(res);
}

/** Calls the API as the signed-in user and returns the body as a Blob (e.g. a PDF). */
export async function apiBlob(path: string, opts: Options = {}): Promise<Blob> {
  const res = await send(path, opts);
  if (!res.ok) return readJson<never>(res);
  return res.blob();
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `Request failed (${res.status})`;
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}
