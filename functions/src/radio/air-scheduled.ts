import type { AiredSong } from '../platform/station';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { RADIO_MSG } from '../../../common/radio-messages';
import { revealRetired } from './mystery';
import { changed, mysteryTags, namedTags, radioRef, stationTags, storedOf, type StationTags, type StoredRadioSubmission } from './submission-doc';

/** Scheduled submissions looked at per run (the queue is small; the rest wait for the next run). */
const BATCH = 200;
/** Runs in a row (minutes) the station may refuse to play a submission before it goes back to the admin. */
export const MAX_PLAY_FAILURES = 5;
/** A play in the history counts from this long before the request (the two clocks differ). */
const CLOCK_SLACK_MS = 10_000;

/** AzuraCast reports unix seconds; milliseconds are taken as they are. */
const playedAtMs = (song: AiredSong): number => (song.playedAt > 1e12 ? song.playedAt : song.playedAt * 1000);
const sameTags = (song: AiredSong, tags: StationTags) => song.title === tags.title && song.artist === tags.artist && (!tags.album || song.album === tags.album);

/**
 * The names the station may report the submission's file by: its tags, and, for a mystery key,
 * the other of mystery and named (the file is renamed when its track leaves the contest, and
 * the station names a song by its tags as they are now).
 */
function namesOf(doc: StoredRadioSubmission): StationTags[] {
  return doc.station_key ? [namedTags(doc), mysteryTags(doc.station_key)] : [namedTags(doc)];
}

/** Whether the station has finished playing the submission asked for at `requestedAt`. */
function hasAired(doc: StoredRadioSubmission, requestedAt: number, recent: { now: AiredSong | null; history: AiredSong[] }, now: number): boolean {
  const names = namesOf(doc);
  const same = (song: AiredSong) => names.some((tags) => sameTags(song, tags));
  const since = requestedAt - CLOCK_SLACK_MS;
  if (recent.history.some((s) => same(s) && playedAtMs(s) >= since)) return true;
  const playing = recent.now;
  return Boolean(playing && same(playing) && playedAtMs(playing) >= since && now - playedAtMs(playing) >= playing.duration * 1000);
}

/**
 * The airing of scheduled submissions, run every minute (an onSchedule function deployed, a
 * timer in the local stack):
 * 1. a scheduled submission whose time has come and that was not requested yet is claimed in a
 *    transaction (`station_requested_at`) and then asked to play next; if that call fails, the
 *    claim is withdrawn so the next run asks again, MAX_PLAY_FAILURES times in a row at most:
 *    then it goes back to approved with the error on its SFTP status;
 * 2. a requested one becomes broadcasted once the station's history shows it played after the
 *    request, or its now-playing entry has run its whole duration;
 * and first, the mystery files of tracks that left the contest are named on the station
 * (mystery.ts: revealRetired).
 * Every change is a transaction that re-reads the document, so runs may overlap. No station: nothing.
 */
export async function airScheduled(deps: Deps): Promise<{ requested: number; broadcasted: number; revealed: number }> {
  const station = deps.station;
  const done = { requested: 0, broadcasted: 0, revealed: 0 };
  if (!station) return done;
  const { db } = deps;
  done.revealed = await revealRetired(deps, station).catch((err: unknown) => {
    log.stationCallFailed('reveal', null, err);
    return 0;
  });
  const snap = await db.collection(COL.radioSubmissions).where('status', '==', 'scheduled').limit(BATCH).get();
  const scheduled = snap.docs.map(storedOf).filter((d) => d.scheduled_broadcast_time && d.sftp_path);

  for (const due of scheduled.filter((d) => !d.station_requested_at && Date.parse(d.scheduled_broadcast_time!) <= deps.now())) {
    const ref = radioRef(db, due.id);
    const requestedAt = new Date(deps.now()).toISOString();
    const claimed = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (current.get('status') !== 'scheduled' || current.get('station_requested_at')) return false;
      tx.update(ref, { station_requested_at: requestedAt, ...changed() });
      return true;
    });
    if (!claimed) continue;
    try {
      await station.playNext({ path: due.sftp_path!, ...stationTags(due) });
      done.requested++;
    } catch (err) {
      log.stationCallFailed('playNext', due.id, err);
      await db.runTransaction(async (tx) => {
        const current = await tx.get(ref);
        if (current.get('station_requested_at') !== requestedAt) return;
        const failures = ((current.get('station_play_failures') as number | undefined) ?? 0) + 1;
        // The station keeps refusing (its file is missing, say: a manual upload marked done that
        // never happened): back to approved with the error, so the admin sees SFTP Failed and can
        // upload it again and reschedule, instead of a row stuck in scheduled.
        if (failures >= MAX_PLAY_FAILURES) {
          tx.update(ref, {
            status: 'approved',
            sftp_uploaded: false,
            sftp_upload_error: RADIO_MSG.stationPlayFailed,
            scheduled_broadcast_time: null,
            station_requested_at: null,
            station_play_failures: 0,
            ...changed(),
          });
        } else tx.update(ref, { station_requested_at: null, station_play_failures: failures, ...changed() });
      });
    }
  }

  const requested = scheduled.filter((d) => d.station_requested_at);
  if (!requested.length) return done;
  let recent: Awaited<ReturnType<typeof station.recent>>;
  try {
    recent = await station.recent();
  } catch (err) {
    log.stationCallFailed('recent', null, err);
    return done;
  }
  for (const doc of requested) {
    if (!hasAired(doc, Date.parse(doc.station_requested_at!), recent, deps.now())) continue;
    const ref = radioRef(db, doc.id);
    const aired = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (current.get('status') !== 'scheduled' || current.get('station_requested_at') !== doc.station_requested_at) return false;
      tx.update(ref, { status: 'broadcasted', ...changed() });
      return true;
    });
    if (aired) done.broadcasted++;
  }
  return done;
}
