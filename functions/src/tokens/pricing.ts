import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { DEFAULT_PRICING } from '../../../common/constants';
import { AD_DURATIONS, AD_TIERS, DEFAULT_AD_PRICES, type AdPrices } from '../../../common/radio';
import { COL } from '../platform/collections';

export type Pricing = {
  signup_grant: number;
  daily_drip: number;
  vote_session_cost: number;
  contest_entry_cost: number;
  marketplace: { basic: number; featured: number };
  referral_reward: number;
  /** A music track into the radio queue. */
  radio_upload_cost: number;
  /** An advertisement, per tier and slot length. */
  radio_ads: AdPrices;
};

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
/** A token price: a whole number of tokens, at least 0 (anything else falls back). */
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
    signup_grant: num(p.signup_grant, DEFAULT_PRICING.signup_grant),
    daily_drip: num(p.daily_drip, DEFAULT_PRICING.daily_drip),
    vote_session_cost: num(p.vote_session_cost, DEFAULT_PRICING.vote_session_cost),
    contest_entry_cost: num(p.contest_entry_cost, DEFAULT_PRICING.contest_entry_cost),
    marketplace: {
      basic: num(m.basic, DEFAULT_PRICING.marketplace.basic),
      featured: num(m.featured, DEFAULT_PRICING.marketplace.featured),
    },
    referral_reward: num(p.referral_reward, DEFAULT_PRICING.referral_reward),
    radio_upload_cost: price(p.radio_upload_cost, DEFAULT_PRICING.radio_upload_cost),
    radio_ads: adPricesFrom(p.radio_ads),
  };
}

export const appConfigRef = (db: Firestore) => db.collection(COL.appConfig).doc('1');

/** Pricing read inside a transaction, so a grant uses the amounts in force when it commits. */
export async function readPricing(db: Firestore, tx: Transaction): Promise<Pricing> {
  return pricingFrom((await tx.get(appConfigRef(db))).data());
}
