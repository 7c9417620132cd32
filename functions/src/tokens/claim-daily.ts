import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { readBalance, writeLedgerEntry } from './ledger';
import { readPricing } from './pricing';

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** claim-daily-token: grants daily_drip once per UTC day, decided in one transaction; `tokens` is what it granted. */
async function claimDailyToken(deps: Deps, userId: string): Promise<{ granted: boolean; tokens: number; balance: number; last_grant_date: string }> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const grantRef = db.collection(COL.dailyGrants).doc(userId);
    const [grant, profile] = await Promise.all([tx.get(grantRef), tx.get(db.collection(COL.profiles).doc(userId))]);
    if (!profile.exists) throw notFound('Profile not found');
    const today = utcDay(deps.now());
    const balance = await readBalance(db, tx, userId);
    if (grant.get('last_grant_date') === today) return { granted: false, tokens: 0, balance, last_grant_date: today };
    const pricing = await readPricing(db, tx);
    const nowIso = new Date(deps.now()).toISOString();
    tx.set(grantRef, { user_id: userId, last_grant_date: today, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
    const after = pricing.daily_drip > 0
      ? writeLedgerEntry(db, tx, balance, { userId, delta: pricing.daily_drip, reason: 'daily_drip', ref: today }, nowIso)
      : balance;
    return { granted: true, tokens: pricing.daily_drip, balance: after, last_grant_date: today };
  });
}

/** POST /api/tokens/claim-daily */
export const claimDaily =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const caller = requireCaller(res);
    res.json(await claimDailyToken(deps, caller.uid));
  };
