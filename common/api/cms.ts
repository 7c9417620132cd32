import { z } from 'zod';
import { coverUrl, editTrackInput } from '../cms/cms-edit';
import { CMS_TRACK_FILTERS, type CmsOverview, type CmsStats, type CmsTrack } from '../cms/cms-messages';
import { ROLES, USER_SEARCH_MAX } from '../constants';
import { PLACEHOLDER_FILES, PLACEHOLDER_MSG, type PlaceholderCover } from '../cms/placeholders';
import { docId } from '../schemas';
import type { AppSettings } from '../cms/settings';
import { saveSettingsInput } from '../cms/settings-schema';
import { SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '../contest/contest';
import { USERS_MSG, type AuditPerson, type CmsAuditEntry, type CmsLedgerEntry, type CmsPage, type CmsUser } from '../accounts/users-messages';
import { endpoint, json, jsonBody, noFields, other } from './contract';
import { tokenPricing } from './pricing';

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

/**
 * Answers of the /api/cms endpoints: each schema is checked against the TypeScript type the
 * client reads (common/cms, common/accounts), which stays where it is (no zod in those modules).
 */
const count = z.int().min(0);
/** The circulating tokens' change over a week may be negative (more spent than granted). */
const cmsStats = z.strictObject({ total_users: count, active_tracks: count, vote_sessions: count, tokens_circulating: z.number() }) satisfies z.ZodType<CmsStats>;
const cmsOverview: z.ZodType<CmsOverview> = cmsStats.extend({ week: cmsStats.meta({ title: 'CmsStats' }) }).meta({ title: 'CmsOverview' });

const appSettings: z.ZodType<AppSettings> = z
  .strictObject({
    pricing: tokenPricing,
    orders: z.strictObject({ cash_expiry_hours: z.int().min(1) }),
    migration: z.strictObject({ user_threshold: z.int().min(1), migration_enabled: z.boolean() }),
  })
  .meta({ title: 'AppSettings' });

const cmsTrack: z.ZodType<CmsTrack> = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    artist_name: z.string(),
    genre: z.string(),
    is_ai: z.boolean(),
    song_type: z.enum(SONG_TYPES),
    submission_type: z.enum(SUBMISSION_ROUTES),
    status: z.enum(TRACK_STATUSES),
    cover_art_url: z.string().nullable(),
    preview_start_time: z.number(),
    duration_seconds: z.number(),
    creation_story: z.string().nullable(),
    hybrid_ai_elements: z.array(z.string()),
    hybrid_human_elements: z.array(z.string()),
    hybrid_tools_used: z.array(z.string()),
    submitted_by: z.string(),
    created_at: z.string(),
    has_video: z.boolean(),
    /** Signed URL of the full original (valid 3600 s); null when it could not be signed. */
    audio_url: z.string().nullable(),
    stats: z.strictObject({ total_votes: count, fool_rate: z.number(), rating: z.number().nullable(), rating_deviation: z.number().nullable() }),
  })
  .meta({ title: 'CmsTrack' });
const track = json(z.strictObject({ track: cmsTrack }).meta({ title: 'CmsTrackAnswer' }));
const cmsTracks = z.strictObject({ tracks: z.array(cmsTrack) }).meta({ title: 'CmsTracks' });

const placeholderCover: z.ZodType<PlaceholderCover> = z
  .strictObject({ filename: z.string(), local_url: z.string(), stored_url: z.string().nullable() })
  .meta({ title: 'PlaceholderCover' });
const placeholderCovers = z.strictObject({ covers: z.array(placeholderCover) }).meta({ title: 'PlaceholderCovers' });

/** A page of a cursored list; `next` is opaque, null on the last page. */
const cmsPage = <T>(item: z.ZodType<T>, title: string): z.ZodType<CmsPage<T>> => z.strictObject({ items: z.array(item), next: z.string().nullable() }).meta({ title });
const cmsUser: z.ZodType<CmsUser> = z
  .strictObject({
    id: z.string(),
    username: z.string(),
    full_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    email: z.string().nullable(),
    roles: z.array(z.enum(ROLES)),
    balance: z.number(),
    created_at: z.string().nullable(),
    migration_status: z.string(),
  })
  .meta({ title: 'CmsUser' });
const cmsLedgerEntry: z.ZodType<CmsLedgerEntry> = z
  .strictObject({
    id: z.string(),
    delta: z.number(),
    reason: z.string(),
    note: z.string().nullable(),
    ref: z.string().nullable(),
    balance_after: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({ title: 'CmsLedgerEntry' });
const auditPerson: z.ZodType<AuditPerson> = z.strictObject({ id: z.string(), username: z.string().nullable(), email: z.string().nullable() }).meta({ title: 'AuditPerson' });
const cmsAuditEntry: z.ZodType<CmsAuditEntry> = z
  .strictObject({
    id: z.string(),
    action: z.string(),
    actor: auditPerson,
    target: auditPerson.nullable(),
    /** The audited document's fields before and after (null when there is none). */
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ title: 'CmsAuditEntry' });

/** The admin CMS under /api/cms (functions/src/cms/router.ts); every endpoint needs admin at least. */
export const cms = {
  overview: endpoint({ method: 'GET', path: '/api/cms/overview', access: 'admin', summary: 'Totals and this week’s', response: json(cmsOverview) }),
  getSettings: endpoint({ method: 'GET', path: '/api/cms/config', access: 'admin', summary: 'Every price and grant', response: json(appSettings) }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/cms/config',
    access: 'admin',
    summary: 'Saves a partial settings patch, audited',
    superAdminParts: 'A save naming a setting that creates tokens (the signup grant, the daily token, the referral reward) or the migration settings (403 for admins)',
    body: jsonBody(saveSettingsInput, true),
    response: json(appSettings),
  }),
  listTracks: endpoint({ method: 'GET', path: '/api/cms/tracks', access: 'admin', summary: 'Tracks by status', query: listTracksQuery, response: json(cmsTracks) }),
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
  placeholders: endpoint({ method: 'GET', path: '/api/cms/placeholders', access: 'admin', summary: 'The 26 placeholder covers and which are stored', response: json(placeholderCovers) }),
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
  users: endpoint({ method: 'GET', path: '/api/cms/users', access: 'admin', summary: 'Users by username or email prefix, a page at a time', query: listUsersQuery, response: json(cmsPage(cmsUser, 'CmsUsers')) }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/cms/users/:id/ledger',
    access: 'admin',
    summary: "A user's token ledger, a page at a time",
    params: userIdParams,
    query: pageQuery,
    response: json(cmsPage(cmsLedgerEntry, 'CmsLedger')),
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/cms/audit',
    access: 'super',
    denied: USERS_MSG.auditSuperOnly,
    summary: 'The audit log, a page at a time',
    query: pageQuery,
    response: json(cmsPage(cmsAuditEntry, 'CmsAudit')),
  }),
} as const;
