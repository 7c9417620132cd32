import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { cashTagInput } from '../../../common/api/accounts';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';

/** POST /api/accounts/cash-app-tag — the $cashtag buyers pay when they choose Cash App; changeable. */
export const saveCashTag =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { cash_app_tag } = parse(cashTagInput, req.body);
    await deps.db.runTransaction(async (tx) => {
      const ref = deps.db.collection(COL.profiles).doc(caller.uid);
      if (!(await tx.get(ref)).exists) throw notFound('Profile not found');
      tx.update(ref, { cash_app_tag, updatedAt: FieldValue.serverTimestamp() });
    });
    res.json({ cash_app_tag });
  };
