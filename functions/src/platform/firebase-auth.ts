import type { Auth } from 'firebase-admin/auth';
import type { AuthGateway } from './deps';
import { lazy } from './http/lazy';

/**
 * The AuthGateway backed by Firebase Auth (or its emulator, via FIREBASE_AUTH_EMULATOR_HOST),
 * given an Auth or how to get one: the function loads firebase-admin/auth with the first request
 * that needs it (platform/http/lazy.ts); a request without an ID token never does.
 */
export function firebaseAuthGateway(admin: Auth | (() => Promise<Auth>)): AuthGateway {
  const authOf = typeof admin === 'function' ? lazy(admin) : async () => admin;
  return {
    async verifyIdToken(token, checkRevoked = false) {
      const auth = await authOf();
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      return { uid: decoded.uid, email: decoded.email, name: decoded.name as string | undefined, picture: decoded.picture, provider: decoded.firebase.sign_in_provider };
    },
    async createUser(input) {
      const auth = await authOf();
      const user = await auth.createUser({ email: input.email, password: input.password, displayName: input.displayName });
      return { uid: user.uid };
    },
    async deleteUser(uid) {
      const auth = await authOf();
      await auth.deleteUser(uid);
    },
    async emailRecord(uid) {
      const auth = await authOf();
      try {
        const user = await auth.getUser(uid);
        return { email: user.email ?? null, verified: user.emailVerified };
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return { email: null, verified: false };
        throw err;
      }
    },
    async emailRecords(uids) {
      if (!uids.length) return new Map();
      const auth = await authOf();
      const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
      return new Map(users.map((u) => [u.uid, { email: u.email ?? null, verified: u.emailVerified }]));
    },
    async emailVerificationLink(email, continueUrl) {
      const auth = await authOf();
      return auth.generateEmailVerificationLink(email, { url: continueUrl });
    },
    async passwordResetCode(email) {
      const auth = await authOf();
      try {
        const user = await auth.getUserByEmail(email);
        const code = new URL(await auth.generatePasswordResetLink(email)).searchParams.get('oobCode');
        if (!code) throw new Error('Firebase’s reset link has no oobCode');
        return { uid: user.uid, email: user.email ?? email, code };
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return null;
        throw err;
      }
    },
  };
}
