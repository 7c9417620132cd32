import { AggregateField } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import type { CmsOverview } from '../../../common/cms/cms-messages';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * GET /api/cms/overview — the four stat cards and each one's change over the last 7 days, each
 * one aggregation query (no documents read): new profiles and approved tracks by created_at,
 * sessions completed, and the sum of ledger deltas. A completed session has an ISO
 * `completed_at`; `> ''` matches exactly the non-null strings.
 */
export const overview =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const { db } = deps;
    const since = new Date(deps.now() - WEEK_MS).toISOString();
    const approved = db.collection(COL.tracks).where('status', '==', 'approved');
    const [users, tracks, sessions, tokens, usersWeek, tracksWeek, sessionsWeek, tokensWeek] = await Promise.all([
      db.collection(COL.profiles).count().get(),
      approved.count().get(),
      db.collection(COL.voteSessions).where('completed_at', '>', '').count().get(),
      db.collection(COL.balances).aggregate({ total: AggregateField.sum('balance') }).get(),
      db.collection(COL.profiles).where('created_at', '>=', since).count().get(),
      approved.where('created_at', '>=', since).count().get(),
      db.collection(COL.voteSessions).where('completed_at', '>=', since).count().get(),
      db.collection(COL.ledger).where('created_at', '>=', since).aggregate({ total: AggregateField.sum('delta') }).get(),
    ]);
    const body: CmsOverview = {
      total_users: users.data().count,
      active_tracks: tracks.data().count,
      vote_sessions: sessions.data().count,
      tokens_circulating: tokens.data().total ?? 0,
      week: {
        total_users: usersWeek.data().count,
        active_tracks: tracksWeek.data().count,
        vote_sessions: sessionsWeek.data().count,
        tokens_circulating: tokensWeek.data().total ?? 0,
      },
    };
    res.json(body);
  };
