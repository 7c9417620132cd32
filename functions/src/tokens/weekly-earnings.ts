import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { LedgerReason } from '../../../common/constants';
import { COL } from '../platform/firestore/collections';
import { converter } from '../platform/firestore/typed-collection';

const DAY_MS = 86_400_000;

/** The week holding `iso`: the UTC date (YYYY-MM-DD) of its Monday, weeks running Monday to Sunday (ISO). */
export function weekOf(iso: string): string {
  const day = Math.floor(Date.parse(iso) / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What Weekly Earners counts: tokens the product gave for taking part (the sign-up bonus, the
 * daily token, a referral, a sale). Not tokens bought by card, granted by an admin or a coupon,
 * nor refunds: a public board of "earners" would rank who paid or was given the most, and show
 * by name how much someone bought.
 */
export const EARNED_REASONS: ReadonlySet<LedgerReason> = new Set<LedgerReason>(['signup_grant', 'daily_drip', 'referral_reward', 'marketplace_sale']);

export const weeklyEarningsRef = (db: Firestore, week: string, userId: string) => db.collection(COL.weeklyEarnings).doc(`${week}_${userId}`);

/** weekly_earnings/{week}_{uid} as stored (addWeeklyEarning). */
const storedEarnings = z.object({ week: z.string(), user_id: z.string(), earned: z.number() });
export const weeklyEarningsCol = (db: Firestore) => db.collection(COL.weeklyEarnings).withConverter(converter(storedEarnings, COL.weeklyEarnings));

/**
 * Adds `earned` tokens to the user's total of the week holding `nowIso`, in the caller's
 * transaction. An increment needs no read, so it fits after the transaction's writes began and
 * concurrent earnings of one user all count.
 */
export function addWeeklyEarning(db: Firestore, tx: Transaction, userId: string, earned: number, nowIso: string): void {
  const week = weekOf(nowIso);
  tx.set(weeklyEarningsRef(db, week, userId), { week, user_id: userId, earned: FieldValue.increment(earned) }, { merge: true });
}
