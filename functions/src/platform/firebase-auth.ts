import type { Auth } from 'firebase-admin/auth';
import type { AuthGateway } from './deps';

/** The AuthGateway backed by Firebase Auth (or its emulator, via FIREBASE_AUTH_EMULATOR_HOST). */
export function firebaseAuthGateway(auth: Auth): AuthGateway {
  return {
    async verifyIdToken(token) {
      const decoded = await auth.verifyIdToken(token);
      return { uid: decoded.uid, email: decoded.email, name: decoded.name as string | undefined, picture: decoded.picture, provider: decoded.firebase.sign_in_provider };
    },
    async createUser(input) {
      const user = await auth.createUser({ email: input.email, password: input.password, displayName: input.displayName });
      return { uid: user.uid };
    },
    async deleteUser(uid) {
      await auth.deleteUser(uid);
    },
    async emailVerified(uid) {
      return (await auth.getUser(uid)).emailVerified;
    },
    async verifiedUids(uids) {
      if (!uids.length) return new Set();
      const { users } = await auth.getUsers(uids.map((uid) => ({ uid })));
      return new Set(users.filter((u) => u.emailVerified).map((u) => u.uid));
    },
    async emailVerificationLink(email, continueUrl) {
      return auth.generateEmailVerificationLink(email, { url: continueUrl });
    },
    async passwordResetCode(email) {
      try {
        const { uid } = await auth.getUserByEmail(email);
        const code = new URL(await auth.generatePasswordResetLink(email)).searchParams.get('oobCode');
        if (!code) throw new Error('Firebase’s reset link has no oobCode');
        return { uid, code };
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return null;
        throw err;
      }
    },
  };
}
