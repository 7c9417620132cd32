import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { readSingleUpload } from './multipart';

/**
 * readSingleUpload as a plain server streams the body, and as the Cloud Functions runtime hands
 * it over already read (req.rawBody, simulated here by a middleware that reads it first).
 */

const LIMIT = 4096;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    if (req.headers['x-buffered'] !== '1') return next();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      (req as typeof req & { rawBody: Buffer }).rawBody = Buffer.concat(chunks);
      next();
    });
  });
  app.post('/upload', async (req, res) => {
    const upload = await readSingleUpload(req, { field: 'file', maxBytes: LIMIT, allowedFields: ['note'], tooLarge: 'Too big', missing: 'No file' });
    res.json({ size: upload.data.length, fields: upload.fields });
  });
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const BOUNDARY = 'test-boundary';

function post(body: Buffer, opts: { buffered: boolean; declaredLength?: number }) {
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(opts.declaredLength ?? body.length) };
  if (opts.buffered) headers['x-buffered'] = '1';
  return new Promise<{ status: number; body: { error: { message: string } } & Record<string, unknown>; connection: string | undefined }>((resolve, reject) => {
    const req = request(`${base}/upload`, { method: 'POST', headers });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (p: Buffer) => parts.push(p));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()), connection: res.headers.connection });
      });
    });
    req.on('error', reject);
    req.write(body);
    if (opts.declaredLength === undefined) req.end();
  });
}

const form = (file: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const MALFORMED = Buffer.from(`--${BOUNDARY}\r\n${'x'.repeat(20)}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);

describe.each([
  ['streamed', false],
  ['already read (rawBody)', true],
])('readSingleUpload, body %s', (_label, buffered) => {
  it('reads the file and the fields', async () => {
    const res = await post(form(Buffer.alloc(1000, 7)), { buffered });
    expect([res.status, res.body]).toEqual([200, { size: 1000, fields: { note: 'hello' } }]);
  });

  it('400 for a malformed body, never a 500', async () => {
    const res = await post(MALFORMED, { buffered });
    expect([res.status, res.body.error.message]).toEqual([400, 'Malformed multipart body']);
  });

  it('413 for a file over the limit', async () => {
    const res = await post(form(Buffer.alloc(LIMIT + 1, 7)), { buffered });
    expect([res.status, res.body.error.message]).toEqual([413, 'Too big']);
  });
});

describe('readSingleUpload, a body declared larger than any such form', () => {
  it('is refused unread, and the connection closed', async () => {
    const res = await post(form(Buffer.alloc(100)).subarray(0, 50), { buffered: false, declaredLength: 10 * 1024 * 1024 });
    expect([res.status, res.body.error.message, res.connection]).toEqual([413, 'Too big', 'close']);
  });
});
