import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { rateLimitedMessage, type RateLimitName } from '../../../../common/rate-limits';
import { COL } from '../firestore/collections';
import type { Deps } from '../deps';
import { rateLimited } from './errors';
import { parseStored } from '../firestore/typed-collection';

/** rate_limits/{limit}:{hashed key}:{window start} as stored: the window's count, until when it is kept. */
const storedCounter = z.object({ limit: z.string(), count: z.number(), expires_at: z.instanceof(Timestamp) });
const countIn = (snap: DocumentSnapshot | undefined): number => (snap?.exists ? parseStored(storedCounter, COL.rateLimits, snap.id, snap.data()).count : 0);

/** Counter documents outlive their window by this much before Firestore's TTL deletes them. */
const TTL_GRACE_MS = 86_400_000;

/** A fixed-window request counter, checked and bumped inside a transaction. */
export type RateLimitCounter = {
  ref: DocumentReference;
  /**
   * Given the counter as the transaction read it: throws the 429 (with Retry-After) when the
   * window is full, otherwise returns the write that counts this request (to run after the
   * transaction's last read).
   */
  admit(snap: DocumentSnapshot | undefined): (tx: Transaction) => void;
};

/** The counter of `key` (a user id, or a client IP) against the fixed-window limit `name`, for this moment's window. */
export function rateLimitCounter(deps: Deps, name: RateLimitName, key: string): RateLimitCounter {
  const { max, windowSeconds } = deps.env.rateLimits[name];
  const nowSeconds = Math.floor(deps.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  // Hashed: IP addresses are personal data and need not be stored as such.
  const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 22);
  const ref = deps.db.collection(COL.rateLimits).doc(`${name}:${hashed}:${windowStart}`);
  return {
    ref,
    admit(snap) {
      const count = countIn(snap);
      if (count >= max) {
        const retryAfter = Math.max(1, windowStart + windowSeconds - nowSeconds);
        throw rateLimited(rateLimitedMessage(retryAfter), retryAfter);
      }
      return (tx) => tx.set(ref, { limit: name, count: count + 1, expires_at: Timestamp.fromMillis((windowStart + windowSeconds) * 1000 + TTL_GRACE_MS) });
    },
  };
}

/** Counts one request on `counter` in a transaction of its own (see consumeRateLimit). */
export async function admitAlone(db: Firestore, counter: RateLimitCounter): Promise<void> {
  await db.runTransaction(async (tx) => counter.admit(await tx.get(counter.ref))(tx));
}

/**
 * Gives back one request `counter` counted: what it admitted failed on our side (a service it
 * needs refused), so the caller's allowance is not spent on it.
 */
export async function refund(db: Firestore, counter: RateLimitCounter): Promise<void> {
  await db.runTransaction(async (tx) => {
    const count = countIn(await tx.get(counter.ref));
    if (count > 0) tx.update(counter.ref, { count: count - 1 });
  });
}

/**
 * Counts one request of `key` against the limit `name` in a transaction of its own, so the
 * limit holds across function instances. Over the limit: a 429 with Retry-After, and nothing
 * is written (the caller has not started its own work yet). A caller that writes in a
 * transaction anyway can count the request in it instead (rateLimitCounter), one round trip less.
 * Returns the counter, for a `refund` when the work fails on our side.
 */
export async function consumeRateLimit(deps: Deps, name: RateLimitName, key: string): Promise<RateLimitCounter> {
  const counter = rateLimitCounter(deps, name, key);
  await admitAlone(deps.db, counter);
  return counter;
}

/** The key of a limit counted over every caller at once (the global sign-up budget). */
export const EVERYONE = '*';

/**
 * Counts one request against several limits in one transaction: all of them admit it, or none
 * counts it (a 429 from the first one full, with nothing written).
 */
export async function consumeRateLimits(deps: Deps, limits: ReadonlyArray<readonly [RateLimitName, string]>): Promise<void> {
  const counters = limits.map(([name, key]) => rateLimitCounter(deps, name, key));
  await deps.db.runTransaction(async (tx) => {
    const snaps = await Promise.all(counters.map((c) => tx.get(c.ref)));
    const writes = counters.map((c, i) => c.admit(snaps[i]));
    for (const write of writes) write(tx);
  });
}
