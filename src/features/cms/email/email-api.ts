import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

/** The Email System tab's calls (/api/cms/email, docs/openapi.json). */
const ep = endpoints.mail;

export const sendTestEmail = () => call(ep.sendTest, { body: {} });

/** A new campaign; the key makes a repeated click answer the same campaign. */
export const createCampaign = (body: { subject: string; body: string }, key: string) => call(ep.campaign, { body, headers: { 'Idempotency-Key': key } });

export const createCouponCampaign = (code: string, key: string) => call(ep.couponCampaign, { body: { code }, headers: { 'Idempotency-Key': key } });

export const sendCampaignBatch = (id: string) => call(ep.sendBatch, { params: { id }, body: {} });

export const loadEmailLogs = (cursor: string | null, signal?: AbortSignal) => call(ep.logs, { query: { cursor }, signal });

export const loadTemplates = (signal?: AbortSignal) => call(ep.templates, { signal });

export const saveTemplate = (name: string, body: { subject: string; body: string }) => call(ep.saveTemplate, { params: { name }, body });

export const resetTemplate = (name: string) => call(ep.resetTemplate, { params: { name }, body: {} });

export const previewTemplate = (name: string, body: { subject: string; body: string }, signal?: AbortSignal) => call(ep.previewTemplate, { params: { name }, body, signal });
