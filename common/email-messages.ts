import { formatCount } from './format';

/** The CMS Email System tab: its limits, texts and the shapes of its API answers (server and client). */

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;
/** Profiles one POST /api/cms/email/campaigns/:id/send call goes through. */
export const CAMPAIGN_BATCH = 200;

export const EMAIL_MSG = {
  heading: 'Email System',
  connected: 'An email service is connected: the templates below are what it sends, and every message is logged.',
  testSubject: 'Test email from Fool Rate',
  testBody: 'This is a test email from the Fool Rate CMS. If you can read it, email delivery works.',
  testSent: (to: string) => `Test email sent to ${to}`,
  testFailed: 'Could not send the test email',
  noEmail: 'Your account has no email address',
  confirmAll: 'Send to all subscribed users?',
  campaignFailed: 'Could not send the campaign',
  campaignDone: (queued: number, skipped: number) => `Campaign queued for ${queued} users (${skipped} skipped)`,
  campaignNotFound: 'Campaign not found',
  couponUnknown: (code: string) => `Coupon ${code} does not exist`,
  couponInactive: (code: string) => `Coupon ${code} is not active`,
  couponExpired: (code: string) => `Coupon ${code} has expired`,
  couponUsedUp: (code: string) => `Coupon ${code} has no redemptions left`,
  templateUnknown: 'Unknown email template',
  badPlaceholder: (name: string, allowed: string[]) => `Unknown placeholder {{${name}}}: this template knows ${allowed.map((a) => `{{${a}}}`).join(', ')}`,
  templateSaved: (label: string) => `${label} saved`,
  templateReset: (label: string) => `${label} reset to the default`,
  templateFailed: 'Could not save the template',
  previewFailed: 'Could not preview the template',
  loadLogsFailed: 'Could not load the email logs',
  loadTemplatesFailed: 'Could not load the email templates',
  badCursor: 'Invalid page cursor',
  subjectRequired: 'Subject is required',
  bodyRequired: 'Body is required',
  subjectTooLong: `Subject is at most ${EMAIL_SUBJECT_MAX} characters`,
  subjectOneLine: 'Subject must be one line, without control characters',
  missingPlaceholder: (name: string) => `Keep {{${name}}} in the email: without it, the email cannot do its job`,
  bodyTooLong: `Body is at most ${formatCount(EMAIL_BODY_MAX)} characters`,
} as const;

export type MailLogState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

/** A row of View Email Logs. Times are ISO strings. */
export type EmailLogEntry = {
  id: string;
  recipients: string[];
  topic: string | null;
  kind: 'account' | 'campaign';
  subject: string;
  state: MailLogState;
  attempts: number;
  error: string | null;
  created_at: string | null;
  ended_at: string | null;
};

export type EmailTemplateView = {
  name: string;
  label: string;
  use: string;
  kind: 'account' | 'campaign';
  subject: string;
  body: string;
  edited: boolean;
  placeholders: string[];
};

export type EmailPreview = { subject: string; text: string; html: string };

export type CampaignProgress = { id: string; processed: number; total: number; queued: number; skipped: number; done: boolean };

/** Texts of the unsubscribe page and its API (campaign mail only; account mail always goes out). */
export const MAIL_MSG = {
  unsubscribeTitle: 'Email preferences',
  unsubscribeIntro: 'Stop receiving campaign and promotional emails from Fool Rate?',
  accountMailNote: 'You will still receive emails about your account: verification, orders, radio submissions and roles.',
  unsubscribe: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed from campaign emails.',
  resubscribe: 'Subscribe again',
  resubscribed: 'You will receive campaign emails again.',
  badLink: 'This unsubscribe link is not valid. Use the link from your latest email.',
  failed: 'Could not update your email preferences. Try again.',
} as const;
