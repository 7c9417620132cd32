import type { Auth } from 'firebase-admin/auth';
import type { AuthGateway } from './deps';

/** The AuthGateway backed by Firebase Auth (or its emulator, via FIREBASE_AUTH_EMULATOR_HOST). */
export function firebaseAuthGateway(auth: Auth): AuthGateway {
  return {
    async verifyIdToken(token, checkRevoked = false) {
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      return { uid: decoded.uid, email: decoded.email, name: decoded.name as string | undefined, picture: decoded.picture, provider: decoded.firebase.sign_in_provider };
    },
    async createUser(input) {
      const user = await auth.createUser({ email: input.email, password: input.password, displayName: input.displayName });
      return { uid: user.uid };
    },
    async deleteUser(uid) {
      await auth.deleteUser(uid);
    },
    async emailRecord(uid) {
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
      const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
      return new Map(users.map((u) => [u.uid, { email: u.email ?? null, verified: u.emailVerified }]));
    },
    async emailVerificationLink(email, continueUrl) {
      return auth.generateEmailVerificationLink(email, { url: continueUrl });
    },
    async passwordResetCode(email) {
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
