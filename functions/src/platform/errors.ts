import type { ErrorRequestHandler } from 'express';
import { log } from './log';
import { StorageUnavailableError } from './storage';

/** Typed errors that map to HTTP statuses; `message` is what the caller sees. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Response headers that go with the error (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, 'invalid_argument', message, details);
export const unauthenticated = (message = 'Sign in required') => new HttpError(401, 'unauthenticated', message);
export const insufficientTokens = (message: string, details?: Record<string, unknown>) =>
  new HttpError(402, 'insufficient_tokens', message, details);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const payloadTooLarge = (message = 'Request body too large') => new HttpError(413, 'payload_too_large', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
export const unavailable = (message: string) => new HttpError(503, 'unavailable', message);

type BodyParserError = Error & { type?: string; status?: number };

/** gRPC status ABORTED: firebase-admin's runTransaction gives up with it after its attempts. */
const FIRESTORE_ABORTED = 10;
/** gRPC statuses of Firestore (or another Google API) out of reach or overloaded: DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE. */
const BACKEND_DOWN = new Set([4, 8, 14]);

/**
 * A gRPC status error as firebase-admin rejects with: a numeric code with grpc-js's `details` or
 * `metadata`, or google-gax's GoogleError (its own timeouts). An SFTP status code has neither.
 */
const isGrpcError = (err: unknown): err is { code: number } => {
  const e = err as { code?: unknown; details?: unknown; metadata?: unknown } | null;
  if (typeof e?.code !== 'number') return false;
  return typeof e.details === 'string' || (typeof e.metadata === 'object' && e.metadata !== null) || e.constructor.name === 'GoogleError';
};

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HttpError) {
    res.set(err.headers);
    res.status(err.status).json({ error: { code: err.code, message: err.message, ...err.details } });
    return;
  }
  const bodyError = err as BodyParserError;
  if (bodyError.type === 'entity.too.large') {
    res.status(413).json({ error: { code: 'payload_too_large', message: 'Request body too large' } });
    return;
  }
  if (bodyError.type === 'entity.parse.failed' || bodyError.type === 'encoding.unsupported') {
    res.status(400).json({ error: { code: 'invalid_argument', message: 'Malformed JSON body' } });
    return;
  }
  if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
    res.status(bodyError.status).json({ error: { code: 'bad_request', message: bodyError.message } });
    return;
  }
  if ((err as { code?: unknown }).code === FIRESTORE_ABORTED) {
    // A transaction still in contention after the SDK's retries: the caller may simply retry.
    res.set('Retry-After', '1');
    res.status(503).json({ error: { code: 'unavailable', message: 'Busy, please try again' } });
    return;
  }
  if (err instanceof StorageUnavailableError) {
    log.backendUnavailable(err.cause ?? err);
    res.set('Retry-After', '5');
    res.status(503).json({ error: { code: 'unavailable', message: 'File storage is temporarily unavailable, please try again' } });
    return;
  }
  if (isGrpcError(err) && BACKEND_DOWN.has(err.code)) {
    // An outage of the database, not a fault of the request: the caller may retry a little later.
    log.backendUnavailable(err);
    res.set('Retry-After', '5');
    res.status(503).json({ error: { code: 'unavailable', message: 'Service temporarily unavailable, please try again' } });
    return;
  }
  log.unexpectedError(err);
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong' } });
};
