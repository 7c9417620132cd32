import { FieldValue } from 'firebase-admin/firestore';
import { FREE_VOTING_DAYS } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { conflict } from '../platform/errors';
import { oneTimeKeyUsed, readBalance, useOneTimeKey, writeLedgerEntry } from '../tokens/ledger';
import { readPricing } from '../tokens/pricing';

export type NewAccount = {
  uid: string;
  username: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  referralCode?: string;
};

export type CreatedAccount = { created: boolean; username: string; balance: number };

const DAY_MS = 86_400_000;

/**
 * Creates the profile, the username claim, the user role, the signup grant and (once per
 * referee) the referrer's reward, all in one transaction. The username document is the
 * uniqueness lock: two sign-ups racing for one name cannot both commit.
 * Calling it again for an existing profile changes nothing.
 */
export async function createAccount(deps: Deps, account: NewAccount): Promise<CreatedAccount> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const profileRef = db.collection(COL.profiles).doc(account.uid);
    const usernameRef = db.collection(COL.usernames).doc(account.username);
    const [profile, usernameDoc] = await Promise.all([tx.get(profileRef), tx.get(usernameRef)]);
    if (profile.exists) {
      return { created: false, username: profile.get('username') as string, balance: await readBalance(db, tx, account.uid) };
    }
    if (usernameDoc.exists) throw conflict(MSG.usernameTaken);

    const pricing = await readPricing(db, tx);
    const referrer = await findReferrer(deps, tx, account);
    const referrerBalance = referrer ? await readBalance(db, tx, referrer.uid) : 0;

    const now = deps.now();
    const nowIso = new Date(now).toISOString();
    tx.create(usernameRef, { user_id: account.uid, created_at: nowIso });
    tx.create(profileRef, {
      user_id: account.uid,
      username: account.username,
      full_name: account.fullName,
      avatar_url: account.avatarUrl,
      email: account.email,
      wallet_address: null,
      cash_app_tag: null,
      migration_status: 'pre_migration',
      referred_by: referrer?.username ?? null,
      free_voting_until: new Date(now + FREE_VOTING_DAYS * DAY_MS).toISOString(),
      created_at: nowIso,
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
    tx.set(db.collection(COL.userRoles).doc(account.uid), {
      user_id: account.uid,
      roles: ['user'],
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
    const balance = pricing.signup_grant > 0
      ? writeLedgerEntry(db, tx, 0, { userId: account.uid, delta: pricing.signup_grant, reason: 'signup_grant' }, nowIso)
      : 0;
    if (referrer && pricing.referral_reward > 0) {
      writeLedgerEntry(
        db,
        tx,
        referrerBalance,
        { userId: referrer.uid, delta: pricing.referral_reward, reason: 'referral_reward', ref: account.uid },
        nowIso,
      );
      useOneTimeKey(db, tx, referrer.key, nowIso);
    }
    return { created: true, username: account.username, balance };
  });
}

type Referrer = { uid: string; username: string; key: string };

async function findReferrer(
  deps: Deps,
  tx: FirebaseFirestore.Transaction,
  account: NewAccount,
): Promise<Referrer | null> {
  const code = account.referralCode;
  if (!code || code === account.username) return null;
  const claim = await tx.get(deps.db.collection(COL.usernames).doc(code));
  const uid = claim.get('user_id') as string | undefined;
  if (!uid || uid === account.uid) return null;
  const key = `referral:${uid}:${account.uid}`;
  if (await oneTimeKeyUsed(deps.db, tx, key)) return null;
  return { uid, username: code, key };
}
