import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { VoteSessionView } from '../../../common/contest/voting';
import { profileOf, rolesIn } from '../platform/firestore/account-docs';
import { MSG } from '../../../common/messages';
import { VOTE_SESSION_MSG } from '../../../common/contest/vote-session-messages';
import { isAdmin } from '../../../common/accounts/roles';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { insufficientTokens, notFound, paymentRequired } from '../platform/http/errors';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { checkShownPrice, readPricing } from '../tokens/pricing';
import { newClipSeed } from './clip-rendition';
import { CLIP_URL_SECONDS, pickSessionTracks } from './pick-tracks';
import { newClipHandle, sessionClipUrl } from './session-clips';
import { sessionsCol, sessionView, voterStatsCol, voterStatsOf, type VoteSessionDoc } from './session-doc';
import { rememberSessionTracks } from './session-tracks';

export type OpenedSession = { status: 200 | 201; session: VoteSessionView | null; balance: number | null };

/** A returned open session whose clips expire within this margin is served for another week. */
const RENEW_MARGIN_MS = 86_400_000;

type TxResult =
  | { kind: 'open'; snap: DocumentSnapshot<VoteSessionDoc>; session: VoteSessionDoc; balance: number }
  | { kind: 'created'; id: string; doc: VoteSessionDoc; balance: number }
  | { kind: 'none' }
  | { kind: 'pick' };

/**
 * POST /api/vote-sessions: returns the caller's open session, or opens a new one and decides
 * its cost in the same transaction. user_vote_stats/{uid} is the per-user lock: it holds
 * `open_session_id` and `sessions_opened`, so concurrent opens by one user serialize on it
 * and at most one of them creates (and pays for) a session.
 * A new session that costs tokens opens only when `shownCost` (the price the caller confirmed)
 * is its cost: without it a 409 `payment_required` tells the cost and balance, with another
 * price a 409 `price_changed`; either way nothing is written. Free sessions and the open one
 * need no price.
 */
