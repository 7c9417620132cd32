import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import type { RadioStation } from '../platform/station/station';
import { changed, mysteryTags, namedTags, newStationKey, radioRef, storedOf, type StationTags, type StoredRadioSubmission } from './submission-doc';

/**
 * A track on air while it is in the contest has no name: its station file is tagged "Mystery
 * track" with no artist (and an opaque album code), so the station's now-playing and the radio
 * bar cannot name the answer of a blind vote. Once the track leaves the contest, the file is
 * renamed on the station (revealRetired) and every later now-playing names it.
 * docs/radio-station.md, "Mystery tracks".
 */

/** The station file name of a music submission made while its track is in the contest: the key only. */
export const MYSTERY_FILE_SLUG = 'mystery';

/** Submissions whose mystery files are looked at per run (the rest wait for the next). */
const BATCH = 200;

/** A track is in the contest while it exists, is a contest track and is approved (rejected, deleted or moved to the marketplace: out). */
export function inContest(track: DocumentSnapshot): boolean {
  return track.exists && track.get('_deleted') !== true && track.get('submission_type') === 'contest' && track.get('status') === 'approved';
}

/** The tags a station file made now gets: a mystery's (with the submission's key, or a new one) or the named ones. */
export type StationPlan = { tags: StationTags; mystery: boolean; key: string | null };

export async function stationPlan(deps: Deps, doc: StoredRadioSubmission): Promise<StationPlan> {
  if (doc.submission_type !== 'music' || !doc.track_id) return { tags: namedTags(doc), mystery: false, key: null };
  const track = await deps.db.collection(COL.tracks).doc(doc.track_id).get();
  if (!inContest(track)) return { tags: namedTags(doc), mystery: false, key: null };
  const key = doc.station_key ?? newStationKey();
  return { tags: mysteryTags(key), mystery: true, key };
}

/**
 * The plan with the key the submission has by now (`current`: read in the caller's transaction;
 * a concurrent download may have given it one), and the fields to store for it.
 */
export function settleKey(plan: StationPlan, current: StoredRadioSubmission): { plan: StationPlan; patch: Partial<StoredRadioSubmission> } {
  if (!plan.mystery) return { plan, patch: {} };
  const key = current.station_key ?? plan.key!;
  return { plan: { ...plan, key, tags: mysteryTags(key) }, patch: current.station_key ? {} : { station_key: key } };
}

/**
 * Names again on the station every mystery file whose track has left the contest (rejected,
 * deleted, moved to the marketplace): the file gets its named tags (RadioStation.retag), then
 * the submission forgets the mystery. Run with the airing (every minute deployed, every few
 * seconds locally); a station that refuses is asked again on the next run. A mystery only made
 * for the manual download (not uploaded) waits until it is marked uploaded.
 */
export async function revealRetired(deps: Deps, station: RadioStation): Promise<number> {
  const { db } = deps;
  const snap = await db.collection(COL.radioSubmissions).where('station_mystery', '==', true).limit(BATCH).get();
  const onStation = snap.docs.map(storedOf).filter((d) => d.sftp_uploaded && d.sftp_path && d.track_id);
  if (!onStation.length) return 0;
  const tracks = await db.getAll(...onStation.map((d) => db.collection(COL.tracks).doc(d.track_id!)));
  let revealed = 0;
  for (const [i, doc] of onStation.entries()) {
    if (inContest(tracks[i]!)) continue;
    try {
      await station.retag({ path: doc.sftp_path!, ...namedTags(doc), album: '' });
    } catch (err) {
      log.stationCallFailed('retag', doc.id, err);
      continue;
    }
    const ref = radioRef(db, doc.id);
    const done = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      // A new upload in between made a file of its own: it is that file's tags that count.
      if (current.get('station_mystery') !== true || current.get('sftp_path') !== doc.sftp_path) return false;
      tx.update(ref, { station_mystery: false, ...changed() });
      return true;
    });
    if (done) revealed++;
  }
  return revealed;
}
