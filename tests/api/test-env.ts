import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../common/rate-limits';
import type { Env } from '../../functions/src/env';

/** Limits high enough that no test trips them unless it means to (tests/api/rate-limits.test.ts does). */
const RELAXED_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1_000_000, windowSeconds: 60 }]),
) as RateLimits;

export const TEST_WEBHOOK_SECRET = 'whsec_test_harness_secret';
export const TEST_APP_URL = 'http://app.test';

/** The configuration the in-process API runs with: emulated, local checkout, relaxed limits, tracks ranked from one vote. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    emulated: true,
    appUrl: TEST_APP_URL,
    allowedOrigins: [TEST_APP_URL],
    payments: { mode: 'local', webhookSecret: TEST_WEBHOOK_SECRET },
    rateLimits: RELAXED_LIMITS,
    localStorage: null,
    station: null,
    chain: null,
    mail: null,
    // One vote ranks a track, as the fixtures vote little; leaderboards.test.ts sets its own minimum.
    contest: { voteShards: 10, minRankedVotes: 1 },
    cursorSecret: 'test-cursor-secret',
    // Every JSON answer must match its declared schema (common/api): a mismatch is a 500 naming it.
    checkReplies: true,
    ...overrides,
  };
}
