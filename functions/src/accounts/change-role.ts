import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import type { Role } from '../../../common/constants';
import { roleChangeInput } from '../../../common/schemas';
import { requireCaller } from '../platform/auth';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors';
import { parse } from '../platform/validate';

/** POST /api/admin/roles — super admins (accounts/router.ts) grant or revoke admin and super_admin. */
export const changeRole =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const admin = requireCaller(res);
    const input = parse(roleChangeInput, req.body);
    if (input.user_id === admin.uid && input.action === 'revoke' && input.role === 'super_admin')
      throw badRequest('You cannot remove your own super admin role');
    const roles = await deps.db.runTransaction(async (tx) => {
      const ref = deps.db.collection(COL.userRoles).doc(input.user_id);
      const snap = await tx.get(ref);
      if (!snap.exists) throw notFound('User not found');
      const current = new Set((snap.get('roles') as Role[] | undefined) ?? ['user']);
      if (input.action === 'grant') current.add(input.role);
      else current.delete(input.role);
      const next = [...current].sort();
      tx.update(ref, { roles: next, updatedAt: FieldValue.serverTimestamp() });
      return next;
    });
    res.json({ user_id: input.user_id, roles });
  };
