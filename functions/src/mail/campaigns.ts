import { createHash } from 'node:crypto';
import { FieldPath, type DocumentReference, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { CAMPAIGN_BATCH, EMAIL_MSG, type CampaignProgress } from '../../../common/email-messages';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { AuthEmail, Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/http/errors';
import { idempotencyKey } from '../platform/http/idempotency';
import { alreadyExists, mailRef, newMailDoc, type MailDoc } from '../platform/mail/mail';
import { noFields, parse } from '../platform/http/validate';
import { vouchesFor } from '../accounts/verified-address';
import { campaignParams, couponCampaignInput, mailContentInput } from './cms-schemas';
import { couponsCol } from '../tokens/redeem-coupon';
import { subscribedUids } from './prefs';

/**
 * mail_campaigns/{id}: one Email All Users (or Coupon Email) run. The profiles are gone through
 * in document id order, CAMPAIGN_BATCH a call, from `cursor` (the last profile id done); each
 * subscribed user whose profile's address Auth has verified (anyone can sign up with anyone's
 * address; verifying it is the owner's consent) gets one message, except a Coupon Email's readers who already redeemed
 * its code, mail/campaign-{id}-{uid}, so a repeated batch
 * writes nothing twice. The counters move with the cursor, in one transaction that only applies
 * when the cursor is still where the batch started: a batch counts once however often it runs.
 */
export type CampaignDoc = {
  id: string;
  content: { type: 'message'; subject: string; body: string } | { type: 'coupon'; code: string; tokens: number };
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The number of profiles when the campaign was made (more may sign up while it runs). */
  total: number;
  cursor: string | null;
  processed: number;
  queued: number;
  skipped: number;
  state: 'sending' | 'done';
};

const campaignRef = (db: Firestore, id: string) => db.collection(COL.mailCampaigns).doc(id) as DocumentReference<CampaignDoc>;

export const campaignMailId = (campaignId: string, uid: string) => `campaign-${campaignId}-${uid}`;

const progressOf = (c: CampaignDoc): CampaignProgress => ({
  id: c.id,
  processed: c.processed,
  total: Math.max(c.total, c.processed),
  queued: c.queued,
  skipped: c.skipped,
  done: c.state === 'done',
});

/** A coupon an admin may mail: it exists, is active, has not expired and has redemptions left. */
async function mailableCoupon(deps: Deps, code: string): Promise<{ code: string; tokens: number }> {
  const coupon = (await couponsCol(deps.db).doc(code).get()).data();
  if (!coupon) throw badRequest(EMAIL_MSG.couponUnknown(code));
  if (coupon.active === false) throw badRequest(EMAIL_MSG.couponInactive(code));
  const expiresAt = coupon.expires_at;
  if (expiresAt && Date.parse(expiresAt) <= deps.now()) throw badRequest(EMAIL_MSG.couponExpired(code));
  const max = coupon.max_redemptions;
  const used = coupon.redemptions ?? 0;
  if (typeof max === 'number' && used >= max) throw badRequest(EMAIL_MSG.couponUsedUp(code));
  const tokens = coupon.tokens;
  if (!Number.isFinite(tokens) || tokens <= 0) throw badRequest(EMAIL_MSG.couponInactive(code));
  return { code, tokens };
}

/**
 * Makes the campaign (and its audit entry). With an Idempotency-Key the campaign's id comes from
 * the caller and the key, so a repeated request answers the campaign it already made.
 */
async function createCampaign(deps: Deps, req: Parameters<RequestHandler>[0], uid: string, content: CampaignDoc['content']): Promise<{ campaign: CampaignDoc; created: boolean }> {
  const { db } = deps;
  const key = idempotencyKey(req);
  const ref = key ? campaignRef(db, createHash('sha256').update(`${uid}:${key}`).digest('hex').slice(0, 24)) : (db.collection(COL.mailCampaigns).doc() as DocumentReference<CampaignDoc>);
  const total = (await db.collection(COL.profiles).count().get()).data().count;
  const nowIso = new Date(deps.now()).toISOString();
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (existing.exists) return { campaign: existing.data()!, created: false };
    const campaign: CampaignDoc = { id: ref.id, content, created_by: uid, created_at: nowIso, updated_at: nowIso, total, cursor: null, processed: 0, queued: 0, skipped: 0, state: total === 0 ? 'done' : 'sending' };
    tx.create(ref, campaign);
    const after = content.type === 'coupon' ? { campaign_id: ref.id, coupon: content.code, total } : { campaign_id: ref.id, subject: content.subject, total };
    recordAudit(db, tx, { action: 'mail.campaign', actorId: uid, before: null, after }, nowIso);
    return { campaign, created: true };
  });
}

/** POST /api/cms/email/campaigns {subject, body} — Email All Users: the campaign and its progress (201). */
export const createMessageCampaign =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { subject, body } = parse(mailContentInput, req.body ?? {});
    const { campaign, created } = await createCampaign(deps, req, caller.uid, { type: 'message', subject, body });
    res.status(created ? 201 : 200).json(progressOf(campaign));
  };

/** POST /api/cms/email/campaigns/coupon {code} — Coupon Email to every subscribed user (201). */
export const createCouponCampaign =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { code } = parse(couponCampaignInput, req.body ?? {});
    const coupon = await mailableCoupon(deps, code);
    const { campaign, created } = await createCampaign(deps, req, caller.uid, { type: 'coupon', ...coupon });
    res.status(created ? 201 : 200).json(progressOf(campaign));
  };

