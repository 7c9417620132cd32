import type { ErrorRequestHandler, Response } from 'express';
import { log } from '../log';
import { StorageUnavailableError } from '../storage/storage';
import { StoredDocError } from '../firestore/typed-collection';

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
/** A debit by an account whose address is not verified yet (403 `email_unverified`): nothing was charged. */
export const emailUnverified = (message: string, details?: Record<string, unknown>) => new HttpError(403, 'email_unverified', message, details);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
/** A 409 for a price the caller saw that is not the price now (`cost`): nothing was charged. */
export const priceChanged = (message: string, cost: number, details?: Record<string, unknown>) =>
  new HttpError(409, 'price_changed', message, { cost, ...details });
/** A 409 for a charge the caller has not confirmed yet: `cost` is the price to show and send back; nothing was charged. */
export const paymentRequired = (message: string, details: { cost: number } & Record<string, unknown>) =>
  new HttpError(409, 'payment_required', message, details);
export const payloadTooLarge = (message = 'Request body too large') => new HttpError(413, 'payload_too_large', message);
/** A body of a type the endpoint does not read; `bad_request`, as the body parser's own 415s. */
export const unsupportedMediaType = (message: string) => new HttpError(415, 'bad_request', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new HttpError(503, 'unavailable', message, undefined, retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) });

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

/** A failure of what the API stands on, as the 503 its caller may retry (logged when it is an outage); null for anything else. */
function outage(err: unknown): HttpError | null {
  // A transaction still in contention after the SDK's retries: the caller may simply retry.
  if ((err as { code?: unknown }).code === FIRESTORE_ABORTED) return unavailable('Busy, please try again', 1);
  if (err instanceof StorageUnavailableError) {
    log.backendUnavailable(err.cause ?? err);
    return unavailable('File storage is temporarily unavailable, please try again', 5);
  }
  if (isGrpcError(err) && BACKEND_DOWN.has(err.code)) {
    log.backendUnavailable(err);
    return unavailable('Service temporarily unavailable, please try again', 5);
  }
  return null;
}

const send = (res: Response, err: HttpError): void => {
  res.set(err.headers);
  res.status(err.status).json({ error: { code: err.code, message: err.message, ...err.details } });
};

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HttpError) {
    send(res, err);
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
  const down = outage(err);
  if (down) {
    send(res, down);
    return;
  }
  // A corrupt stored document is a fault of the server's data, not of the request: logged where it
  // was read (stored_doc_invalid, with where it is wrong), answered like any other fault.
  if (!(err instanceof StoredDocError)) log.unexpectedError(err);
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong' } });
};
