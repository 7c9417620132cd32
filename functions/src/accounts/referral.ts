import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { REFERRAL_DAILY_CAP } from '../../../common/constants';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { converter } from '../platform/firestore/typed-collection';
import type { Deps } from '../platform/deps';
import { oneTimeKeyUsed, readBalance, useOneTimeKey, writeLedgerEntry } from '../tokens/ledger';
import { readPricing } from '../tokens/pricing';
import { mailboxHash } from './mailbox';

/**
 * pending: waiting for the referee to verify their email; capped: the referrer had their day's
 * share; repeat: the referee's address had earned a referral before (a deleted account signed up
 * again); own_mailbox: the referee's address is the referrer's own mailbox (their second account).
 */
export const REFERRAL_STATUSES = ['none', 'pending', 'rewarded', 'capped', 'repeat', 'own_mailbox'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** referrals/{refereeUid} as stored (recordReferral, then its settlement). */
const storedReferral = z.object({ referrer_uid: z.string(), status: z.enum(REFERRAL_STATUSES) });
const referralsCol = (db: Firestore) => db.collection(COL.referrals).withConverter(converter(storedReferral, COL.referrals));
/** referral_days/{referrerUid}:{day}: the rewards paid to the referrer that day. */
const storedDay = z.object({ referrer_uid: z.string().optional(), count: z.number() });
const referralDaysCol = (db: Firestore) => db.collection(COL.referralDays).withConverter(converter(storedDay, COL.referralDays));

/** A referral's key of the mailbox an address delivers to (mailbox.ts). */
export const mailboxKey = (email: string): string => `referral-mailbox:${mailboxHash(email)}`;

type NewReferral = { referrerUid: string; referrerUsername: string; refereeUid: string };

/** Records a referral at sign-up, in the account's transaction; nobody is paid yet. */
export function recordReferral(db: Firestore, tx: Transaction, r: NewReferral, nowIso: string): void {
  tx.create(db.collection(COL.referrals).doc(r.refereeUid), {
    referrer_uid: r.referrerUid,
    referrer_username: r.referrerUsername,
    referee_uid: r.refereeUid,
    status: 'pending',
    created_at: nowIso,
    settled_at: null,
  });
}

/**
 * Pays the referrer of `refereeUid` once the referee's email is verified (the caller checks with
 * Firebase Auth that its record verified the profile's address, the one read here: an Auth
 * address moved elsewhere pays nothing; accounts/verified-address.ts): one reward per referee
 * and per mailbox ever (an account deleted and
 * made again with the same address is settled `repeat`, unpaid), none for an account at the
 * referrer's own mailbox (`own_mailbox`: a `+tag` or Gmail's dots make a second account there),
 * at most REFERRAL_DAILY_CAP per referrer per UTC day (further referrals that day are settled as
 * capped, unpaid), all in one transaction.
 */
export async function rewardReferral(deps: Deps, refereeUid: string): Promise<ReferralStatus> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const ref = referralsCol(db).doc(refereeUid);
    // The referee's profile (their address) in the same round trip.
    const [referral, profile] = await Promise.all([tx.get(ref), tx.get(db.collection(COL.profiles).doc(refereeUid))]);
    const stored = referral.data();
    if (!stored) return 'none';
    if (stored.status !== 'pending') return stored.status;
    const referrerUid = stored.referrer_uid;
    const nowIso = new Date(deps.now()).toISOString();
    const dayRef = referralDaysCol(db).doc(`${referrerUid}:${nowIso.slice(0, 10)}`);
    const key = `referral:${referrerUid}:${refereeUid}`;
    const email = profileOf(profile)?.email;
    const mailbox = email ? mailboxKey(email) : null;
    const [referrer, day, paid, mailboxPaid, pricing, balance] = await Promise.all([
      tx.get(db.collection(COL.profiles).doc(referrerUid)),
      tx.get(dayRef),
      oneTimeKeyUsed(db, tx, key),
      mailbox ? oneTimeKeyUsed(db, tx, mailbox) : false,
      readPricing(db, tx),
      readBalance(db, tx, referrerUid),
    ]);
    const paidToday = day.data()?.count ?? 0;
    const referrerEmail = profileOf(referrer)?.email;
    const ownMailbox = !paid && mailbox !== null && referrerEmail ? mailboxKey(referrerEmail) === mailbox : false;
    const repeat = !paid && !ownMailbox && mailboxPaid;
    const capped = !paid && !ownMailbox && !repeat && paidToday >= REFERRAL_DAILY_CAP;
    const next: ReferralStatus = ownMailbox ? 'own_mailbox' : repeat ? 'repeat' : capped ? 'capped' : 'rewarded';
    if (!ownMailbox && !repeat && !capped && !paid && pricing.referral_reward > 0) {
      writeLedgerEntry(db, tx, balance, { userId: referrerUid, delta: pricing.referral_reward, reason: 'referral_reward', ref: refereeUid }, nowIso);
      useOneTimeKey(db, tx, key, nowIso);
      if (mailbox) useOneTimeKey(db, tx, mailbox, nowIso);
      tx.set(dayRef, { referrer_uid: referrerUid, count: FieldValue.increment(1) }, { merge: true });
    }
    tx.update(ref, { status: next, settled_at: nowIso });
    return next;
  });
}
