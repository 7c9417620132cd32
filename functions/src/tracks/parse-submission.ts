import type { Request } from 'express';
import { AUDIO_MAX_BYTES } from '../../../common/contest/contest';
import { VIDEO_MAX_BYTES } from '../../../common/constants';
import {
  AUDIO_FIELD,
  isAudioName,
  isVideoName,
  SUBMISSION_MESSAGES as M,
  submissionWire,
  VIDEO_FIELD,
} from '../../../common/radio/submission';
import { badRequest } from '../platform/http/errors';
import { readForm, type UploadedFile } from '../platform/http/multipart';
import { parse } from '../platform/http/validate';
import type { z } from 'zod';

export type SubmissionInput = z.output<typeof submissionWire>;
export type ParsedSubmission = { fields: SubmissionInput; audio: UploadedFile; video: UploadedFile | null };

const LIMITS = { fields: 30, fieldSize: 10 * 1024, files: 2, parts: 32 };

const FILES = {
  [AUDIO_FIELD]: { maxBytes: AUDIO_MAX_BYTES, nameOk: isAudioName, wrongType: M.audioUnsupported, tooLarge: M.audioTooLarge },
  [VIDEO_FIELD]: { maxBytes: VIDEO_MAX_BYTES, nameOk: isVideoName, wrongType: M.videoUnsupported, tooLarge: M.videoMax },
};

/** The route message is shown as is; every other problem is `<field>: <problem>`. */
export function parseFields(raw: Record<string, string>): SubmissionInput {
  const result = submissionWire.safeParse(raw);
  if (result.success) return result.data;
  if (result.error.issues[0]?.message === M.selectRoute) throw badRequest(M.selectRoute);
  return parse(submissionWire, raw);
}

/** Reads a multipart submission: the form's text fields, then `audioFile` and an optional `videoFile`. */
export async function readSubmission(req: Request): Promise<ParsedSubmission> {
  const form = await readForm(req, {
    files: FILES,
    required: AUDIO_FIELD,
    missing: `${AUDIO_FIELD}: ${M.audioRequired}`,
    limits: LIMITS,
    tooLarge: M.uploadTooLarge,
    fields: parseFields,
  });
  return { fields: form.fields, audio: form.file, video: form.files[VIDEO_FIELD] ?? null };
}
