import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { VoteSessionView } from '../../../common/contest';
import type { Role } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { isAdmin } from '../../../common/roles';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { insufficientTokens, notFound } from '../platform/errors';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { readPricing } from '../tokens/pricing';
import { CLIP_URL_SECONDS, pickSessionTracks } from './pick-tracks';
import { sessionView, type VoteSessionDoc } from './session-doc';

export type OpenedSession = { status: 200 | 201; session: VoteSessionView | null; balance: number | null };

/** A returned open session whose clip URLs expire within this margin gets fresh ones. */
const RESIGN_MARGIN_MS = 86_400_000;

type TxResult =
  | { kind: 'open'; snap: DocumentSnapshot; balance: number }
  | { kind: 'created'; id: string; doc: VoteSessionDoc; balance: number }
  | { kind: 'none' }
  | { kind: 'pick' };

/**
 * POST /api/vote-sessions: returns the caller's open session, or opens a new one and decides
 * its cost in the same transaction. user_vote_stats/{uid} is the per-user lock: it holds
 * `open_session_id` and `sessions_opened`, so concurrent opens by one user serialize on it
 * and at most one of them creates (and pays for) a session.
 */
export async function openVoteSession(deps: Deps, uid: string): Promise<OpenedSession> {
  const { db } = deps;
  const lockRef = db.collection(COL.userVoteStats).doc(uid);
  // Candidates are picked outside the transaction (reads of up to ~2000 documents must not be
  // locked); the transaction re-checks the lock, and every vote re-checks its track.
  let picks = (await hasOpenSession(deps, uid)) ? null : await pickSessionTracks(deps, uid);
  for (;;) {
    const result = await db.runTransaction<TxResult>(async (tx) => {
      const [lock, profile, roles] = await tx.getAll(lockRef, db.collection(COL.profiles).doc(uid), db.collection(COL.userRoles).doc(uid));
      if (!profile?.exists) throw notFound('Profile not found');
      const openId = lock?.get('open_session_id') as string | null | undefined;
      if (openId) {
        const open = await tx.get(db.collection(COL.voteSessions).doc(openId));
        if (open.exists && open.get('completed_at') === null) return { kind: 'open', snap: open, balance: await readBalance(db, tx, uid) };
      }
      if (picks === null) return { kind: 'pick' };
      if (picks.length === 0) return { kind: 'none' };

      const now = deps.now();
      const nowIso = new Date(now).toISOString();
      const opened = (lock?.get('sessions_opened') as number | undefined) ?? 0;
      const isFirst = opened === 0;
      const freeUntil = Date.parse((profile.get('free_voting_until') as string | null) ?? '');
      const admin = isAdmin((roles?.get('roles') as Role[] | undefined) ?? []);
      const free = isFirst || now < freeUntil || admin;
      // A misconfigured price (negative, fractional) must never grant tokens or fail the ledger.
      const cost = free ? 0 : Math.max(0, Math.floor((await readPricing(db, tx)).vote_session_cost));
      let balance = await readBalance(db, tx, uid);
      if (cost > balance) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(cost, balance) });

      const ref = db.collection(COL.voteSessions).doc();
      if (cost > 0) balance = writeLedgerEntry(db, tx, balance, { userId: uid, delta: -cost, reason: 'vote_session', ref: ref.id }, nowIso);
      const doc: VoteSessionDoc = {
        user_id: uid,
        track_ids: picks.map((p) => p.track_id),
        clips: picks.map((p) => ({ clip_id: p.clip_id, clip_url: p.clip_url })),
        clip_paths: picks.map((p) => p.clip_path),
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
        return { status: 200, session: await withFreshUrls(deps, result.snap), balance: result.balance };
      case 'created':
        return { status: 201, session: { id: result.id, ...viewFields(result.doc) }, balance: result.balance };
    }
  }
}

/** A hint read outside the transaction: whether candidates need picking at all. */
async function hasOpenSession(deps: Deps, uid: string): Promise<boolean> {
  const openId = (await deps.db.collection(COL.userVoteStats).doc(uid).get()).get('open_session_id') as string | null | undefined;
  if (!openId) return false;
  return (await deps.db.collection(COL.voteSessions).doc(openId).get()).get('completed_at') === null;
}

const viewFields = (d: VoteSessionDoc): Omit<VoteSessionView, 'id'> => ({
  clips: d.clips,
  is_first_session: d.is_first_session,
  token_cost: d.token_cost,
  created_at: d.created_at,
  completed_at: d.completed_at,
});

/** Re-signs the clip URLs of a session that is about to outlive them. */
async function withFreshUrls(deps: Deps, snap: DocumentSnapshot): Promise<VoteSessionView> {
  const s = snap.data() as VoteSessionDoc;
  if (Date.parse(s.clips_expire_at) - deps.now() > RESIGN_MARGIN_MS) return sessionView(snap);
  const clips = await Promise.all(
    s.clips.map(async (c, i) => ({ clip_id: c.clip_id, clip_url: await deps.storage.signedUrl(s.clip_paths[i] ?? '', CLIP_URL_SECONDS) })),
  );
  const clips_expire_at = new Date(deps.now() + CLIP_URL_SECONDS * 1000).toISOString();
  await snap.ref.update({ clips, clips_expire_at, updatedAt: FieldValue.serverTimestamp() });
  return { id: snap.id, ...viewFields({ ...s, clips }) };
}
