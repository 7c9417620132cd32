import type { RequestHandler } from 'express';
import { MSG } from '../../../common/messages';
import { adjustTokensInput } from '../../../common/schemas';
import { USERS_MSG } from '../../../common/accounts/users-messages';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { readBalance, writeLedgerEntry } from './ledger';

/**
 * POST /api/admin/tokens/adjust — super admins (tokens/router.ts) add or deduct tokens through
 * the ledger, with an optional note (the reason) kept on the entry and in the audit log.
 */
export const adjustTokens =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const admin = requireCaller(res);
    const input = parse(adjustTokensInput, req.body);
    const { db } = deps;
    const balance = await db.runTransaction(async (tx) => {
      const profile = await tx.get(db.collection(COL.profiles).doc(input.user_id));
      if (!profile.exists) throw notFound(USERS_MSG.userNotFound);
      const current = await readBalance(db, tx, input.user_id);
      // A deduction may not take a balance below zero; a grant to one made negative by a reversed purchase still lands.
      if (input.delta < 0 && current + input.delta < 0) throw badRequest(MSG.negativeBalance);
      const nowIso = new Date(deps.now()).toISOString();
      const after = writeLedgerEntry(
        db,
        tx,
        current,
        { userId: input.user_id, delta: input.delta, reason: input.delta > 0 ? 'admin_grant' : 'admin_deduction', ref: admin.uid, note: input.note },
        nowIso,
      );
      recordAudit(
        db,
        tx,
        { action: 'tokens.adjust', actorId: admin.uid, targetUserId: input.user_id, before: { balance: current }, after: { balance: after }, reason: input.note ?? null },
        nowIso,
      );
      return after;
    });
    res.json({ user_id: input.user_id, balance });
  };
