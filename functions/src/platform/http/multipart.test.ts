import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { badRequest } from './errors';
import { readForm } from './multipart';

/**
 * readForm as a plain server streams the body, and as the Cloud Functions runtime hands
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
    const upload = await readForm(req, {
      files: { file: { maxBytes: LIMIT, tooLarge: 'Too big' }, extra: { maxBytes: 10, tooLarge: 'Extra too big', nameOk: (n) => n.endsWith('.txt'), wrongType: 'Text only' } },
      required: 'file',
      missing: 'No file',
      limits: { fields: 5, fieldSize: 1024, files: 2, parts: 8 },
      tooLarge: 'Too big',
      fields: (raw) => {
        if (raw.note === 'bad') throw badRequest('note: bad');
        return raw;
      },
    });
    res.json({ size: upload.file.data.length, name: upload.file.name, ext: upload.file.ext, extra: upload.files.extra?.data.toString() ?? null, fields: upload.fields });
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

const field = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (name: string, filename: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n`), data, Buffer.from('\r\n')]);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (file: Buffer) => Buffer.concat([field('note', 'hello'), filePart('file', 'a.bin', file), end]);
const MALFORMED = Buffer.from(`--${BOUNDARY}\r\n${'x'.repeat(20)}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);

describe.each([
  ['streamed', false],
  ['already read (rawBody)', true],
])('readForm, body %s', (_label, buffered) => {
  it('reads the file and the fields', async () => {
    const res = await post(form(Buffer.alloc(1000, 7)), { buffered });
    expect([res.status, res.body]).toEqual([200, { size: 1000, name: 'a.bin', ext: 'bin', extra: null, fields: { note: 'hello' } }]);
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

describe('readForm, a body declared larger than any such form', () => {
  it('is refused unread, and the connection closed', async () => {
    const res = await post(form(Buffer.alloc(100)).subarray(0, 50), { buffered: false, declaredLength: 10 * 1024 * 1024 });
    expect([res.status, res.body.error.message, res.connection]).toEqual([413, 'Too big', 'close']);
  });
});

describe('readForm, the rules of a form', () => {
  const answer = async (...parts: Buffer[]) => {
    const res = await post(Buffer.concat([...parts, end]), { buffered: false });
    return [res.status, res.status === 200 ? res.body : res.body.error.message];
  };

  it('reads optional files beside the required one', async () => {
    const res = await answer(filePart('file', 'a.bin', Buffer.alloc(3)), filePart('extra', 'b.txt', Buffer.from('hi')));
    expect(res).toEqual([200, { size: 3, name: 'a.bin', ext: 'bin', extra: 'hi', fields: {} }]);
  });

  it.each([
    ['the required file missing', [field('note', 'x')], [400, 'No file']],
    ['fields that fail their check', [field('note', 'bad'), filePart('file', 'a.bin', Buffer.alloc(3))], [400, 'note: bad']],
    ['a field after a file', [filePart('file', 'a.bin', Buffer.alloc(3)), field('note', 'x')], [400, 'Form fields must come before the files']],
    ['a repeated field', [field('note', 'x'), field('note', 'y'), filePart('file', 'a.bin', Buffer.alloc(3))], [400, 'note: Repeated field']],
    ['a field value over its size', [field('note', 'x'.repeat(1025)), filePart('file', 'a.bin', Buffer.alloc(3))], [400, 'note: Value too long']],
    ['an unknown file field', [filePart('other', 'a.bin', Buffer.alloc(3))], [400, 'Unexpected file field "other"']],
    ['a repeated file', [filePart('file', 'a.bin', Buffer.alloc(3)), filePart('file', 'b.bin', Buffer.alloc(3))], [400, 'file: Repeated field']],
    ['a file of the wrong type', [filePart('file', 'a.bin', Buffer.alloc(3)), filePart('extra', 'b.exe', Buffer.alloc(3))], [400, 'Text only']],
    ['an optional file over its own limit', [filePart('file', 'a.bin', Buffer.alloc(3)), filePart('extra', 'b.txt', Buffer.alloc(11))], [413, 'Extra too big']],
  ])('refuses %s', async (_label, parts, expected) => {
    expect(await answer(...parts)).toEqual(expected);
  });
});

