import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { isAi, submissionCost, type SubmissionRoute } from '../../../common/contest/contest';
import { MSG } from '../../../common/messages';
import { isAdmin } from '../../../common/accounts/roles';
import type { SubmissionResult } from '../../../common/radio/submission';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { insufficientTokens } from '../platform/http/errors';
import { transactWithFiles } from '../platform/storage/files-transaction';
import { writeLedgerEntry } from '../tokens/ledger';
import { peekPayer, readPayer } from '../tokens/payer';
import { newSampleKey } from '../voting/sample-key';
import type { SubmissionInput } from './parse-submission';
import type { StoredMedia } from './store-media';
import { printDoc, refuseAcousticTwins, type PreparedPrint } from './acoustic-twins';
import { claimContestAudio } from './contest-audio';
import { submissionKeyRef } from './idempotency';
import { statsFromTrack, type TrackDoc } from './track-doc';
import { markListingCopiesDue } from '../marketplace/refresh-copies';
import { ratingFields } from '../voting/ratings';
import { NEW_RATING } from '../../../common/contest/rating';

export type NewSubmission = {
  uid: string;
  key: string | null;
  groupId: string;
  fields: SubmissionInput;
  media: StoredMedia;
  durationSeconds: number;
  /** The audio's content keys (audio-keys.ts), stored on every track of the submission. */
  audioKeys: string[];
  /** The audio's fingerprint (acoustic-twins.ts): stored once per upload (audio_prints/{groupId}), its keys on every track. */
  print: PreparedPrint;
  previewStart: number;
};

/** A cheap check before any media work: profile present and enough tokens (decided again in the transaction). */
export async function precheck(deps: Deps, uid: string, routes: readonly SubmissionRoute[]): Promise<void> {
  const { roles, balance: have, pricing } = await peekPayer(deps.db, uid);
  const cost = submissionCost(routes, pricing, isAdmin(roles));
  if (cost > have) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(cost, have) });
}

function trackDoc(s: NewSubmission, id: string, route: SubmissionRoute, clipId: string, nowIso: string): TrackDoc {
  const f = s.fields;
  const hybrid = f.songType === 'hybrid';
  return {
    id,
    title: f.title,
    artist_name: f.artistName,
    genre: f.genre,
    is_ai: isAi(f.songType),
    song_type: f.songType,
    submission_type: route,
    status: 'pending',
    audio_path: s.media.audioPath,
    audio_keys: s.audioKeys,
    print_keys: s.print.keys,
    print_id: s.groupId,
    clip_id: clipId,
    video_path: s.media.videoPath,
    // Only the listable twin has a preview; the contest twin's document never names it.
    preview_path: route === 'marketplace' ? s.media.previewPath : null,
    cover_art_url: null,
    preview_start_time: s.previewStart,
    duration_seconds: Math.round(s.durationSeconds * 100) / 100,
    creation_story: hybrid ? f.creationStory || null : null,
    hybrid_ai_elements: hybrid ? f.hybridAiElements : [],
    hybrid_human_elements: hybrid ? f.hybridHumanElements : [],
    hybrid_tools_used: hybrid ? f.hybridTools : [],
    submitted_by: s.uid,
    created_at: nowIso,
    rand: newSampleKey(),
  };
}

function writeTrack(db: Firestore, tx: Transaction, track: TrackDoc, clipPath: string): void {
  const replicated = { updatedAt: FieldValue.serverTimestamp(), _deleted: false };
  tx.create(db.collection(COL.tracks).doc(track.id), { ...track, ...replicated });
  tx.create(db.collection(COL.clips).doc(track.clip_id), { track_id: track.id, path: clipPath, created_at: track.created_at });
  const zeros = { total_votes: 0, correct_guesses: 0, incorrect_guesses: 0 };
  // No votes yet: not eligible whatever the configured minimum.
  tx.create(db.collection(COL.trackStats).doc(track.id), { ...statsFromTrack(track, zeros, 1), ...ratingFields(NEW_RATING), ...replicated });
  // A listing of the same content hides its type while this entry is in the contest (listing-copy.ts).
  if (track.submission_type === 'contest') markListingCopiesDue(db, tx, track.id);
}

/**
 * One transaction: the caller's balance, roles and pricing decide the fee, and a contest entry
 * needs audio no contest track holds (contest-audio.ts) and that sounds like no contest track
 * and no listing that shows its type (acoustic-twins.ts); then one track per route (each with its
 * clip and stats), the fee through the ledger, and the idempotency record.
 * A repeated key returns the first response and writes nothing. The stored files are removed
 * unless the tracks were created (platform/storage/files-transaction.ts): the track ids are chosen
 * before, so a re-run after a lost commit answer can tell that its request's tracks exist.
 */
export async function createTracks(deps: Deps, s: NewSubmission): Promise<SubmissionResult> {
  const { db } = deps;
  const routes = s.fields.submissionRoutes;
  const ids = routes.map(() => db.collection(COL.tracks).doc().id);
  const files = { probe: db.collection(COL.tracks).doc(ids[0]!), ours: (snap: DocumentSnapshot) => snap.exists, remove: s.media.remove };
  const outcome = await transactWithFiles(
    db,
    files,
    async (tx) => {
      const keyRef = s.key ? submissionKeyRef(db, s.uid, s.key) : null;
      const read = await readPayer<SubmissionResult>(db, tx, s.uid, keyRef);
      if (read.prior) return { result: read.prior, replayed: true };
      const { roles, balance, pricing } = read.payer;
      const cost = submissionCost(routes, pricing, isAdmin(roles));
      if (cost > balance) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(cost, balance) });
      const nowIso = new Date(deps.now()).toISOString();
      const contest = routes.indexOf('contest');
      const takeAudio = contest >= 0 ? await claimContestAudio(db, tx, s.audioKeys, ids[contest]!, nowIso) : null;
      const subject = { print: s.print.print, lookup: s.print.lookup, keys: s.print.keys, audio: { audio_path: s.media.audioPath, audio_keys: s.audioKeys }, ownIds: ids };
      const takePrints = contest >= 0 ? await refuseAcousticTwins(db, tx, subject, ids[contest]!, nowIso) : null;

      const tracks = routes.map((route, i) => trackDoc(s, ids[i]!, route, s.media.clips[i]!.clipId, nowIso));
      tracks.forEach((t, i) => writeTrack(db, tx, t, s.media.clips[i]!.path));
      takeAudio?.();
      takePrints?.();
      tx.set(db.collection(COL.audioPrints).doc(s.groupId), printDoc(s.print.print, nowIso));
      const fee = { userId: s.uid, delta: -cost, reason: 'submission_fee' as const, ref: s.groupId };
      const after = cost > 0 ? writeLedgerEntry(db, tx, balance, fee, nowIso) : balance;
      const result: SubmissionResult = {
        tracks: tracks.map((t) => ({ id: t.id, submission_type: t.submission_type, status: 'pending' })),
        cost,
        balance: after,
      };
      if (keyRef) tx.create(keyRef, { user_id: s.uid, key: s.key, response: result, created_at: nowIso });
      return { result, replayed: false };
    },
    // A concurrent twin with the same key won: its files are the ones in use.
    (o) => !o.replayed,
  );
  return outcome.result;
}
