import busboy from 'busboy';
import type { Request } from 'express';
import { AUDIO_MAX_BYTES } from '../../../common/contest';
import { VIDEO_MAX_BYTES } from '../../../common/constants';
import {
  AUDIO_FIELD,
  fileExtension,
  isAudioName,
  isVideoName,
  SUBMISSION_MESSAGES as M,
  submissionWire,
  VIDEO_FIELD,
} from '../../../common/submission';
import { feedBody, MULTIPART_OVERHEAD_BYTES, type BodyFeed } from '../platform/body-limit';
import { badRequest, payloadTooLarge } from '../platform/errors';
import { parse } from '../platform/validate';
import type { z } from 'zod';

export type SubmissionInput = z.output<typeof submissionWire>;
export type UploadedFile = { name: string; ext: string; data: Buffer };
export type ParsedSubmission = { fields: SubmissionInput; audio: UploadedFile; video: UploadedFile | null };

const LIMITS = { fields: 30, fieldSize: 10 * 1024, files: 2, parts: 32 };
/** The most a submission body may be: both files at their limits, plus the form. */
const MAX_BODY_BYTES = AUDIO_MAX_BYTES + VIDEO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

const FILES = {
  [AUDIO_FIELD]: { max: AUDIO_MAX_BYTES, nameOk: isAudioName, wrongType: M.audioUnsupported, big: M.audioTooLarge },
  [VIDEO_FIELD]: { max: VIDEO_MAX_BYTES, nameOk: isVideoName, wrongType: M.videoUnsupported, big: M.videoMax },
} as const;
type FileField = keyof typeof FILES;
const isFileField = (name: string): name is FileField => Object.hasOwn(FILES, name);

/** The route message is shown as is; every other problem is `<field>: <problem>`. */
export function parseFields(raw: Record<string, string>): SubmissionInput {
  const result = submissionWire.safeParse(raw);
  if (result.success) return result.data;
  if (result.error.issues[0]?.message === M.selectRoute) throw badRequest(M.selectRoute);
  return parse(submissionWire, raw);
}

/**
 * Reads a multipart submission: text fields first (validated as soon as the first file starts,
 * so a bad form never costs an upload's processing), then `audioFile` and an optional
 * `videoFile`, each buffered up to its size limit. The body is consumed before the promise
 * settles, so the caller can answer cleanly, unless it is larger than any submission can be:
 * then it is refused unread (413, platform/body-limit.ts).
 */
export function readSubmission(req: Request): Promise<ParsedSubmission> {
  if (!req.is('multipart/form-data')) return Promise.reject(badRequest('Expected a multipart/form-data body'));
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { ...LIMITS, fileSize: Math.max(AUDIO_MAX_BYTES, VIDEO_MAX_BYTES) + 1 } });
  } catch {
    return Promise.reject(badRequest('Malformed multipart body'));
  }
  return new Promise((resolve, reject) => {
    const raw: Record<string, string> = {};
    const files: Partial<Record<FileField, UploadedFile>> = {};
    /** Set when the first file starts: the validated fields, or why they were refused. */
    let fields: { ok: SubmissionInput } | { error: unknown } | null = null;
    let failure: unknown = null;
    let body: BodyFeed | null = null; // set once reading starts; busboy may report an error before that returns
    let open = 1; // busboy itself, plus one per file stream being read
    const fail = (err: unknown) => (failure ??= err);
    const checkFields = () => {
      try {
        return { ok: parseFields(raw) };
      } catch (error) {
        return { error };
      }
    };
    const done = () => {
      if (--open !== 0) return;
      fields ??= checkFields();
      if (failure || 'error' in fields) return reject(failure ?? ('error' in fields ? fields.error : null));
      if (!files[AUDIO_FIELD]) return reject(badRequest(`${AUDIO_FIELD}: ${M.audioRequired}`));
      resolve({ fields: fields.ok, audio: files[AUDIO_FIELD], video: files[VIDEO_FIELD] ?? null });
    };

    bb.on('field', (name, value, info) => {
      if (fields) return fail(badRequest('Form fields must come before the files'));
      if (info.nameTruncated || info.valueTruncated) return fail(badRequest(`${name.slice(0, 100)}: Value too long`));
      if (Object.hasOwn(raw, name)) return fail(badRequest(`${name.slice(0, 100)}: Repeated field`));
      raw[name] = value;
    });

    bb.on('file', (name, stream, info) => {
      open++;
      fields ??= checkFields();
      const chunks: Buffer[] = [];
      let size = 0;
      let refusal: unknown = null;
      if ('error' in fields) refusal = null; // the fields' problem is the answer; this file is only drained
      else if (!isFileField(name)) refusal = badRequest(`Unexpected file field "${name.slice(0, 100)}"`);
      else if (files[name]) refusal = badRequest(`${name}: Repeated field`);
      else if (!FILES[name].nameOk(info.filename ?? '')) refusal = badRequest(FILES[name].wrongType);
      if (refusal) fail(refusal);
      const spec = isFileField(name) && !refusal && 'ok' in fields ? FILES[name] : null;
      const keeping = () => spec !== null && failure === null;
      const tooBig = () => {
        fail(payloadTooLarge(spec!.big));
        chunks.length = 0;
      };
      stream.on('data', (chunk: Buffer) => {
        if (!keeping()) return void (chunks.length = 0);
        size += chunk.length;
        if (size > spec!.max) tooBig();
        else chunks.push(chunk);
      });
      // A body that ends inside the file errors the file stream too (busboy's own 'error' answers).
      stream.on('error', () => fail(badRequest('Malformed multipart body')));
      stream.on('limit', () => keeping() && tooBig());
      stream.on('end', () => {
        if (keeping()) files[name as FileField] = { name: info.filename ?? '', ext: fileExtension(info.filename ?? ''), data: Buffer.concat(chunks) };
        done();
      });
    });

    bb.on('fieldsLimit', () => fail(badRequest(`Too many form fields (at most ${LIMITS.fields})`)));
    bb.on('filesLimit', () => fail(badRequest(`Too many files (at most ${LIMITS.files})`)));
    bb.on('partsLimit', () => fail(badRequest(`Too many form parts (at most ${LIMITS.parts})`)));
    bb.on('error', () => {
      fail(badRequest('Malformed multipart body'));
      body?.discardRest(); // drain what is left (up to the limit), so the answer reaches the client
      open = 1;
      done();
    });
    bb.on('close', done);

    body = feedBody(req, bb, MAX_BODY_BYTES, () => {
      fail(payloadTooLarge(M.uploadTooLarge));
      open = 1;
      done();
    });
  });
}
