import { z } from 'zod';
import { coverUrl, editTrackInput } from '../cms/cms-edit';
import { CMS_TRACK_FILTERS, type CmsOverview, type CmsTrack } from '../cms/cms-messages';
import { USER_SEARCH_MAX } from '../constants';
import { PLACEHOLDER_FILES, PLACEHOLDER_MSG, type PlaceholderCover } from '../cms/placeholders';
import { docId } from '../schemas';
import type { AppSettings } from '../cms/settings';
import { saveSettingsInput } from '../cms/settings-schema';
import { USERS_MSG, type CmsAuditEntry, type CmsLedgerEntry, type CmsPage, type CmsUser } from '../accounts/users-messages';
import { endpoint, json, jsonBody, noFields, other, typed } from './contract';

/** Request shapes of the /api/cms endpoints (strict: unknown fields are a 400). */
export const trackIdParams = z.object({ id: docId });
export const listTracksQuery = z.strictObject({ status: z.enum(CMS_TRACK_FILTERS).default('all') });
export const approveInput = z.strictObject({ cover_art_url: coverUrl.optional() });
/** GET /api/cms/users?q=&cursor= — q searches usernames and emails by prefix. */
export const listUsersQuery = z.strictObject({ q: z.string().trim().max(USER_SEARCH_MAX).optional(), cursor: z.string().max(2000).optional() });
/** GET /api/cms/users/:id/ledger?cursor= and GET /api/cms/audit?cursor= */
export const pageQuery = z.strictObject({ cursor: z.string().max(2000).optional() });
export const userIdParams = z.object({ id: docId });
export const filenameParams = z.strictObject({ filename: z.string().refine((f) => PLACEHOLDER_FILES.includes(f), PLACEHOLDER_MSG.unknownFile) });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Must be a real date');
/** The ledger report's range: UTC days, both inclusive, each optional. */
export const exportRangeInput = z.strictObject({ from: day.optional(), to: day.optional() });

const track = typed<{ track: CmsTrack }>('CmsTrackAnswer');

/** The admin CMS under /api/cms (functions/src/cms/router.ts); every endpoint needs admin at least. */
export const cms = {
  overview: endpoint({ method: 'GET', path: '/api/cms/overview', access: 'admin', summary: 'Totals and this week’s', response: typed<CmsOverview>('CmsOverview') }),
  getSettings: endpoint({ method: 'GET', path: '/api/cms/config', access: 'admin', summary: 'Every price and grant', response: typed<AppSettings>('AppSettings') }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/cms/config',
    access: 'admin',
    summary: 'Saves a partial settings patch, audited',
    superAdminParts: 'A save naming a setting that creates tokens (the signup grant, the daily token, the referral reward) or the migration settings (403 for admins)',
    body: jsonBody(saveSettingsInput, true),
    response: typed<AppSettings>('AppSettings'),
  }),
  listTracks: endpoint({ method: 'GET', path: '/api/cms/tracks', access: 'admin', summary: 'Tracks by status', query: listTracksQuery, response: typed<{ tracks: CmsTrack[] }>('CmsTracks') }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/cms/export/:file',
    access: 'admin',
    summary: 'A CSV report: users.csv, tracks.csv, orders.csv, ledger.csv (?from&to, UTC days)',
    params: z.object({ file: z.string() }),
    query: exportRangeInput,
    checkedBy: 'handler',
    response: other('csv', 200, 'text/csv'),
  }),
  approve: endpoint({ method: 'POST', path: '/api/cms/tracks/:id/approve', access: 'admin', summary: 'Approves a pending track', params: trackIdParams, body: jsonBody(approveInput, true), response: track }),
  reject: endpoint({ method: 'POST', path: '/api/cms/tracks/:id/reject', access: 'admin', summary: 'Rejects a track', params: trackIdParams, body: jsonBody(noFields, true), response: track }),
  deleteTrack: endpoint({
    method: 'POST',
    path: '/api/cms/tracks/:id/delete',
    access: 'admin',
    summary: 'Deletes a track and its files',
    params: trackIdParams,
    body: jsonBody(noFields, true),
    response: json(z.object({ id: z.string(), deleted: z.literal(true) })),
  }),
  editTrack: endpoint({ method: 'POST', path: '/api/cms/tracks/:id', access: 'admin', summary: "Edits a track's fields", params: trackIdParams, body: jsonBody(editTrackInput), response: track }),
  placeholders: endpoint({ method: 'GET', path: '/api/cms/placeholders', access: 'admin', summary: 'The 26 placeholder covers and which are stored', response: typed<{ covers: PlaceholderCover[] }>('PlaceholderCovers') }),
  migratePlaceholders: endpoint({
    method: 'POST',
    path: '/api/cms/placeholders/migrate-tracks',
    access: 'admin',
    summary: 'Moves tracks with a local placeholder cover onto the stored one',
    body: jsonBody(noFields, true),
    response: json(z.object({ updated: z.number() })),
  }),
  uploadPlaceholder: endpoint({
    method: 'POST',
    path: '/api/cms/placeholders/:filename',
    access: 'admin',
    summary: 'Stores one placeholder cover (multipart `image`, a JPEG), overwriting',
    params: filenameParams,
    body: { kind: 'multipart', fields: noFields, files: ['image'] },
    checkedBy: 'handler',
    response: json(z.object({ filename: z.string(), url: z.string() })),
  }),
  users: endpoint({ method: 'GET', path: '/api/cms/users', access: 'admin', summary: 'Users by username or email prefix, a page at a time', query: listUsersQuery, response: typed<CmsPage<CmsUser>>('CmsUsers') }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/cms/users/:id/ledger',
    access: 'admin',
    summary: "A user's token ledger, a page at a time",
    params: userIdParams,
    query: pageQuery,
    response: typed<CmsPage<CmsLedgerEntry>>('CmsLedger'),
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/cms/audit',
    access: 'super',
    denied: USERS_MSG.auditSuperOnly,
    summary: 'The audit log, a page at a time',
    query: pageQuery,
    response: typed<CmsPage<CmsAuditEntry>>('CmsAudit'),
  }),
} as const;
