import type { CampaignProgress, EmailLogEntry, EmailPreview, EmailTemplateView } from '@common/email-messages';
import type { CmsPage } from '@common/users-messages';
import { api } from '@/lib/api';

/** The Email System tab's calls (/api/cms/email, docs/api.md). */

const path = (p: string) => `/cms/email${p}`;
const enc = encodeURIComponent;

export const sendTestEmail = () => api<{ id: string; to: string }>(path('/test'), { body: {} });

/** A new campaign; the key makes a repeated click answer the same campaign. */
export const createCampaign = (body: { subject: string; body: string }, key: string) =>
  api<CampaignProgress>(path('/campaigns'), { body, headers: { 'Idempotency-Key': key } });

export const createCouponCampaign = (code: string, key: string) =>
  api<CampaignProgress>(path('/campaigns/coupon'), { body: { code }, headers: { 'Idempotency-Key': key } });

export const sendCampaignBatch = (id: string) => api<CampaignProgress>(path(`/campaigns/${enc(id)}/send`), { body: {} });

export const loadEmailLogs = (cursor: string | null, signal?: AbortSignal) =>
  api<CmsPage<EmailLogEntry>>(path(cursor ? `/logs?cursor=${enc(cursor)}` : '/logs'), { signal });

export const loadTemplates = (signal?: AbortSignal) => api<{ items: EmailTemplateView[] }>(path('/templates'), { signal });

export const saveTemplate = (name: string, body: { subject: string; body: string }) => api<EmailTemplateView>(path(`/templates/${enc(name)}`), { body });

export const resetTemplate = (name: string) => api<EmailTemplateView>(path(`/templates/${enc(name)}/reset`), { body: {} });

export const previewTemplate = (name: string, body: { subject: string; body: string }, signal?: AbortSignal) =>
  api<EmailPreview>(path(`/templates/${enc(name)}/preview`), { body, signal });