export async function openVoteSession(deps: Deps, uid: string, shownCost?: number): Promise<OpenedSession> {
  const { db } = deps;
  const lockRef = db.collection(COL.userVoteStats).doc(uid);
  // Candidates are picked outside the transaction (reads of up to ~2000 documents must not be
  // locked); the transaction re-checks the lock, and every vote re-checks its track.
  let picks = (await hasOpenSession(deps, uid)) ? null : await pickSessionTracks(deps, uid);
  for (;;) {
    const result = await db.runTransaction<TxResult>(async (tx) => {
      const [lock, profile, roles] = await tx.getAll(lockRef, db.collection(COL.profiles).doc(uid), db.collection(COL.userRoles).doc(uid));
      if (!profile?.exists) throw notFound('Profile not found');
      const voter = voterStatsOf(lock);
      const openId = voter?.open_session_id;
      if (openId) {
        const open = await tx.get(sessionsCol(db).doc(openId));
        const session = open.data();
        if (session && session.completed_at === null) return { kind: 'open', snap: open, session, balance: await readBalance(db, tx, uid) };
      }
      if (picks === null) return { kind: 'pick' };
      if (picks.length === 0) return { kind: 'none' };

      const now = deps.now();
      const nowIso = new Date(now).toISOString();
      const opened = voter?.sessions_opened ?? 0;
      const isFirst = opened === 0;
      const freeUntil = Date.parse(profileOf(profile)?.free_voting_until ?? '');
      const admin = isAdmin(rolesIn(roles) ?? []);
      const free = isFirst || now < freeUntil || admin;
      // A misconfigured price (negative, fractional) must never grant tokens or fail the ledger.
      const cost = free ? 0 : Math.max(0, Math.floor((await readPricing(db, tx)).vote_session_cost));
      let balance = await readBalance(db, tx, uid);
      if (cost > balance) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(cost, balance) });
      // Money follows what the user saw: a paid session is opened only at the price they confirmed.
      // Unlike a radio send or a feature, no price shown is not a pass here: it asks for one.
      if (cost > 0 && shownCost === undefined) throw paymentRequired(VOTE_SESSION_MSG.confirmFirst(cost), { cost, balance });
      if (cost > 0) checkShownPrice(shownCost, cost, VOTE_SESSION_MSG.costChanged, { balance });

      const ref = db.collection(COL.voteSessions).doc();
      // Handles of this session only: another voter's session names the same tracks differently.
      const handles = picks.map(() => newClipHandle());
      if (cost > 0) balance = writeLedgerEntry(db, tx, balance, { userId: uid, delta: -cost, reason: 'vote_session', ref: ref.id }, nowIso);
      const doc: VoteSessionDoc = {
        user_id: uid,
        track_ids: picks.map((p) => p.track_id),
        clips: handles.map((h) => ({ clip_id: h, clip_url: sessionClipUrl(ref.id, h) })),
        clip_paths: picks.map((p) => p.clip_path),
        clip_seed: newClipSeed(),
        clips_expire_at: new Date(now + CLIP_URL_SECONDS * 1000).toISOString(),
        voted_clip_ids: [],
        is_first_session: isFirst,
        token_cost: cost,
        created_at: nowIso,
        completed_at: null,
      };
      tx.create(ref, { ...doc, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
      const lockFields = { user_id: uid, open_session_id: ref.id, sessions_opened: opened + 1, updatedAt: FieldValue.serverTimestamp() };
      tx.set(lockRef, lock?.exists ? lockFields : { ...lockFields, total: 0, correct: 0 }, { merge: true });
      return { kind: 'created', id: ref.id, doc, balance };
    });

    switch (result.kind) {
      case 'pick':
        picks = await pickSessionTracks(deps, uid);
        continue;
      case 'none':
        return { status: 200, session: null, balance: null };
      case 'open':
        return { status: 200, session: await keepClipsServed(deps, result.snap, result.session), balance: result.balance };
      case 'created':
        rememberSessionTracks(db, result.id, result.doc);
        return { status: 201, session: { id: result.id, ...viewFields(result.doc) }, balance: result.balance };
    }
  }
}

/** A hint read outside the transaction: whether candidates need picking at all. */
async function hasOpenSession(deps: Deps, uid: string): Promise<boolean> {
  const openId = (await voterStatsCol(deps.db).doc(uid).get()).data()?.open_session_id;
  if (!openId) return false;
  return (await sessionsCol(deps.db).doc(openId).get()).data()?.completed_at === null;
}

const viewFields = (d: VoteSessionDoc): Omit<VoteSessionView, 'id'> => ({
  clips: d.clips,
  is_first_session: d.is_first_session,
  token_cost: d.token_cost,
  created_at: d.created_at,
  completed_at: d.completed_at,
});

/**
 * An open session returned again: served for another week when its clips are about to expire
 * (same URLs, so cached clips stay valid). A session opened before clips were served by handle
 * gets handle URLs for its clip ids, which stay as they were so its votes keep matching.
 */
async function keepClipsServed(deps: Deps, snap: DocumentSnapshot<VoteSessionDoc>, s: VoteSessionDoc): Promise<VoteSessionView> {
  const clips = s.clips.map((c) => ({ clip_id: c.clip_id, clip_url: sessionClipUrl(snap.id, c.clip_id) }));
  const moved = clips.some((c, i) => c.clip_url !== s.clips[i]?.clip_url);
  const expiring = Date.parse(s.clips_expire_at) - deps.now() <= RENEW_MARGIN_MS;
  if (!moved && !expiring) return sessionView(snap);
  const clips_expire_at = new Date(deps.now() + CLIP_URL_SECONDS * 1000).toISOString();
  // Only a change of URLs is news to the client; the expiry stays on the server.
  await snap.ref.update(moved ? { clips, clips_expire_at, updatedAt: FieldValue.serverTimestamp() } : { clips_expire_at });
  return { id: snap.id, ...viewFields({ ...s, clips }) };
}
