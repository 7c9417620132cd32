import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { TokenPricing } from '../../../common/cms/settings';
import { DEFAULT_PRICING } from '../../../common/constants';
import { AD_DURATIONS, AD_TIERS, DEFAULT_AD_PRICES, type AdPrices } from '../../../common/radio/radio';
import { COL } from '../platform/firestore/collections';
import { priceChanged } from '../platform/http/errors';

/** The token prices and grants in force (app_config/1 data.pricing, or the defaults). */
export type Pricing = TokenPricing;

/** A body's `token_cost`: the price in tokens the caller was shown (optional; declared with the endpoints). */
export { shownTokenCost } from '../../../common/api/tokens';

/**
 * Money follows what the user saw: a price shown (`shown`) that is not the price now (`cost`)
 * is a 409 `price_changed` with the new one, before anything is charged. No price shown: not checked.
 */
export function checkShownPrice(shown: number | undefined, cost: number, message: (cost: number) => string, details?: Record<string, unknown>): void {
  if (shown !== undefined && shown !== cost) throw priceChanged(message(cost), cost, details);
}

/** A stored token amount: a whole number of tokens, at least 0 (anything else falls back to the default). */
const price = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback);

/** The ad prices in force: each tier and slot from app_config when it is a price, else the default. */
function adPricesFrom(value: unknown): AdPrices {
  const tiers = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    AD_TIERS.map((tier) => {
      const slots = (tiers[tier] ?? {}) as Record<string, unknown>;
      return [tier, Object.fromEntries(AD_DURATIONS.map((d) => [String(d), price(slots[String(d)], DEFAULT_AD_PRICES[tier][`${d}`])]))];
    }),
  ) as AdPrices;
}

export function pricingFrom(data: Record<string, unknown> | undefined): Pricing {
  const p = ((data?.data as Record<string, unknown> | undefined)?.pricing ?? {}) as Record<string, unknown>;
  const m = (p.marketplace ?? {}) as Record<string, unknown>;
  return {
    signup_grant: price(p.signup_grant, DEFAULT_PRICING.signup_grant),
    daily_drip: price(p.daily_drip, DEFAULT_PRICING.daily_drip),
    vote_session_cost: price(p.vote_session_cost, DEFAULT_PRICING.vote_session_cost),
    contest_entry_cost: price(p.contest_entry_cost, DEFAULT_PRICING.contest_entry_cost),
    marketplace: {
      basic: price(m.basic, DEFAULT_PRICING.marketplace.basic),
      featured: price(m.featured, DEFAULT_PRICING.marketplace.featured),
    },
    referral_reward: price(p.referral_reward, DEFAULT_PRICING.referral_reward),
    radio_upload_cost: price(p.radio_upload_cost, DEFAULT_PRICING.radio_upload_cost),
    radio_ads: adPricesFrom(p.radio_ads),
  };
}

export const appConfigRef = (db: Firestore) => db.collection(COL.appConfig).doc('1');

/** Pricing read inside a transaction, so a grant uses the amounts in force when it commits. */
export async function readPricing(db: Firestore, tx: Transaction): Promise<Pricing> {
  return pricingFrom((await tx.get(appConfigRef(db))).data());
}
