import type { RequestHandler } from 'express';
import { z } from 'zod';
import { LISTING_TYPES } from '../../../common/marketplace/marketplace';
import { musicSubmissionId } from '../../../common/radio/radio';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { parseStored } from '../platform/firestore/typed-collection';
import { storedOf } from '../radio/submission-doc';
import { tracksCol } from './track-doc';
import { displayRating, ratingOf } from '../voting/ratings';

/** The most tracks the list returns (newest first). */
export const MY_TRACKS_LIMIT = 200;

/** What the list shows of the seller's listing of a track. */
const liveListing = z.object({ track_id: z.string(), listing_type: z.enum(LISTING_TYPES) });

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const shownRating = (stats: Parameters<typeof ratingOf>[0]) => {
  const { rating, rating_deviation } = displayRating(ratingOf(stats));
  return { rating, deviation: rating_deviation };
};

/**
 * GET /api/tracks/mine — the caller's own tracks, newest first (at most 200): their public
 * fields, votes and fool rate for contest tracks (else null), and the status of the track's
 * music radio submission (or null), and its live marketplace listing `{ id, listing_type }` (or
 * null). No storage paths.
 */
export const myTracks =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const caller = requireCaller(res);
    const { db } = deps;
    const snap = await tracksCol(db).where('submitted_by', '==', caller.uid).orderBy('created_at', 'desc').limit(MY_TRACKS_LIMIT).get();
    const ids = snap.docs.map((d) => d.id);
    const [stats, radio, listings] = ids.length
      ? await Promise.all([
          db.getAll(...ids.map((id) => db.collection(COL.trackStats).doc(id))),
          db.getAll(...ids.map((id) => db.collection(COL.radioSubmissions).doc(musicSubmissionId(id)))),
          db.collection(COL.listings).where('seller_id', '==', caller.uid).where('_deleted', '==', false).get(),
        ])
      : [[], [], null];
    // The seller's live listing of each track (issue 11: a basic one can be featured).
    const listingOf = new Map(
      (listings?.docs ?? []).map((l) => {
        const live = parseStored(liveListing, COL.listings, l.id, l.data());
        return [live.track_id, { id: l.id, listing_type: live.listing_type }];
      }),
    );
    const tracks = snap.docs.map((d, i) => {
      const t = d.data();
      const s = stats[i];
      const contest = t.submission_type === 'contest' && s?.exists;
      const r = radio[i];
      return {
        id: d.id,
        title: t.title,
        artist_name: t.artist_name,
        status: t.status,
        submission_type: t.submission_type,
        song_type: t.song_type,
        cover_art_url: t.cover_art_url ?? null,
        created_at: t.created_at,
        total_votes: contest ? (num(s.get('total_votes')) ?? 0) : null,
        fool_rate: contest ? (num(s.get('fool_rate')) ?? 0) : null,
        guesses: contest ? { ai: num(s.get('guess_ai')) ?? 0, human: num(s.get('guess_human')) ?? 0, hybrid: num(s.get('guess_hybrid')) ?? 0 } : null,
        rating: contest && num(s.get('rating')) !== null ? shownRating(s.data()) : null,
        experts: contest ? { votes: num(s.get('expert_votes')) ?? 0, fooled: num(s.get('expert_fooled')) ?? 0 } : null,
        listing: listingOf.get(d.id) ?? null,
        radio_status: r?.exists && r.get('_deleted') !== true ? storedOf(r).status : null,
      };
    });
    res.json({ tracks });
  };
