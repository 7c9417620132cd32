import busboy from 'busboy';
import type { Request } from 'express';
import { hasLoneSurrogate } from '../../../../common/doc-id';
import { fileExtension } from '../../../../common/radio/submission';
import { feedBody, MULTIPART_OVERHEAD_BYTES, type BodyFeed } from './body-limit';
import { badRequest, payloadTooLarge } from './errors';
import { MALFORMED_TEXT } from './http';

export type UploadedFile = { name: string; ext: string; data: Buffer };

type FileRule = {
  maxBytes: number;
  tooLarge: string;
  /** Whether the file's name (its extension) is acceptable; refused with `wrongType` when not. */
  nameOk?: (filename: string) => boolean;
  wrongType?: string;
};

export type FormSpec<F, K extends string> = {
  /** The file fields the form may carry, each at most once. */
  files: Record<K, FileRule>;
  /** The file the form must carry, and the refusal when it does not. */
  required: NoInfer<K>;
  missing: string;
  limits: { fields: number; fieldSize: number; files: number; parts: number };
  /** The refusal for a body larger than the form can be (all its files at their limits). */
  tooLarge: string;
  /** Checks the text fields (they come before the files): once, when the first file starts, or at the end. */
  fields: (raw: Record<string, string>) => F;
};

export type Form<F, K extends string> = { fields: F; file: UploadedFile; files: Partial<Record<K, UploadedFile>> };

const cut = (name: string) => name.slice(0, 100);

/**
 * Reads a multipart form: short text fields first (checked as soon as the first file starts,
 * so a bad form never costs an upload's processing), then its files, each buffered up to its
 * limit. The body is consumed before the promise settles, so the caller can answer cleanly,
 * unless it is larger than such a form can be: then it is refused unread (413, body-limit.ts).
 */
export function readForm<F, K extends string>(req: Request, spec: FormSpec<F, K>): Promise<Form<F, K>> {
  if (!req.is('multipart/form-data')) return Promise.reject(badRequest('Expected a multipart/form-data body'));
  const rules: Array<[K, FileRule]> = Object.entries(spec.files) as Array<[K, FileRule]>;
  const ruleOf = (name: string): FileRule | undefined => rules.find(([field]) => field === name)?.[1];
  const largest = Math.max(...rules.map(([, r]) => r.maxBytes));
  const maxBody = rules.reduce((sum, [, r]) => sum + r.maxBytes, MULTIPART_OVERHEAD_BYTES);
  const { limits } = spec;
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { ...limits, fileSize: largest + 1 } });
  } catch {
    return Promise.reject(badRequest('Malformed multipart body'));
  }
  return new Promise((resolve, reject) => {
    const raw: Record<string, string> = {};
    const files: Partial<Record<K, UploadedFile>> = {};
    const started = new Set<string>(); // a file is only complete at its end; a repeat can start before that
    /** Set when the first file starts: the checked fields, or why they were refused. */
    let fields: { ok: F } | { error: unknown } | null = null;
    let failure: unknown = null;
    let body: BodyFeed | null = null; // set once reading starts; busboy may report an error before that returns
    let open = 1; // busboy itself, plus one per file stream being read
    const fail = (err: unknown) => (failure ??= err);
    const checkFields = () => {
      try {
        return { ok: spec.fields(raw) };
      } catch (error) {
        return { error };
      }
    };
    const done = () => {
      if (--open !== 0) return;
      fields ??= checkFields();
      if (failure || 'error' in fields) return reject(failure ?? ('error' in fields ? fields.error : null));
      const file = files[spec.required];
      if (!file) return reject(badRequest(spec.missing));
      resolve({ fields: fields.ok, file, files });
    };

    bb.on('field', (name, value, info) => {
      if (fields) return fail(badRequest('Form fields must come before the files'));
      if (info.nameTruncated || info.valueTruncated) return fail(badRequest(`${cut(name)}: Value too long`));
      if (Object.hasOwn(raw, name)) return fail(badRequest(`${cut(name)}: Repeated field`));
      // A part's own charset (utf-16le) can carry a lone surrogate, which Firestore refuses with a 500.
      if (hasLoneSurrogate(name) || hasLoneSurrogate(value)) return fail(badRequest(MALFORMED_TEXT));
      raw[name] = value;
    });

    bb.on('file', (name, stream, info) => {
      open++;
      fields ??= checkFields();
      const filename = info.filename ?? '';
      const rule = ruleOf(name);
      const chunks: Buffer[] = [];
      let size = 0;
      let refusal: unknown = null;
      if ('error' in fields) refusal = null; // the fields' problem is the answer; this file is only drained
      else if (!rule) refusal = badRequest(`Unexpected file field "${cut(name)}"`);
      else if (started.has(name)) refusal = badRequest(`${cut(name)}: Repeated field`);
      else if (rule.nameOk && !rule.nameOk(filename)) refusal = badRequest(rule.wrongType ?? `${cut(name)}: Unsupported file type`);
      if (refusal) fail(refusal);
      started.add(name);
      const kept = rule && !refusal && 'ok' in fields ? rule : null;
      const keeping = () => kept !== null && failure === null;
      const tooBig = () => {
        fail(payloadTooLarge(kept!.tooLarge));
        chunks.length = 0;
      };
      stream.on('data', (chunk: Buffer) => {
        if (!keeping()) return void (chunks.length = 0);
        size += chunk.length;
        if (size > kept!.maxBytes) tooBig();
        else chunks.push(chunk);
      });
      // A body that ends inside the file errors the file stream too (busboy's own 'error' answers).
      stream.on('error', () => fail(badRequest('Malformed multipart body')));
      stream.on('limit', () => keeping() && tooBig());
      stream.on('end', () => {
        if (keeping()) files[name as K] = { name: filename, ext: fileExtension(filename), data: Buffer.concat(chunks) };
        done();
      });
    });

    bb.on('fieldsLimit', () => fail(badRequest(`Too many form fields (at most ${limits.fields})`)));
    bb.on('filesLimit', () => fail(badRequest(`Too many files (at most ${limits.files})`)));
    bb.on('partsLimit', () => fail(badRequest(`Too many form parts (at most ${limits.parts})`)));
    bb.on('error', () => {
      fail(badRequest('Malformed multipart body'));
      body?.discardRest(); // drain what is left (up to the limit), so the answer reaches the client
      open = 1;
      done();
    });
    bb.on('close', done);

    body = feedBody(req, bb, maxBody, () => {
      fail(payloadTooLarge(spec.tooLarge));
      open = 1;
      done();
    });
  });
}
