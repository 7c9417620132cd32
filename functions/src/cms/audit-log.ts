import { FieldPath } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { CMS_PAGE_SIZE } from '../../../common/constants';
import { USERS_MSG, type AuditPerson, type CmsAuditEntry, type CmsPage } from '../../../common/accounts/users-messages';
import { COL } from '../platform/firestore/collections';
import { createdAtCursor, decodeCursor, encodeCursor } from '../platform/http/cursor';
import type { Deps } from '../platform/deps';
import { profilesById, textOrNull } from '../platform/firestore/doc-reads';
import { parse } from '../platform/http/validate';
import { pageQuery } from './cms-schemas';

/** GET /api/cms/audit?cursor= (super admins) — the audit log, newest first, with the actor's and target's username and email. */
export const auditLog =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { cursor } = parse(pageQuery, req.query);
    const after = decodeCursor(createdAtCursor, cursor, USERS_MSG.badCursor);
    const { db } = deps;
    let query = db.collection(COL.auditLog).orderBy('created_at', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (after) query = query.startAfter(after.v, after.id);
    const snap = await query.limit(CMS_PAGE_SIZE + 1).get();
    const docs = snap.docs.slice(0, CMS_PAGE_SIZE);
    const ids = [...new Set(docs.flatMap((d) => [d.get('actor_id'), d.get('target_user_id')]).filter((v): v is string => typeof v === 'string' && v !== ''))];
    const byId = await profilesById(db, ids);
    const person = (id: unknown): AuditPerson | null => {
      if (typeof id !== 'string' || id === '') return null;
      const p = byId.get(id);
      return { id, username: textOrNull(p?.get('username')), email: textOrNull(p?.get('email')) };
    };
    const items: CmsAuditEntry[] = docs.map((d) => ({
      id: d.id,
      action: String(d.get('action')),
      actor: person(d.get('actor_id')) ?? { id: '', username: null, email: null },
      target: person(d.get('target_user_id')),
      before: (d.get('before') as unknown) ?? null,
      after: (d.get('after') as unknown) ?? null,
      reason: textOrNull(d.get('reason')),
      created_at: String(d.get('created_at')),
    }));
    const last = docs.at(-1);
    const body: CmsPage<CmsAuditEntry> = { items, next: snap.docs.length > CMS_PAGE_SIZE && last ? encodeCursor({ v: String(last.get('created_at')), id: last.id }) : null };
    res.json(body);
  };
