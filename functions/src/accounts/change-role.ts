import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { MSG } from '../../../common/messages';
import { isSuperAdmin } from '../../../common/accounts/roles';
import { roleChangeInput } from '../../../common/schemas';
import { USERS_MSG } from '../../../common/accounts/users-messages';
import { enqueueAccountMail } from './account-mail';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import { rolesIn } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest, forbidden, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';

/** The role as the invite names it. */
const ROLE_WORDS: Record<'admin' | 'super_admin', string> = { admin: 'an admin', super_admin: 'a super admin' };

/**
 * POST /api/admin/roles — super admins (accounts/router.ts) grant or revoke admin and
 * super_admin. The caller's own role is read again in the transaction: two super admins
 * revoking each other at once cannot both succeed, so one super admin always remains.
 * A change that changes nothing writes nothing (and is not audited). A grant mails the user an
 * admin_invite in the same transaction (once: a repeated grant changes nothing).
 */
export const changeRole =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const admin = requireCaller(res);
    const input = parse(roleChangeInput, req.body);
    if (input.user_id === admin.uid && input.action === 'revoke' && input.role === 'super_admin') throw badRequest(USERS_MSG.cannotRemoveOwnSuperAdmin);
    const { db } = deps;
    const roles = await db.runTransaction(async (tx) => {
      const ref = db.collection(COL.userRoles).doc(input.user_id);
      const self = input.user_id === admin.uid;
      const [snap, other] = await tx.getAll(ref, ...(self ? [] : [db.collection(COL.userRoles).doc(admin.uid)]));
      const callerSnap = self ? snap : other;
      if (!isSuperAdmin(rolesIn(callerSnap) ?? [])) throw forbidden(MSG.onlySuperAdminsRoles);
      if (!snap?.exists) throw notFound(USERS_MSG.userNotFound);
      const before = [...(rolesIn(snap) ?? ['user'])].sort();
      const current = new Set(before);
      if (input.action === 'grant') current.add(input.role);
      else current.delete(input.role);
      const next = [...current].sort();
      if (next.join() === before.join()) return next;
      // A new admin or super admin is told by mail (a super admin given 'admin' already had its powers).
      const invite = input.action === 'grant' && !(input.role === 'admin' && before.includes('super_admin'));
      const granter = invite ? await tx.get(db.collection(COL.profiles).doc(admin.uid)) : null;
      tx.update(ref, { roles: next, updatedAt: FieldValue.serverTimestamp() });
      const nowIso = new Date(deps.now()).toISOString();
      recordAudit(db, tx, { action: input.action === 'grant' ? 'role.grant' : 'role.revoke', actorId: admin.uid, targetUserId: input.user_id, before: { roles: before }, after: { roles: next } }, nowIso);
      if (granter) {
        const grantedBy = String(granter.get('username') ?? '') || 'A super admin';
        await enqueueAccountMail(db, tx, input.user_id, 'admin_invite', { role: ROLE_WORDS[input.role], granted_by: grantedBy }, deps.now());
      }
      return next;
    });
    res.json({ user_id: input.user_id, roles });
  };
