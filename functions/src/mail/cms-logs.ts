import { FieldPath, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { CMS_PAGE_SIZE } from '../../../common/constants';
import { EMAIL_MSG, type EmailLogEntry, type MailLogState } from '../../../common/email-messages';
import type { CmsPage } from '../../../common/users-messages';
import { COL } from '../platform/collections';
import { cursorId, decodeCursor, encodeCursor } from '../platform/cursor';
import type { Deps } from '../platform/deps';
import { profilesById, textOrNull } from '../platform/doc-reads';
import type { MailDoc } from '../platform/mail';
import { parse } from '../platform/validate';
import { logsQuery } from './cms-schemas';
import { isTemplateName, TEMPLATES } from './templates';

/** A position after a message in (created_at desc, id desc) order: created_at as seconds and nanoseconds. */
const mailCursor = z.strictObject({ s: z.int().min(0).max(1e11), n: z.int().min(0).max(999_999_999), id: cursorId });

const STATES: readonly MailLogState[] = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR'];
const iso = (t: unknown): string | null => (t instanceof Timestamp ? t.toDate().toISOString() : null);

function subjectOf(doc: Partial<MailDoc>): string {
  if (typeof doc.message?.subject === 'string') return doc.message.subject;
  const name = doc.template?.name;
  if (typeof name === 'string') return isTemplateName(name) ? TEMPLATES[name].label : name;
  return '—';
}

/** GET /api/cms/email/logs?cursor= — every message, newest first, 25 a page, with its recipients and delivery. */
export const mailLogs =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { cursor } = parse(logsQuery, req.query);
    const after = decodeCursor(mailCursor, cursor, EMAIL_MSG.badCursor);
    const { db } = deps;
    let query = db.collection(COL.mail).orderBy('created_at', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (after) query = query.startAfter(new Timestamp(after.s, after.n), after.id);
    const snap = await query.limit(CMS_PAGE_SIZE + 1).get();
    const docs = snap.docs.slice(0, CMS_PAGE_SIZE);
    const uidsOf = (d: DocumentSnapshot) => {
      const uids = d.get('toUids') as unknown;
      return Array.isArray(uids) ? uids.filter((u): u is string => typeof u === 'string' && u !== '').slice(0, 10) : [];
    };
    const uids = [...new Set(docs.flatMap(uidsOf))];
    const byUid = await profilesById(db, uids);
    const items: EmailLogEntry[] = docs.map((d) => {
      const doc = d.data() as Partial<MailDoc>;
      const to = Array.isArray(doc.to) ? doc.to : doc.to ? [doc.to] : [];
      const users = uidsOf(d).map((uid) => {
        const p = byUid.get(uid);
        const email = textOrNull(p?.get('email'));
        const username = textOrNull(p?.get('username'));
        return email && username ? `@${username} <${email}>` : (email ?? (username ? `@${username}` : uid));
      });
      const delivery = doc.delivery;
      const state = STATES.includes(delivery?.state as MailLogState) ? (delivery!.state as MailLogState) : 'PENDING';
      return {
        id: d.id,
        recipients: [...to.map(String), ...users],
        topic: textOrNull(doc.topic),
        kind: doc.kind === 'campaign' ? 'campaign' : 'account',
        subject: subjectOf(doc),
        state,
        attempts: typeof delivery?.attempts === 'number' ? delivery.attempts : 0,
        error: textOrNull(delivery?.error),
        created_at: iso(doc.created_at),
        ended_at: iso(delivery?.endTime),
      };
    });
    const last = docs.at(-1);
    const lastAt = last?.get('created_at') as unknown;
    const next = snap.docs.length > CMS_PAGE_SIZE && last && lastAt instanceof Timestamp ? encodeCursor({ s: lastAt.seconds, n: lastAt.nanoseconds, id: last.id }) : null;
    const body: CmsPage<EmailLogEntry> = { items, next };
    res.json(body);
  };