/** {{username}} in an Email All Users message: each reader's own username (letters, digits and _ only). */
const withUsername = (text: string, username: string) => text.replace(/\{\{\s*username\s*\}\}/g, username);

function campaignMail(campaign: CampaignDoc, uid: string, username: string, now: number): MailDoc {
  const { content } = campaign;
  return content.type === 'message'
    ? newMailDoc(
        { toUids: [uid], kind: 'campaign', topic: 'campaign', message: { subject: withUsername(content.subject, username), text: withUsername(content.body, username) } },
        now,
      )
    : newMailDoc({ toUids: [uid], kind: 'campaign', topic: 'coupon', template: { name: 'coupon', data: { code: content.code, tokens: String(content.tokens) } } }, now);
}

/** Of these users, the ones who have already redeemed `code`: a Coupon Email would offer them what they cannot use. */
async function redeemedBy(db: Firestore, code: string, uids: string[]): Promise<Set<string>> {
  if (!uids.length) return new Set();
  const snaps = await db.getAll(...uids.map((uid) => db.collection(COL.couponRedemptions).doc(`${code}:${uid}`)));
  return new Set(uids.filter((_, i) => snaps[i]!.exists));
}

/**
 * The profiles whose address Auth's record has verified (that very address: one whose Auth
 * address was moved to a mailbox of its own choosing has not), Auth asked 100 at a time (its limit).
 */
async function verifiedAmong(deps: Deps, profiles: QueryDocumentSnapshot[]): Promise<Set<string>> {
  const records = new Map<string, AuthEmail>();
  for (let i = 0; i < profiles.length; i += 100) for (const [uid, record] of await deps.auth.emailRecords(profiles.slice(i, i + 100).map((p) => p.id))) records.set(uid, record);
  return new Set(profiles.filter((p) => vouchesFor(records.get(p.id), p.get('email'))).map((p) => p.id));
}

/** Creates each message that is not there yet; one already written (an earlier run of the batch) is left alone. */
async function writeMissing(db: Firestore, docs: Array<{ id: string; doc: MailDoc }>): Promise<void> {
  if (!docs.length) return;
  const refs = docs.map((d) => mailRef(db, d.id));
  const existing = new Set((await db.getAll(...refs)).filter((s) => s.exists).map((s) => s.id));
  const missing = docs.filter((d) => !existing.has(d.id));
  if (!missing.length) return;
  const batch = db.batch();
  for (const m of missing) batch.create(mailRef(db, m.id), m.doc);
  try {
    await batch.commit();
  } catch (err) {
    if (!alreadyExists(err)) throw err;
    // Another run of the same batch got some in first: create the rest one by one.
    await Promise.all(
      missing.map((m) =>
        mailRef(db, m.id)
          .create(m.doc)
          .catch((e: unknown) => {
            if (!alreadyExists(e)) throw e;
          }),
      ),
    );
  }
}

/**
 * POST /api/cms/email/campaigns/:id/send — the next batch of profiles: one message per subscribed
 * user with a verified email (the others count as skipped); answers the progress. Call it until `done`.
 */
export const sendCampaignBatch =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(campaignParams, req.params);
    parse(noFields, req.body ?? {});
    const { db } = deps;
    const ref = campaignRef(db, id);
    const snap = await ref.get();
    if (!snap.exists) throw notFound(EMAIL_MSG.campaignNotFound);
    const campaign = snap.data()!;
    if (campaign.state === 'done') {
      res.json(progressOf(campaign));
      return;
    }
    const from = campaign.cursor;
    let query = db.collection(COL.profiles).orderBy(FieldPath.documentId()).limit(CAMPAIGN_BATCH);
    if (from !== null) query = query.startAfter(from);
    const profiles = (await query.get()).docs;
    const withEmail = profiles.filter((p) => {
      const email = p.get('email') as unknown;
      return typeof email === 'string' && email.trim() !== '';
    });
    const uids = withEmail.map((p) => p.id);
    const { content } = campaign;
    const [subscribed, verified, redeemed] = await Promise.all([
      subscribedUids(db, uids),
      verifiedAmong(deps, withEmail),
      content.type === 'coupon' ? redeemedBy(db, content.code, uids) : new Set<string>(),
    ]);
    const now = deps.now();
    const messages = withEmail
      .filter((p) => subscribed.has(p.id) && verified.has(p.id) && !redeemed.has(p.id))
      .map((p) => ({ id: campaignMailId(id, p.id), doc: campaignMail(campaign, p.id, String(p.get('username') ?? ''), now) }));
    await writeMissing(db, messages);

    const done = profiles.length < CAMPAIGN_BATCH;
    const nowIso = new Date(now).toISOString();
    const progress = await db.runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data()!;
      // Another run of this batch moved the cursor first: its counts stand.
      if (current.cursor !== from || current.state === 'done') return progressOf(current);
      const next: CampaignDoc = {
        ...current,
        cursor: profiles.at(-1)?.id ?? from,
        processed: current.processed + profiles.length,
        queued: current.queued + messages.length,
        skipped: current.skipped + profiles.length - messages.length,
        state: done ? 'done' : 'sending',
        updated_at: nowIso,
      };
      tx.set(ref, next);
      return progressOf(next);
    });
    res.json(progress);
  };
