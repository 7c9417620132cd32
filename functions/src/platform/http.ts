import cors from 'cors';
import express, { type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { payloadTooLarge, unsupportedMediaType } from './errors';

/**
 * The raw request bytes when the Cloud Functions runtime (deployed, or the Functions emulator)
 * has already read and parsed the body before Express sees it; undefined in a plain server.
 */
export const rawBodyOf = (req: Request): Buffer | undefined => {
  const raw = (req as Request & { rawBody?: unknown }).rawBody;
  return Buffer.isBuffer(raw) ? raw : undefined;
};

/**
 * JSON bodies, read the same way in a plain server and under the Functions runtime. The runtime
 * parses every body (JSON, text, form, raw) with its own 32 MB limit, so here only JSON bodies
 * within `limitBytes` are kept; multipart is left to the upload readers (which read rawBody)
 * and dropped for every other endpoint, and a url-encoded form is dropped (a mail client's
 * one-click unsubscribe posts one; its route reads the query). A body of any other type is
 * refused (415): sent as text/plain, a JSON body would otherwise reach the endpoint as no body,
 * and its caller hear of missing fields.
 */
export function jsonBodies(limitBytes: number): RequestHandler {
  const parser = express.json({ limit: limitBytes, strict: true });
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
    if (!raw) return parser(req, res, next);
    if (!req.is('application/json')) req.body = undefined;
    else if (raw.length > limitBytes) return next(payloadTooLarge());
    next();
  };
}

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
export const apiCors = (config: Config): RequestHandler =>
  cors({
    origin: [...config.allowedOrigins],
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
