import { randomUUID } from 'node:crypto';
import type { AuthGateway, VerifiedUser } from '../../functions/src/platform/deps';

/**
 * Firebase Auth's twin: tokens are `test:<uid>`; emails are unique like the real one. A token
 * says its user signed in with a password, unless the user's record names another provider
 * (`google.com`, `anonymous`).
 */
export class FakeAuth implements AuthGateway {
  users = new Map<string, { email: string; password: string; name: string; verified?: boolean; provider?: string }>();
  /** Accounts disabled (or whose tokens were revoked) since their tokens were issued: refused where revocation is checked. */
  disabled = new Set<string>();
  /** How many verifications checked revocation (each is one Auth lookup deployed). */
  revocationChecks = 0;
  async verifyIdToken(token: string, checkRevoked = false): Promise<VerifiedUser> {
    const uid = /^test:(.+)$/.exec(token)?.[1];
    if (!uid) throw new Error('auth/argument-error');
    if (checkRevoked) {
      this.revocationChecks++;
      if (this.disabled.has(uid)) throw Object.assign(new Error('disabled'), { code: 'auth/user-disabled' });
    }
    const user = this.users.get(uid);
    return { uid, email: user?.email ?? `${uid}@example.test`, name: user?.name ?? uid, provider: user?.provider ?? 'password' };
  }
  async createUser(input: { email: string; password: string; displayName: string }) {
    for (const u of this.users.values())
      if (u.email === input.email) throw Object.assign(new Error('exists'), { code: 'auth/email-already-exists' });
    const uid = randomUUID().replace(/-/g, '').slice(0, 20);
    this.users.set(uid, { email: input.email, password: input.password, name: input.displayName });
    return { uid };
  }
  async deleteUser(uid: string) {
    this.users.delete(uid);
  }
  async emailRecord(uid: string) {
    const user = this.users.get(uid);
    return user ? { email: user.email || null, verified: user.verified === true } : { email: null, verified: false };
  }
  async emailRecords(uids: readonly string[]) {
    if (uids.length > 100) throw new Error('auth/maximum-user-count-exceeded');
    const records = new Map<string, { email: string | null; verified: boolean }>();
    for (const uid of uids) if (this.users.has(uid)) records.set(uid, await this.emailRecord(uid));
    return records;
  }
  async emailVerificationLink(email: string, continueUrl: string) {
    const uid = [...this.users.entries()].find(([, u]) => u.email === email)?.[0];
    if (!uid) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
    return `https://auth.example.test/action?mode=verifyEmail&oobCode=${uid}&continueUrl=${encodeURIComponent(continueUrl)}`;
  }
  /** Reset codes handed out, newest last: `reset:<uid>:<n>`. */
  resetCodes: string[] = [];
  async passwordResetCode(email: string) {
    const uid = [...this.users.entries()].find(([, u]) => u.email.toLowerCase() === email.toLowerCase())?.[0];
    if (!uid) return null;
    const code = `reset:${uid}:${this.resetCodes.length}`;
    this.resetCodes.push(code);
    return { uid, email: this.users.get(uid)!.email, code };
  }
  /** What following the verification link does. */
  verifyEmail(uid: string) {
    const user = this.users.get(uid);
    if (!user) throw new Error(`no user ${uid}`);
    user.verified = true;
  }
  /**
   * A signed-in user moving their account's Auth address, as Firebase's public API lets them:
   * `accounts:update` sets it unverified (where the project allows it); following the link of
   * `accounts:sendOobCode` VERIFY_AND_CHANGE_EMAIL, which goes to the new address, sets it
   * verified. Firebase keeps addresses lower-cased and one per account.
   */
  changeEmail(uid: string, email: string, how: 'update' | 'verify-and-change') {
    const user = this.users.get(uid);
    if (!user) throw new Error(`no user ${uid}`);
    const address = email.toLowerCase();
    for (const [other, u] of this.users) if (other !== uid && u.email.toLowerCase() === address) throw Object.assign(new Error('exists'), { code: 'auth/email-already-exists' });
    user.email = address;
    user.verified = how === 'verify-and-change';
  }
}
