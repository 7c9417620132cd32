import { Router } from 'express';
import { accounts } from '../../../common/api/accounts';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
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
  const on = mounter(deps, router, '/api');
  on(accounts.signup, signup(deps));
  on(accounts.ensureProfile, ensureProfile(deps));
  on(accounts.emailVerified, emailVerified(deps));
  on(accounts.verificationEmail, resendVerification(deps));
  on(accounts.passwordReset, requestPasswordReset(deps));
  on(accounts.usernameExists, usernameExists(deps));
  on(accounts.wallet, saveWallet(deps));
  on(accounts.cashAppTag, saveCashTag(deps));
  on(accounts.me, me(deps));
  on(accounts.publicMigration, migrationStatus(deps));
  on(accounts.publicConfig, publicConfig(deps));
  on(accounts.changeRole, changeRole(deps));
  return router;
}
