import busboy from 'busboy';
import type { Request } from 'express';
import { feedBody, MULTIPART_OVERHEAD_BYTES, type BodyFeed } from './body-limit';
import { badRequest, payloadTooLarge } from './errors';

export type SingleUpload = { fields: Record<string, string>; data: Buffer };

type Options = {
  field: string;
  maxBytes: number;
  /** Text fields the form may carry besides the file. */
  allowedFields: readonly string[];
  tooLarge: string;
  missing: string;
};

/**
 * Reads a multipart body holding one file (`field`, at most `maxBytes`) and a few short text
 * fields. The body is consumed before the promise settles, so the caller can answer, unless
 * it is larger than such a form can be: then it is refused unread (413, body-limit.ts).
 */
export function readSingleUpload(req: Request, opts: Options): Promise<SingleUpload> {
  if (!req.is('multipart/form-data')) return Promise.reject(badRequest('Expected a multipart/form-data body'));
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { fields: 5, fieldSize: 1024, files: 1, parts: 8, fileSize: opts.maxBytes + 1 } });
  } catch {
    return Promise.reject(badRequest('Malformed multipart body'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let data: Buffer | null = null;
    let failure: unknown = null;
    let body: BodyFeed | null = null; // set once reading starts; busboy may report an error before that returns
    let open = 1;
    const fail = (err: unknown) => (failure ??= err);
    const done = () => {
      if (--open !== 0) return;
      if (failure) return reject(failure);
      if (!data) return reject(badRequest(opts.missing));
      resolve({ fields, data });
    };
    bb.on('field', (name, value, info) => {
      if (!opts.allowedFields.includes(name)) return fail(badRequest(`Unexpected field "${name.slice(0, 100)}"`));
      if (info.valueTruncated) return fail(badRequest(`${name}: Value too long`));
      fields[name] = value;
    });
    bb.on('file', (name, stream) => {
      open++;
      if (name !== opts.field) fail(badRequest(`Unexpected file field "${name.slice(0, 100)}"`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        size += chunk.length;
        if (size > opts.maxBytes) fail(payloadTooLarge(opts.tooLarge));
        else chunks.push(chunk);
      });
      // A body that ends inside the file errors the file stream too (busboy's own 'error' answers).
      stream.on('error', () => fail(badRequest('Malformed multipart body')));
      stream.on('end', () => {
        if (!failure) data = Buffer.concat(chunks);
        done();
      });
    });
    bb.on('filesLimit', () => fail(badRequest('Only one file may be sent')));
    bb.on('fieldsLimit', () => fail(badRequest('Too many form fields')));
    bb.on('partsLimit', () => fail(badRequest('Too many form parts')));
    bb.on('error', () => {
      fail(badRequest('Malformed multipart body'));
      body?.discardRest();
      open = 1;
      done();
    });
    bb.on('close', done);
    body = feedBody(req, bb, opts.maxBytes + MULTIPART_OVERHEAD_BYTES, () => {
      fail(payloadTooLarge(opts.tooLarge));
      open = 1;
      done();
    });
  });
}
