import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { rateLimitedMessage, type RateLimitName } from '../../../common/rate-limits';
import { COL } from './collections';
import type { Deps } from './deps';
import { rateLimited } from './errors';

/** Counter documents outlive their window by this much before Firestore's TTL deletes them. */
const TTL_GRACE_MS = 86_400_000;

/**
 * Counts one request of `key` (a user id, or a client IP) against the fixed-window limit
 * `name`. The counter lives in Firestore and is checked and bumped in one transaction, so the
 * limit holds across function instances. Over the limit: a 429 with Retry-After, and nothing
 * is written (the caller has not started its own work yet).
 */
export async function consumeRateLimit(deps: Deps, name: RateLimitName, key: string): Promise<void> {
  const { max, windowSeconds } = deps.config.rateLimits[name];
  const nowSeconds = Math.floor(deps.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  // Hashed: IP addresses are personal data and need not be stored as such.
  const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 22);
  const ref = deps.db.collection(COL.rateLimits).doc(`${name}:${hashed}:${windowStart}`);
  const allowed = await deps.db.runTransaction(async (tx) => {
    const count = ((await tx.get(ref)).get('count') as number | undefined) ?? 0;
    if (count >= max) return false;
    tx.set(ref, { limit: name, count: count + 1, expires_at: Timestamp.fromMillis((windowStart + windowSeconds) * 1000 + TTL_GRACE_MS) });
    return true;
  });
  if (!allowed) {
    const retryAfter = Math.max(1, windowStart + windowSeconds - nowSeconds);
    throw rateLimited(rateLimitedMessage(retryAfter), retryAfter);
  }
}
