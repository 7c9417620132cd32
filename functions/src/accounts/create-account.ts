import { FieldValue } from 'firebase-admin/firestore';
import { FREE_VOTING_DAYS } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { tokenCount } from '../../../common/format';
import { oneLine } from '../../../common/one-line';
import { isReservedUsername } from '../../../common/accounts/username';
import { profileOf, rolesIn, usernameOwner } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { conflict } from '../platform/http/errors';
import { enqueueAccountMail } from './account-mail';
import { holdSpendsUntilVerified, oneTimeKeyUsed, readBalance, useOneTimeKey, writeHeldBalance, writeLedgerEntry } from '../tokens/ledger';
import { recordReferral } from './referral';
import { readPricing } from '../tokens/pricing';

export type NewAccount = {
  uid: string;
  username: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  referralCode?: string;
  /** Whether Firebase Auth vouches for the address already (a Google account): otherwise spending waits for the verification link. */
  emailVerified: boolean;
};

export type CreatedAccount = { created: boolean; username: string; balance: number; /** The referrer's username, when a referral was recorded. */ referredBy: string | null };

const DAY_MS = 86_400_000;

/**
 * Creates the profile, the username claim, the user role, the signup grant and the welcome mail
 * in one transaction (an account whose address is not verified yet cannot spend: tokens/ledger.ts), and records the referral (rewarded once the new account verifies its email:
 * accounts/referral.ts). The username document is the uniqueness lock: two sign-ups racing
 * for one name cannot both commit. Nothing that already exists is overwritten: roles granted
 * earlier are kept, tokens credited earlier stay (the grant is added to them, once).
 * Calling it again for an existing profile changes nothing.
 */
export async function createAccount(deps: Deps, account: NewAccount): Promise<CreatedAccount> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const profileRef = db.collection(COL.profiles).doc(account.uid);
    const usernameRef = db.collection(COL.usernames).doc(account.username);
    const rolesRef = db.collection(COL.userRoles).doc(account.uid);
    const [profile, usernameDoc, roles] = await Promise.all([tx.get(profileRef), tx.get(usernameRef), tx.get(rolesRef)]);
    if (profile.exists) {
      const stored = profileOf(profile);
      return { created: false, username: stored?.username ?? '', balance: await readBalance(db, tx, account.uid), referredBy: stored?.referred_by ?? null };
    }
    if (usernameDoc.exists || isReservedUsername(account.username)) throw conflict(MSG.usernameTaken);

    const pricing = await readPricing(db, tx);
    const referrer = await findReferrer(deps, tx, account);
    const signupKey = `signup:${account.uid}`;
    const [current, granted] = await Promise.all([readBalance(db, tx, account.uid), oneTimeKeyUsed(db, tx, signupKey)]);

    const now = deps.now();
    const nowIso = new Date(now).toISOString();
    tx.create(usernameRef, { user_id: account.uid, created_at: nowIso });
    tx.create(profileRef, {
      user_id: account.uid,
      username: account.username,
      // A provider's display name, as one line: no controls or direction overrides (U+202E reversed it).
      full_name: oneLine(account.fullName),
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
    const existingRoles = rolesIn(roles) ?? [];
    if (!existingRoles.includes('user')) {
      tx.set(rolesRef, {
        user_id: account.uid,
        roles: ['user', ...existingRoles],
        updatedAt: FieldValue.serverTimestamp(),
        _deleted: false,
      });
    }
    let balance = current;
    if (!account.emailVerified) holdSpendsUntilVerified(tx, account.uid);
    if (pricing.signup_grant > 0 && !granted) {
      balance = writeLedgerEntry(db, tx, current, { userId: account.uid, delta: pricing.signup_grant, reason: 'signup_grant' }, nowIso);
      useOneTimeKey(db, tx, signupKey, nowIso);
    } else if (!account.emailVerified) {
      writeHeldBalance(db, tx, account.uid, balance);
    }
    if (referrer) recordReferral(db, tx, { referrerUid: referrer.uid, referrerUsername: referrer.username, refereeUid: account.uid }, nowIso);
    // The welcome mail is written with the account, so every new account gets exactly one.
    const { appUrl } = deps.env;
    await enqueueAccountMail(
      db,
      tx,
      account.uid,
      'welcome',
      // The bonus, not the balance, in the default text: a coupon given at sign-up is redeemed after
      // this mail is written. The amounts with their unit ('1 token', '3 tokens') are the default
      // text's; the bare numbers and `balance` (the balance the account opened with) stay for
      // templates edited before.
      {
        bonus_tokens: tokenCount(balance - current),
        daily_tokens: tokenCount(pricing.daily_drip),
        reward_tokens: tokenCount(pricing.referral_reward),
        signup_bonus: String(balance - current),
        balance: String(balance),
        daily: String(pricing.daily_drip),
        referral_reward: String(pricing.referral_reward),
        affiliate_link: `${appUrl}/${account.username}`,
      },
      now,
    );
    return { created: true, username: account.username, balance, referredBy: referrer?.username ?? null };
  });
}

type Referrer = { uid: string; username: string };

async function findReferrer(
  deps: Deps,
  tx: FirebaseFirestore.Transaction,
  account: NewAccount,
): Promise<Referrer | null> {
  const code = account.referralCode;
  if (!code || code === account.username) return null;
  const claim = await tx.get(deps.db.collection(COL.usernames).doc(code));
  const uid = usernameOwner(claim);
  if (!uid || uid === account.uid) return null;
  return { uid, username: code };
}
