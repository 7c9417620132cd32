/** Firestore collection names, in one place. */
export const COL = {
  profiles: 'profiles',
  usernames: 'usernames',
  userRoles: 'user_roles',
  balances: 'token_balances',
  ledger: 'token_ledger',
  ledgerKeys: 'ledger_keys',
  dailyGrants: 'daily_token_grants',
  coupons: 'coupons',
  couponRedemptions: 'coupon_redemptions',
  appConfig: 'app_config',
  migrationConfig: 'migration_config',
  migrationLog: 'migration_log',
  /** migration_runs/{id}: a token migration run (state, forced, lock period), server-only. */
  migrationRuns: 'migration_runs',
  tracks: 'tracks',
  /** Server-only: opaque clip id -> track and stored clip file. */
  clips: 'clips',
  trackStats: 'track_stats',
  /** insights/global: the insights' aggregates (insights/aggregates.ts). */
  insights: 'insights',
  /** insight_deltas/{id}: counts the next insights refresh adds up; server-only. */
  insightDeltas: 'insight_deltas',
  /** insight_tracks/{trackId}: a contest track's per-type counts, held until it leaves the contest; server-only. */
  insightTracks: 'insight_tracks',
  /** contest_ratings/median: the median listener rating (voting/ratings.ts). */
  contestRatings: 'contest_ratings',
  /** track_stats/{trackId}/vote_shards/{n}: one of a track's vote counters (voting/vote-shards.ts), server-only. */
  voteShards: 'vote_shards',
  /** The former flat shards (track_vote_shards/{trackId}_{n}), moved under track_stats by the rollup. */
  legacyVoteShards: 'track_vote_shards',
  voteSessions: 'vote_sessions',
  votes: 'votes',
  /** One per (user, track): the lock that makes a vote count once. */
  voteKeys: 'vote_keys',
  userVoteStats: 'user_vote_stats',
  leaderboardSummary: 'leaderboard_summary',
  /** weekly_earnings/{week}_{uid}: tokens a user earned in a UTC week (week = its Monday, YYYY-MM-DD). */
  weeklyEarnings: 'weekly_earnings',
  /** submission_keys/{uid}:{Idempotency-Key}: the first response of a submission. */
  submissionKeys: 'submission_keys',
  /** checkout_sessions/{id}: a token-pack checkout (Stripe or the local checkout page). */
  checkoutSessions: 'checkout_sessions',
  /** stripe_events/{eventId}: created with the credit, so an event credits once. */
  stripeEvents: 'stripe_events',
  /** orders/{id}: marketplace orders, replicated to their buyer and seller (party_ids). */
  orders: 'orders',
  /** marketplace_listings/{id}: public listings of marketplace tracks. */
  listings: 'marketplace_listings',
  /** contest_audio/{content key}: the contest track of that audio (one at a time), taken in the submission's transaction. */
  contestAudio: 'contest_audio',
  /** audio_prints/{id}: an upload's acoustic fingerprint (tracks/fingerprint.ts; tracks name it by `print_id`), server-only. */
  audioPrints: 'audio_prints',
  /** contest_prints/{print key}: the lock concurrent contest entries of acoustic twins all read and write (tracks/acoustic-twins.ts). */
  contestPrints: 'contest_prints',
  /** listing_copies_due/{trackId}: a track whose listings' copies the next leaderboard refresh brings up to date (marketplace/refresh-copies.ts); server-only. */
  listingCopiesDue: 'listing_copies_due',
  /** listing_tracks/{trackId}: the track's live listing (one per track), taken in the create's transaction. */
  listingTracks: 'listing_tracks',
  /** purchase_keys/{buyerId}_{listingId}: the buyer's open order or licence for a listing (one at a time). */
  purchaseKeys: 'purchase_keys',
  /** order_keys/{uid}:{Idempotency-Key}: the first response of a keyed order. */
  orderKeys: 'order_keys',
  /** rate_limits/{limit}:{hashed key}:{window start}: fixed-window request counters (TTL on expires_at). */
  rateLimits: 'rate_limits',
  /** referrals/{refereeUid}: a referral, rewarded once the referee verifies their email. */
  referrals: 'referrals',
  /** referral_days/{referrerUid}:{YYYY-MM-DD}: rewards paid to a referrer that day (the daily cap). */
  referralDays: 'referral_days',
  /**
   * radio_submissions/{id}: paid radio queue entries (music: music_{trackId}, one per track;
   * ads: random ids), replicated to their owner and to admins.
   */
  radioSubmissions: 'radio_submissions',
  /** radio_keys/{uid}:{Idempotency-Key}: the first response of a keyed radio submission or ad. */
  radioKeys: 'radio_keys',
  /**
   * audit_log/{id}: server-only record of every config, role, token and migration change by an
   * admin (who, when, before, after); super admins read it in the CMS.
   */
  auditLog: 'audit_log',
  /**
   * mail/{id}: one outgoing message, in the "Trigger Email from Firestore" extension's shape
   * (to, message or template, delivery state); server-only (platform/mail/mail.ts).
   */
  mail: 'mail',
  /** mail_templates/{name}: an admin's edit of a mail template (subject, body); defaults in mail/templates.ts. */
  mailTemplates: 'mail_templates',
  /** mail_prefs/{uid}: campaign mail on or off, and the user's unsubscribe token (server-only). */
  mailPrefs: 'mail_prefs',
  /** mail_campaigns/{id}: an Email All Users campaign (subject, body, progress cursor), server-only. */
  mailCampaigns: 'mail_campaigns',
} as const;
