import { parse as parseQueryString } from 'node:querystring';
import cors from 'cors';
import express, { type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { hasLoneSurrogate } from '../../../../common/doc-id';
import type { Env } from '../../env';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

/**
 * The raw request bytes when the Cloud Functions runtime (deployed, or the Functions emulator)
 * has already read and parsed the body before Express sees it; undefined in a plain server.
 */
export const rawBodyOf = (req: Request): Buffer | undefined => {
  const raw = (req as Request & { rawBody?: unknown }).rawBody;
  return Buffer.isBuffer(raw) ? raw : undefined;
};

export const MALFORMED_TEXT = 'Text must be valid Unicode';

/**
 * Whether every string of a parsed JSON body, keys included, is well-formed text. Firestore
 * refuses to store a lone surrogate with an internal error, which would reach the caller as a 500
 * after the endpoint's own checks had passed. Walked without recursion: a 64 kB body can nest
 * thousands of levels deep.
 */
export function isWellFormedJson(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (hasLoneSurrogate(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}

/**
 * JSON bodies, read the same way in a plain server and under the Functions runtime. The runtime
 * parses every body (JSON, text, form, raw) with its own 32 MB limit, so here only JSON bodies
 * within `limitBytes` are kept; multipart is left to the upload readers (which read rawBody)
 * and dropped for every other endpoint, and a url-encoded form is dropped (a mail client's
 * one-click unsubscribe posts one; its route reads the query). A body of any other type is
 * refused (415): sent as text/plain, a JSON body would otherwise reach the endpoint as no body,
 * and its caller hear of missing fields. A body with a lone surrogate anywhere is refused (400).
 */
export function jsonBodies(limitBytes: number): RequestHandler {
  const parser = express.json({ limit: limitBytes, strict: true });
  const wellFormed: RequestHandler = (req, _res, next) => next(isWellFormedJson(req.body) ? undefined : badRequest(MALFORMED_TEXT));
  return (req, res, next) => {
    if (req.is('multipart/form-data')) {
      // The runtime leaves its bytes in req.body too: an endpoint that reads JSON must not see them.
      req.body = undefined;
      return next();
    }
    const raw = rawBodyOf(req);
    if (!req.is(['application/json', 'application/x-www-form-urlencoded']) && hasContent(req, raw)) {
      return next(unsupportedMediaType('Expected an application/json body'));
    }
    if (!raw) return parser(req, res, (err?: unknown) => (err ? next(err) : wellFormed(req, res, next)));
    if (!req.is('application/json')) req.body = undefined;
    else if (raw.length > limitBytes) return next(payloadTooLarge());
    wellFormed(req, res, next);
  };
}

/**
 * Query strings parsed the simple way (`node:querystring`, Express's 'simple' parser) under the
 * Functions runtime too. The runtime's own Express has already parsed the query with qs into an
 * own property of the request, which hides the getter that reads this app's 'query parser': so
 * `?limit[]=1` reached the schemas as `limit: ['1']` (and passed, coerced), where the simple
 * parser gives an unknown key `limit[]` (a 400).
 */
export const simpleQuery = (): RequestHandler => (req, _res, next) => {
  if (Object.hasOwn(req, 'query')) {
    const at = req.url.indexOf('?');
    Object.defineProperty(req, 'query', { value: parseQueryString(at < 0 ? '' : req.url.slice(at + 1)), writable: true, configurable: true, enumerable: true });
  }
  next();
};

/** Whether the request carries body bytes: the runtime's copy of them, or the headers that announce them. */
function hasContent(req: Request, raw: Buffer | undefined): boolean {
  if (raw) return raw.length > 0;
  return Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
}

/** Security headers for API responses (JSON, files, the local checkout page sets its own CSP). */
export const apiSecurityHeaders = (): RequestHandler =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });

/**
 * CORS for the configured app origins only. The browser calls the API through Hosting (same
 * origin), except the SSE streams, which reach the function's own URL (Hosting buffers streams).
 */
export const apiCors = (env: Env): RequestHandler =>
  cors({
    origin: [...env.allowedOrigins],
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
