import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { DEFAULT_PRICING } from '../../../common/constants';
import { COL } from '../platform/collections';

export type Pricing = {
  signup_grant: number;
  daily_drip: number;
  vote_session_cost: number;
  contest_entry_cost: number;
  marketplace: { basic: number; featured: number };
  referral_reward: number;
};

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

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
  };
}

export const appConfigRef = (db: Firestore) => db.collection(COL.appConfig).doc('1');

/** Pricing read inside a transaction, so a grant uses the amounts in force when it commits. */
export async function readPricing(db: Firestore, tx: Transaction): Promise<Pricing> {
  return pricingFrom((await tx.get(appConfigRef(db))).data());
}
