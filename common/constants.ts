/** Business constants from the spec (section 9). One source of truth for client and server. */

export const PRODUCT_NAME = 'Fool Rate';
export const CONTACT_EMAIL = 'hello@foolrate.app';

export const DEFAULT_PRICING = {
  signup_grant: 50,
  daily_drip: 1,
  vote_session_cost: 10,
  contest_entry_cost: 10,
  marketplace: { basic: 15, featured: 45 },
  referral_reward: 10,
  both_routes_cost: 20,
  radio_upload_cost: 1000,
} as const;

export const FREE_VOTING_DAYS = 7;
/** Referral rewards one referrer can earn per UTC day (each referee must verify their email first). */
export const REFERRAL_DAILY_CAP = 20;
export const DEFAULT_MIGRATION_THRESHOLD = 100_000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** The shortest password an account may have (Firebase Auth's own minimum). */
export const PASSWORD_MIN = 6;

export const CLIP_SECONDS = 45;
/** A marketplace preview: its own file, at most this long (the full track is for licensees). */
export const PREVIEW_SECONDS = 30;
export const FADE_IN_SECONDS = 1.5;
export const FADE_OUT_SECONDS = 2.5;
export const SLIDER_STEP_SECONDS = 0.1;
export const TRACKS_PER_SESSION = 10;
export const LEADERBOARD_ROWS = 10;
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const SIGNED_URL_SECONDS = 3600;
export const PLACEHOLDER_COVER_COUNT = 26;

export const TIMINGS_MS = {
  autoAdvance: 2000,
  welcomeRedirect: 2500,
  signInRedirect: 500,
  postSubmitRedirect: 1500,
  confetti: 3000,
  copyConfirm: 2000,
  cmsLoadingTimeout: 6000,
  downloadToast: 10000,
  radioMetadataPoll: 10000,
  /** A home section whose read failed tries again this often (and at once back online). */
  readRetry: 15000,
  /** My Tracks reads the user's tracks again this often (moderation and votes change them elsewhere), and when the tab is shown again. */
  myTracksPoll: 15000,
} as const;

export const RADIO_DEFAULT_VOLUME = 70;

export const TOKEN_PACKS = [
  { id: 'starter', name: 'Starter', tokens: 50, priceUsd: 4.99 },
  { id: 'pro', name: 'Pro', tokens: 150, priceUsd: 12.99, popular: true, savings: 'Save $2' },
  { id: 'premium', name: 'Premium', tokens: 300, priceUsd: 24.99, savings: 'Save $5' },
  { id: 'ultimate', name: 'Ultimate', tokens: 1000, priceUsd: 74.99, savings: 'Save $25' },
] as const;

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export type LedgerReason =
  | 'signup_grant'
  | 'referral_reward'
  | 'coupon'
  | 'daily_drip'
  | 'admin_grant'
  | 'admin_deduction'
  | 'submission_fee'
  | 'vote_session'
  | 'token_purchase'
  | 'marketplace_purchase'
  | 'marketplace_sale'
  | 'radio_submission'
  | 'radio_ad'
  /** A radio submission's tokens back to its payer: rejected, or its track withdrawn before it aired. */
  | 'radio_refund'
  | 'featured_listing'
  /** A card purchase's tokens taken back: Stripe refunded the charge or the card holder disputed it (may leave the balance below zero). */
  | 'purchase_reversed'
  /** A delta-0 marker: the token migration's snapshot of the balance (balance_after). */
  | 'migration_snapshot';

export const GENRES = ['Hip-Hop', 'Pop', 'Rock', 'Electronic', 'R&B', 'Classical', 'Jazz', 'Country', 'Other'] as const;

/** The CMS token adjustment's quick amounts (spec section 9): add 10, 50, 100; deduct 10, 50. */
export const ADMIN_TOKEN_QUICK_AMOUNTS = [10, 50, 100, -10, -50] as const;
/** The largest single admin adjustment, either way. */
export const ADMIN_TOKEN_ADJUST_MAX = 1_000_000;
/** The longest CMS user search (username or email). */
export const USER_SEARCH_MAX = 100;
/** The admin's reason (note) on an adjustment, kept on the ledger entry and in the audit log. */
export const ADJUST_NOTE_MAX = 200;
/** Rows per page of the CMS user list, a user's ledger and the audit log. */
export const CMS_PAGE_SIZE = 25;
