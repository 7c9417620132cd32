import { Router } from 'express';
import { MSG } from '../../../common/messages';
import { requireSuperAdmin } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { me, migrationStatus, publicConfig, usernameExists } from './account-reads';
import { changeRole } from './change-role';
import { emailVerified, resendVerification } from './email-verified';
import { ensureProfile } from './ensure-profile';
import { requestPasswordReset } from './password-reset';
import { saveCashTag } from './save-cash-tag';
import { saveWallet } from './save-wallet';
import { signup } from './signup';

/** Accounts and profiles: /api/accounts/*, /api/me, the public config reads and role changes (super admins). */
export function accountsRouter(deps: Deps): Router {
  const router = Router();
  router.post('/accounts/signup', signup(deps));
  router.post('/accounts/ensure-profile', ensureProfile(deps));
  router.post('/accounts/email-verified', emailVerified(deps));
  router.post('/accounts/verification-email', resendVerification(deps));
  router.post('/accounts/password-reset', requestPasswordReset(deps));
  router.get('/accounts/username/:username', usernameExists(deps));
  router.post('/accounts/wallet', saveWallet(deps));
  router.post('/accounts/cash-app-tag', saveCashTag(deps));
  router.get('/me', me(deps));
  router.get('/public/migration', migrationStatus(deps));
  router.get('/public/config', publicConfig(deps));
  router.post('/admin/roles', requireSuperAdmin(deps, MSG.onlySuperAdminsRoles), changeRole(deps));
  return router;
}
