import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_MSG, EMAIL_SUBJECT_MAX } from '../../../common/email-messages';
import { couponCode, docId } from '../../../common/schemas';

/** Request shapes of /api/cms/email (strict: unknown fields are a 400). */

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
