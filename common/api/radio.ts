import { z } from 'zod';
import { radioAdFields, radioScheduleInput, radioSubmissionDoc, type RadioSubmission } from '../radio/radio';
import { docId } from '../schemas';
import { endpoint, json, jsonBody, noFields } from './contract';
import { shownTokenCost } from './tokens';

// Request shapes (strict: unknown fields are a 400). The client builds them from common/radio/radio.ts.
export const submissionIdParams = z.object({ id: docId });
const trackId = z.string().min(1).max(128).pipe(docId);
export const trackIdBody = z.strictObject({ track_id: trackId });
/** Spec §7's create-radio-submission body; `token_cost` (optional) is the price the caller saw, refused when it is not the price now. */
export const musicBody = z.strictObject({ track_id: trackId, submission_type: z.literal('music'), token_cost: shownTokenCost });
export const scheduleBody = z.strictObject(radioScheduleInput.shape);
/** The ad form's fields, and `token_cost`: the price the caller saw, refused (409) when it is not the price now. */
export const adFields = z.strictObject({ ...radioAdFields.shape, token_cost: z.string().regex(/^\d{1,10}$/).transform(Number).optional() });

/** A submission as the API answers it: the replicated document without its change time (functions/src/radio/submission-doc.ts toSubmission). */
export const radioSubmission = z.strictObject(radioSubmissionDoc.shape).omit({ updatedAt: true }).meta({ title: 'RadioSubmission' }) satisfies z.ZodType<RadioSubmission>;
const submissionAnswer = z.strictObject({ submission: radioSubmission }).meta({ title: 'RadioSubmissionAnswer' });
const submission = json(submissionAnswer);
const created = json(submissionAnswer, 201);
const moderation = <const P extends `/api/cms/radio/:id/${string}`>(path: P, summary: string) =>
  endpoint({ method: 'POST', path, access: 'admin', summary, params: submissionIdParams, body: jsonBody(noFields, true), response: submission });

/** Paid radio submissions (functions/src/radio/router.ts) and the CMS Radio Queue (functions/src/radio/cms-routes.ts). */
export const radio = {
  submitMusic: endpoint({
    method: 'POST',
    path: '/api/radio/submissions',
    access: 'user',
    summary: 'Sends one of the caller’s approved tracks to the radio, paid in tokens',
    body: jsonBody(musicBody),
    response: created,
  }),
  submitAd: endpoint({
    method: 'POST',
    path: '/api/radio/ads',
    access: 'user',
    summary: 'A radio advertisement: multipart fields (tier, duration_seconds, name, token_cost) and `audio`; an Idempotency-Key replays the first answer',
    body: { kind: 'multipart', fields: adFields, files: ['audio'] },
    checkedBy: 'handler',
    response: created,
  }),
  station: endpoint({ method: 'GET', path: '/api/cms/radio/station', access: 'admin', summary: 'Whether the station takes uploads', response: json(z.object({ upload: z.boolean() })) }),
  quickSend: endpoint({ method: 'POST', path: '/api/cms/radio/send', access: 'admin', summary: 'An admin sends a track to the radio', body: jsonBody(trackIdBody), response: created }),
  approve: moderation('/api/cms/radio/:id/approve', 'Approves a submission'),
  reject: moderation('/api/cms/radio/:id/reject', 'Rejects a submission (a paid one is refunded)'),
  downloadLink: endpoint({
    method: 'POST',
    path: '/api/cms/radio/:id/download-link',
    access: 'admin',
    summary: "A signed URL of the submission's audio and its path on the station",
    params: submissionIdParams,
    body: jsonBody(noFields, true),
    response: json(z.object({ url: z.string(), sftp_path: z.string() })),
  }),
  markUploaded: moderation('/api/cms/radio/:id/mark-uploaded', 'Confirms a manual upload to the station'),
  upload: moderation('/api/cms/radio/:id/upload', 'Uploads the submission to the station over SFTP'),
  schedule: endpoint({
    method: 'POST',
    path: '/api/cms/radio/:id/schedule',
    access: 'admin',
    summary: 'Schedules an uploaded submission',
    params: submissionIdParams,
    body: jsonBody(scheduleBody),
    response: submission,
  }),
} as const;
