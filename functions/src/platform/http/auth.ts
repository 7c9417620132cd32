import type { Request, RequestHandler, Response } from 'express';
import type { Role } from '../../../../common/constants';
import { isAdmin, isSuperAdmin } from '../../../../common/accounts/roles';
import { rolesCol } from '../firestore/account-docs';
import type { Deps, VerifiedUser } from '../deps';
import { forbidden, unauthenticated } from './errors';

/** Also a revoked token's refusal (a disabled account): the caller cannot tell them apart, and signs in again either way. */
const INVALID_TOKEN = 'Invalid or expired token';

/**
 * Whether a request's token is checked against revocation as it is read: every write (tokens,
 * money, roles, anything an admin changes) but the replication pushes (votes: 60 a minute, not
 * worth an Auth lookup each). Admin reads are checked by requireAdmin.
 */
const checksRevocation = (req: Request): boolean => req.method !== 'GET' && req.method !== 'HEAD' && !req.path.startsWith('/sync/');

/**
 * Reads the bearer token, if any; a present but invalid token is a 401, and so is a revoked one
 * (a disabled account) on a write (checksRevocation).
 */
export const authenticate =
  (deps: Deps): RequestHandler =>
  async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      res.locals.caller = null;
      return next();
    }
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1]) return next(unauthenticated('Malformed Authorization header'));
    const checked = checksRevocation(req);
    try {
      res.locals.caller = await deps.auth.verifyIdToken(match[1], checked);
      res.locals.token = match[1];
      res.locals.revocationChecked = checked;
      next();
    } catch {
      next(unauthenticated(INVALID_TOKEN));
    }
  };

/** An admin route's caller, checked against revocation once per request (a GET was not, in authenticate). */
async function requireLiveCaller(deps: Deps, res: Response): Promise<VerifiedUser> {
  const caller = requireCaller(res);
  if (res.locals.revocationChecked !== true) {
    try {
      await deps.auth.verifyIdToken(res.locals.token as string, true);
    } catch {
      throw unauthenticated(INVALID_TOKEN);
    }
    res.locals.revocationChecked = true;
  }
  return caller;
}

export const callerOf = (res: Response): VerifiedUser | null => (res.locals.caller as VerifiedUser | null) ?? null;

export const requireCaller = (res: Response): VerifiedUser => {
  const caller = callerOf(res);
  if (!caller) throw unauthenticated();
  return caller;
};

export async function rolesOf(deps: Deps, uid: string): Promise<Role[]> {
  return (await rolesCol(deps.db).doc(uid).get()).data()?.roles ?? [];
}

/** The caller as replication sees them; their roles are read only when `withRoles` (an admin sees more). */
export async function viewerOf(deps: Deps, uid: string | null, withRoles: boolean): Promise<{ uid: string; admin: boolean } | null> {
  if (!uid) return null;
  return { uid, admin: withRoles && isAdmin(await rolesOf(deps, uid)) };
}

/** Middleware for admin-only routes: 401 signed out or revoked, 403 without the admin role. */
export const requireAdmin =
  (deps: Deps): RequestHandler =>
  async (_req, res, next) => {
    const caller = await requireLiveCaller(deps, res);
    if (!isAdmin(await rolesOf(deps, caller.uid))) throw forbidden('Admin role required');
    next();
  };

/** Middleware for super-admin routes; `message` names what the caller may not do. */
export const requireSuperAdmin =
  (deps: Deps, message: string): RequestHandler =>
  async (_req, res, next) => {
    const caller = await requireLiveCaller(deps, res);
    if (!isSuperAdmin(await rolesOf(deps, caller.uid))) throw forbidden(message);
    next();
  };
