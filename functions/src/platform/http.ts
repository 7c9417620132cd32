import cors from 'cors';
import express, { type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { payloadTooLarge } from './errors';

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
 * within `limitBytes` are kept; multipart is left to the upload readers (which read rawBody) and
 * every other body is dropped, as express.json would.
 */
export function jsonBodies(limitBytes: number): RequestHandler {
  const parser = express.json({ limit: limitBytes, strict: true });
  return (req, res, next) => {
    const raw = rawBodyOf(req);
    if (!raw) return parser(req, res, next);
    if (req.is('multipart/form-data')) return next();
    if (!req.is('application/json')) req.body = undefined;
    else if (raw.length > limitBytes) return next(payloadTooLarge());
    next();
  };
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

/**
 * The caller's IP for per-IP limits. Through Firebase Hosting the CDN names the client in
 * Fastly-Client-IP; on the function's own URL, Google's front end appends the connecting
 * address as the last X-Forwarded-For entry (earlier entries are whatever the client sent).
 */
export function clientIp(req: Request): string {
  const fastly = req.get('fastly-client-ip')?.trim();
  if (fastly) return fastly.slice(0, 64);
  const forwarded = req.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
  const last = forwarded?.at(-1);
  if (last) return last.slice(0, 64);
  return req.socket.remoteAddress ?? 'unknown';
}
