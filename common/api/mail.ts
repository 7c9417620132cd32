import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_MSG, EMAIL_SUBJECT_MAX, type CampaignProgress, type EmailLogEntry, type EmailPreview, type EmailTemplateView } from '../email-messages';
import { couponCode, docId } from '../schemas';
import { endpoint, json, jsonBody, noFields, other } from './contract';

// One line: a mail header (and the log's and audit's copy) holds no line break or control character.
const subject = z
  .string()
  .trim()
  .min(1, EMAIL_MSG.subjectRequired)
  .max(EMAIL_SUBJECT_MAX, EMAIL_MSG.subjectTooLong)
  .regex(/^[^\u0000-\u001f\u007f]*$/, EMAIL_MSG.subjectOneLine);
const body = z.string().trim().min(1, EMAIL_MSG.bodyRequired).max(EMAIL_BODY_MAX, EMAIL_MSG.bodyTooLong);

/** Email All Users, and a template's edit or preview: a subject and a plain-text body. */
export const mailContentInput = z.strictObject({ subject, body });
/** Send Coupon Email: the code of an active coupon. */
export const couponCampaignInput = z.strictObject({ code: couponCode });
export const campaignParams = z.object({ id: docId });
export const templateParams = z.object({ name: z.string().max(100) });
export const logsQuery = z.strictObject({ cursor: z.string().max(2000).optional() });
/** An unsubscribe link's parts (the /unsubscribe page's body, or the one-click link's query). */
export const linkParams = z.strictObject({
  u: z.string().min(1).max(128),
  t: z.string().min(16).max(128),
  subscribe: z.boolean().optional(),
});

// The answers' schemas, checked against the types the client reads (common/email-messages.ts has no zod: the CMS screens import it).
const campaignProgressSchema: z.ZodType<CampaignProgress> = z
  .strictObject({ id: z.string(), processed: z.number(), total: z.number(), queued: z.number(), skipped: z.number(), done: z.boolean() })
  .meta({ title: 'CampaignProgress' });
const mailKind = z.enum(['account', 'campaign']);
/** A row of View Email Logs. Times are ISO strings. */
const emailLogEntrySchema: z.ZodType<EmailLogEntry> = z
  .strictObject({
    id: z.string(),
    recipients: z.array(z.string()),
    topic: z.string().nullable(),
    kind: mailKind,
    subject: z.string(),
    state: z.enum(['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR']),
    attempts: z.number(),
    error: z.string().nullable(),
    created_at: z.string().nullable(),
    ended_at: z.string().nullable(),
  })
  .meta({ title: 'EmailLogEntry' });
const emailTemplateViewSchema: z.ZodType<EmailTemplateView> = z
  .strictObject({
    name: z.string(),
    label: z.string(),
    use: z.string(),
    kind: mailKind,
    subject: z.string(),
    body: z.string(),
    edited: z.boolean(),
    placeholders: z.array(z.string()),
  })
  .meta({ title: 'EmailTemplateView' });
const emailPreviewSchema: z.ZodType<EmailPreview> = z.strictObject({ subject: z.string(), text: z.string(), html: z.string() }).meta({ title: 'EmailPreview' });

const progress = json(campaignProgressSchema);
const template = json(emailTemplateViewSchema);
/** A page of View Email Logs; `next` is the cursor of the following page. */
const mailLogs = z.strictObject({ items: z.array(emailLogEntrySchema), next: z.string().nullable() }).meta({ title: 'MailLogs' });
const emailTemplates = z.strictObject({ items: z.array(emailTemplateViewSchema) }).meta({ title: 'EmailTemplates' });

/** Mail: the public unsubscribe links (functions/src/mail/router.ts) and the CMS Email System (functions/src/mail/cms-routes.ts). */
export const mail = {
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/mail/unsubscribe',
    access: 'public',
    summary: 'The List-Unsubscribe address opened in a browser: redirects (303) to the /unsubscribe page, changing nothing',
    query: z.object({ u: z.string().optional(), t: z.string().optional() }),
    checkedBy: 'handler',
    response: other('redirect', 303),
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/mail/unsubscribe',
    access: 'public',
    summary: 'Campaign mail off (or on again with subscribe: true); the link (JSON body, or the query for one-click, RFC 8058) is the proof',
    query: z.object({ u: z.string().optional(), t: z.string().optional() }),
    body: jsonBody(linkParams),
    checkedBy: 'handler',
    response: json(z.object({ subscribed: z.boolean() })),
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/api/cms/email/test',
    access: 'admin',
    summary: 'A test message to the signed-in admin',
    body: jsonBody(noFields, true),
    response: json(z.object({ id: z.string(), to: z.string() })),
  }),
  campaign: endpoint({
    method: 'POST',
    path: '/api/cms/email/campaigns',
    access: 'admin',
    summary: 'Email All Users: a campaign (201; a repeated Idempotency-Key answers the first, 200)',
    body: jsonBody(mailContentInput, true),
    response: json(campaignProgressSchema, 201),
  }),
  couponCampaign: endpoint({
    method: 'POST',
    path: '/api/cms/email/campaigns/coupon',
    access: 'admin',
    summary: 'Send Coupon Email: a campaign for an active coupon (201; a repeated Idempotency-Key answers the first, 200)',
    body: jsonBody(couponCampaignInput, true),
    response: json(campaignProgressSchema, 201),
  }),
  sendBatch: endpoint({
    method: 'POST',
    path: '/api/cms/email/campaigns/:id/send',
    access: 'admin',
    summary: "Queues a campaign's next batch",
    params: campaignParams,
    body: jsonBody(noFields, true),
    response: progress,
  }),
  logs: endpoint({ method: 'GET', path: '/api/cms/email/logs', access: 'admin', summary: 'Delivery logs, a page at a time', query: logsQuery, response: json(mailLogs) }),
  templates: endpoint({ method: 'GET', path: '/api/cms/email/templates', access: 'admin', summary: 'Every template, as stored or by default', response: json(emailTemplates) }),
  saveTemplate: endpoint({
    method: 'POST',
    path: '/api/cms/email/templates/:name',
    access: 'admin',
    summary: "Saves a template's subject and body",
    params: templateParams,
    body: jsonBody(mailContentInput, true),
    checkedBy: 'handler',
    response: template,
  }),
  resetTemplate: endpoint({
    method: 'POST',
    path: '/api/cms/email/templates/:name/reset',
    access: 'admin',
    summary: 'A template back to its default',
    params: templateParams,
    body: jsonBody(noFields, true),
    checkedBy: 'handler',
    response: template,
  }),
  previewTemplate: endpoint({
    method: 'POST',
    path: '/api/cms/email/templates/:name/preview',
    access: 'admin',
    summary: 'A template rendered with sample values, unsaved',
    params: templateParams,
    body: jsonBody(mailContentInput, true),
    checkedBy: 'handler',
    response: json(emailPreviewSchema),
  }),
} as const;
