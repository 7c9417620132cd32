import * as z from 'zod/mini';
import { oneLine } from '../one-line';
import { changeTime as updatedAt, docKey as id, publicFieldsOf, rxSchemaOf } from '../rx-schema';

/** Radio submissions: one definition for the API, replication and the client's RxDB (spec §3, §4). */

export const RADIO_SUBMISSION_TYPES = ['music', 'advertisement'] as const;
export type RadioSubmissionType = (typeof RADIO_SUBMISSION_TYPES)[number];

export const RADIO_STATUSES = ['pending', 'approved', 'rejected', 'uploaded', 'scheduled', 'broadcasted'] as const;
export type RadioStatus = (typeof RADIO_STATUSES)[number];

export const RADIO_PAYMENT_STATUSES = ['unpaid', 'paid'] as const;

/** Ad slot lengths in seconds; a file's measured length must match its slot (within the tolerance). */
export const AD_DURATIONS = [15, 30, 60] as const;
export type AdDuration = (typeof AD_DURATIONS)[number];
export const AD_DURATION_TOLERANCE_SECONDS = 1;

export const AD_TIERS = ['standard', 'premium', 'prime'] as const;
export type AdTier = (typeof AD_TIERS)[number];

/** Token prices per tier and slot length; app_config `data.pricing.radio_ads` overrides them (docs/adr/0036-radio-submissions-and-the-queue.md). */
export type AdPrices = Record<AdTier, Record<`${AdDuration}`, number>>;
export const DEFAULT_AD_PRICES: AdPrices = {
  standard: { '15': 150, '30': 250, '60': 400 },
  premium: { '15': 300, '30': 500, '60': 800 },
  prime: { '15': 600, '30': 1000, '60': 1600 },
};

/** Where a submission's file goes on the station: /{folder}/{year}/{month}/{file}, month 2-digit (spec §7). */
export const RADIO_FOLDERS: Record<RadioSubmissionType, string> = { music: 'music', advertisement: 'ads' };

export function sftpPath(type: RadioSubmissionType, at: Date, fileName: string): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `/${RADIO_FOLDERS[type]}/${at.getUTCFullYear()}/${month}/${fileName}`;
}

/** Longest title part of a station file name (the id keeps names unique). */
const FILE_SLUG_MAX = 60;

/**
 * The station file name of a submission: the title as a lower-case ASCII slug (letters, digits,
 * single dashes; 'track' when nothing is left), then the submission id, then .mp3. Safe on any
 * file system and in a URL; the client shows it in the SFTP path.
 */
export function radioFileName(title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FILE_SLUG_MAX)
    .replace(/-+$/, '');
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '');
  return `${slug || 'track'}-${safeId}.mp3`;
}

/** The music submission of a track has this id: one per track, so two sends cannot both create one. */
export const musicSubmissionId = (trackId: string): string => `music_${trackId}`;

/** How far ahead a broadcast may be scheduled (the dialog's max; the API refuses later times). */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

const nullableText = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

/** A radio submission as the API and replication send it (to its owner and to admins only); the server's stored submission extends it. */
export const radioSubmissionDoc = z.object({
  id,
  user_id: z.string(),
  track_id: nullableText,
  submission_type: z.enum(RADIO_SUBMISSION_TYPES),
  status: z.enum(RADIO_STATUSES),
  payment_status: z.enum(RADIO_PAYMENT_STATUSES),
  payment_amount: z.number(),
  ad_audio_url: nullableText,
  ad_tier: nullableText,
  ad_duration_seconds: nullableNumber,
  sftp_uploaded: z.boolean(),
  sftp_upload_error: nullableText,
  /** Where the file went (or goes) on the station, by the SFTP path pattern. */
  sftp_path: nullableText,
  scheduled_broadcast_time: nullableText,
  created_at: z.string(),
  /** The related track (music), or the ad's own name. */
  track_title: nullableText,
  track_artist: nullableText,
  updatedAt,
});
export type RadioSubmissionRxDoc = z.infer<typeof radioSubmissionDoc>;
export type RadioSubmission = Omit<RadioSubmissionRxDoc, 'updatedAt'>;
export const RADIO_SUBMISSION_PUBLIC_FIELDS = publicFieldsOf(radioSubmissionDoc.shape);
export const radioSubmissionRxSchema = rxSchemaOf(radioSubmissionDoc, { version: 0 });

/** The music request body (create-radio-submission); the server decides the price. */
export const radioMusicInput = z.strictObject({ track_id: z.string().check(z.minLength(1), z.maxLength(128)), submission_type: z.literal('music') });
export type RadioMusicInput = z.infer<typeof radioMusicInput>;

/** The admin quick send. */
export const radioQuickSendInput = z.strictObject({ track_id: z.string().check(z.minLength(1), z.maxLength(128)) });

/** The ad form's file field (multipart), and its text fields (they come first). */
export const AD_AUDIO_FIELD = 'audio';
export const AD_NAME_MAX = 80;
export const radioAdFields = z.strictObject({
  tier: z.enum(AD_TIERS),
  duration_seconds: z.enum(['15', '30', '60']),
  // One line of visible text: the station file and the now-playing line are named after it.
  name: z.string().check(z.overwrite(oneLine), z.minLength(1), z.maxLength(AD_NAME_MAX)),
});
export type RadioAdFields = z.infer<typeof radioAdFields>;

/** Scheduling: an ISO date-time. */
export const radioScheduleInput = z.strictObject({ scheduled_broadcast_time: z.iso.datetime({ offset: true }) });

/**
 * What a submission's payment badge says: `payment_status` (the spec's unpaid | paid) read with
 * its amount and status. A paid one of 0 tokens was free (a super admin's send, an admin's quick
 * send); an unpaid one that cost tokens and was turned down had them given back.
 */
export type PaymentLabel = 'paid' | 'free' | 'refunded' | 'unpaid';
export function paymentLabel(s: Pick<RadioSubmission, 'payment_status' | 'payment_amount' | 'status'>): PaymentLabel {
  if (s.payment_status === 'paid') return s.payment_amount > 0 ? 'paid' : 'free';
  return s.payment_amount > 0 && s.status === 'rejected' ? 'refunded' : 'unpaid';
}

