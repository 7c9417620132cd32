import type { Firestore } from 'firebase-admin/firestore';
import type { Env } from './env';
import { azuracastStation } from './platform/station/azuracast-station';
import { chainOf } from './platform/chain/chain-of';
import type { AuthGateway, Deps } from './platform/deps';
import { stripePayments } from './platform/payments';
import { smtpMailer } from './platform/mail/smtp-mailer';
import type { ObjectStorage } from './platform/storage/storage';

/** What the caller makes itself: where the data, accounts and files live, and the clock. */
type Base<S extends ObjectStorage> = { db: Firestore; auth: AuthGateway; storage: S; env: Env; ffmpegPath: string; now: () => number };

/** Adapters a caller may bring instead of those the environment names (the API tests' in-memory station and mailer). */
type Swaps = Partial<Pick<Deps, 'station' | 'chain' | 'mailer'>>;

/**
 * The API's dependencies: the one assembly that the functions' entry point (index.ts), the local
 * stack (scripts/stack.ts) and the API tests (tests/api/harness.ts) share. The environment decides
 * the adapters: Stripe's mode, the station, the chain and the SMTP server, each null where none is
 * configured (env.ts refuses a half-configured one at start).
 */
export function buildDeps<S extends ObjectStorage>(base: Base<S>, swaps: Swaps = {}): Deps & { storage: S } {
  const { env, now } = base;
  return {
    ...base,
    payments: stripePayments(env.payments),
    // Without a configured station the radio queue keeps the manual download flow only.
    station: 'station' in swaps ? (swaps.station ?? null) : env.station ? azuracastStation(env.station) : null,
    chain: 'chain' in swaps ? (swaps.chain ?? null) : chainOf(env.chain, now),
    mailer: 'mailer' in swaps ? (swaps.mailer ?? null) : env.mail ? smtpMailer(env.mail) : null,
  };
}
