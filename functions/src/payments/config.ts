import Stripe from 'stripe';
import { TOKEN_PACKS } from '../../../common/constants';
import type { PaymentsConfig } from '../config';
import type { Deps } from '../platform/deps';
import { unavailable } from '../platform/errors';
import { log } from '../platform/log';

export type TokenPack = (typeof TOKEN_PACKS)[number];

export const packById = (id: unknown): TokenPack | undefined => TOKEN_PACKS.find((p) => p.id === id);

export const priceCents = (pack: TokenPack): number => Math.round(pack.priceUsd * 100);

export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';

/** The payments configuration when payments are on; otherwise a 503 (and the reason, logged). */
export function livePayments(deps: Deps): Exclude<PaymentsConfig, { mode: 'off' }> {
  const payments = deps.config.payments;
  if (payments.mode !== 'off') return payments;
  log.paymentsRefused(payments.reason);
  throw unavailable(PAYMENTS_UNAVAILABLE);
}

const clients = new Map<string, Stripe>();

/** One Stripe API client per secret key. */
export function stripeClient(secretKey: string): Stripe {
  let client = clients.get(secretKey);
  if (!client) clients.set(secretKey, (client = new Stripe(secretKey)));
  return client;
}
