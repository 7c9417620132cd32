import { FieldPath } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { CMS_PAGE_SIZE } from '../../../common/constants';
import { USERS_MSG, type CmsLedgerEntry, type CmsPage } from '../../../common/accounts/users-messages';
import { COL } from '../platform/firestore/collections';
import { createdAtCursor, decodeCursor, encodeCursor } from '../platform/http/cursor';
import type { Deps } from '../platform/deps';
import { textOrNull } from '../platform/firestore/doc-reads';
import { notFound } from '../platform/http/errors';
import { parseStored } from '../platform/firestore/typed-collection';
import { parse } from '../platform/http/validate';
import { ledgerEntry } from '../tokens/ledger';
import { pageQuery, userIdParams } from './cms-schemas';

/** GET /api/cms/users/:id/ledger?cursor= (admins) — the user's token ledger, newest first, a page at a time. */
export const userLedger =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(userIdParams, req.params);
    const { cursor } = parse(pageQuery, req.query);
    const after = decodeCursor(createdAtCursor, cursor, USERS_MSG.badCursor);
    const { db } = deps;
    let query = db
      .collection(COL.ledger)
      .where('user_id', '==', id)
      .orderBy('created_at', 'desc')
      .orderBy(FieldPath.documentId(), 'desc');
    if (after) query = query.startAfter(after.v, after.id);
    const [profile, snap] = await Promise.all([db.collection(COL.profiles).doc(id).get(), query.limit(CMS_PAGE_SIZE + 1).get()]);
    if (!profile.exists) throw notFound(USERS_MSG.userNotFound);
    const docs = snap.docs.slice(0, CMS_PAGE_SIZE);
    const items: CmsLedgerEntry[] = docs.map((d) => {
      const entry = parseStored(ledgerEntry, COL.ledger, d.id, d.data());
      return {
        id: d.id,
        delta: entry.delta,
        reason: entry.reason,
        note: textOrNull(entry.note),
        ref: textOrNull(entry.ref),
        balance_after: entry.balance_after ?? null,
        created_at: entry.created_at,
      };
    });
    const last = docs.at(-1);
    const body: CmsPage<CmsLedgerEntry> = { items, next: snap.docs.length > CMS_PAGE_SIZE && last ? encodeCursor({ v: String(last.get('created_at')), id: last.id }) : null };
    res.json(body);
  };
