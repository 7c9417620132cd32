import type { Auth } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import { createAccount } from '../../../functions/src/accounts/create-account';
import { rewardReferral } from '../../../functions/src/accounts/referral';
import type { Deps } from '../../../functions/src/platform/deps';
import { seedBaseConfig } from './seed-config';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', username: 'superadmin', fullName: 'Sam Super', roles: ['user', 'super_admin'] },
  { email: 'admin@demo.test', username: 'admin', fullName: 'Ada Admin', roles: ['user', 'admin'] },
  { email: 'artist@demo.test', username: 'artist', fullName: 'Aria Artist', roles: ['user'] },
  { email: 'listener@demo.test', username: 'listener', fullName: 'Leo Listener', roles: ['user'], referredBy: 'artist' },
] as const;

export const DEMO_COUPON = { code: 'WELCOME25', tokens: 25 };

async function uidFor(auth: Auth, email: string, fullName: string): Promise<string> {
  try {
    return (await auth.getUserByEmail(email)).uid;
  } catch {
    return (await auth.createUser({ email, password: DEMO_PASSWORD, displayName: fullName, emailVerified: true })).uid;
  }
}

/** Demo data for a fresh local stack; safe to run again (it skips what exists). */
export async function seedDemo(deps: Deps, auth: Auth): Promise<void> {
  const { db } = deps;
  await seedBaseConfig(db);
  await db.collection('coupons').doc(DEMO_COUPON.code).set(
    { code: DEMO_COUPON.code, tokens: DEMO_COUPON.tokens, max_redemptions: null, expires_at: null, active: true },
    { merge: true },
  );
  for (const account of DEMO_ACCOUNTS) {
    const uid = await uidFor(auth, account.email, account.fullName);
    await createAccount(deps, {
      uid,
      username: account.username,
      email: account.email,
      fullName: account.fullName,
      avatarUrl: null,
      referralCode: 'referredBy' in account ? account.referredBy : undefined,
      // The demo accounts' Auth records are verified (uidFor).
      emailVerified: true,
    });
    await db.collection('user_roles').doc(uid).set({
      user_id: uid,
      roles: [...account.roles],
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
    // Demo addresses count as verified, so the referrer is paid as a verified sign-up would pay them.
    if ('referredBy' in account) await rewardReferral(deps, uid);
  }
}
