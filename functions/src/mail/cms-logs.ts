import { FieldPath, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { CMS_PAGE_SIZE } from '../../../common/constants';
import { EMAIL_MSG, type EmailLogEntry, type MailLogState } from '../../../common/email-messages';
import type { CmsPage } from '../../../common/accounts/users-messages';
import { COL } from '../platform/firestore/collections';
import { cursorId, decodeCursor, encodeCursor } from '../platform/http/cursor';
import type { Deps } from '../platform/deps';
import { profilesById, textOrNull } from '../platform/firestore/doc-reads';
import { parse } from '../platform/http/validate';
import { logsQuery } from './cms-schemas';
import { isTemplateName, TEMPLATES } from './templates';

/** A position after a message in (created_at desc, id desc) order: created_at as seconds and nanoseconds. */
const mailCursor = z.strictObject({ s: z.int().min(0).max(1e11), n: z.int().min(0).max(999_999_999), id: cursorId });

const STATES = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR'] as const satisfies readonly MailLogState[];
const iso = (t: unknown): string | null => (t instanceof Timestamp ? t.toDate().toISOString() : null);

/**
 * What the log shows of a mail document. Lenient by design: the log is where an admin looks at a
 * message that went wrong, so a field that is missing or of another type reads as absent (each
 * field falls back on its own) and the message is still listed.
 */
const absent = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const loggedMail = z.object({
  to: absent(z.union([z.string(), z.array(z.string())])),
  toUids: absent(z.array(z.unknown())),
  message: absent(z.object({ subject: absent(z.string()) })),
  template: absent(z.object({ name: absent(z.string()) })),
  topic: absent(z.string()),
  kind: absent(z.string()),
  created_at: absent(z.instanceof(Timestamp)),
  delivery: absent(
    z.object({
      state: absent(z.enum(STATES)),
      attempts: absent(z.number()),
      error: absent(z.string().nullable()),
      endTime: absent(z.instanceof(Timestamp).nullable()),
    }),
  ),
});
type LoggedMail = z.infer<typeof loggedMail>;

function subjectOf(doc: LoggedMail): string {
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
    const mails = new Map(docs.map((d) => [d.id, loggedMail.parse(d.data())]));
    const uidsOf = (d: DocumentSnapshot) => (mails.get(d.id)?.toUids ?? []).filter((u): u is string => typeof u === 'string' && u !== '').slice(0, 10);
    const uids = [...new Set(docs.flatMap(uidsOf))];
    const byUid = await profilesById(db, uids);
    const items: EmailLogEntry[] = docs.map((d) => {
      const doc = mails.get(d.id) ?? {};
      const to = Array.isArray(doc.to) ? doc.to : doc.to ? [doc.to] : [];
      const users = uidsOf(d).map((uid) => {
        const p = byUid.get(uid);
        const email = textOrNull(p?.get('email'));
        const username = textOrNull(p?.get('username'));
        return email && username ? `@${username} <${email}>` : (email ?? (username ? `@${username}` : uid));
      });
      const delivery = doc.delivery;
      const state: MailLogState = delivery?.state ?? 'PENDING';
      return {
        id: d.id,
        recipients: [...to.map(String), ...users],
        topic: textOrNull(doc.topic),
        kind: doc.kind === 'campaign' ? 'campaign' : 'account',
        subject: subjectOf(doc),
        state,
        attempts: delivery?.attempts ?? 0,
        error: textOrNull(delivery?.error),
        created_at: iso(doc.created_at),
        ended_at: iso(delivery?.endTime),
      };
    });
    const last = docs.at(-1);
    const lastAt = last ? mails.get(last.id)?.created_at : undefined;
    const next = snap.docs.length > CMS_PAGE_SIZE && last && lastAt ? encodeCursor({ s: lastAt.seconds, n: lastAt.nanoseconds, id: last.id }) : null;
    const body: CmsPage<EmailLogEntry> = { items, next };
    res.json(body);
  };
