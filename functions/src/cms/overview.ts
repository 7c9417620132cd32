import { AggregateField } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import type { CmsOverview } from '../../../common/cms-messages';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';

/**
 * GET /api/cms/overview — the four stat cards, each one aggregation query (no documents read).
 * A completed session has an ISO `completed_at`; `> ''` matches exactly the non-null strings.
 */
export const overview =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const { db } = deps;
    const [users, tracks, sessions, tokens] = await Promise.all([
      db.collection(COL.profiles).count().get(),
      db.collection(COL.tracks).where('status', '==', 'approved').count().get(),
      db.collection(COL.voteSessions).where('completed_at', '>', '').count().get(),
      db.collection(COL.balances).aggregate({ total: AggregateField.sum('balance') }).get(),
    ]);
    const body: CmsOverview = {
      total_users: users.data().count,
      active_tracks: tracks.data().count,
      vote_sessions: sessions.data().count,
      tokens_circulating: tokens.data().total ?? 0,
    };
    res.json(body);
  };
