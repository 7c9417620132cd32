/** Request shapes of /api/cms/email (strict: unknown fields are a 400), declared with the endpoints (common/api/mail.ts). */
export { campaignParams, couponCampaignInput, logsQuery, mailContentInput, templateParams } from '../../../common/api/mail';
