import type { AiredSong, RadioStation, StationRecent } from '../platform/station/station';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { revealRetired } from './mystery';
import { changed, mysteryTags, namedTags, radioRef, stationTags, storedOf, type StationTags, type StoredRadioSubmission } from './submission-doc';

/** Scheduled submissions looked at per run (the queue is small; the rest wait for the next run). */
const BATCH = 200;
/** Runs in a row (minutes) the station may refuse to schedule a submission before it goes back to the admin. */
export const MAX_PLAY_FAILURES = 5;
/**
 * How long before its time a broadcast is put on the station's own schedule: AzuraCast's AutoDJ
 * picks songs ahead, and a file uploaded just before may still be processing (the next runs ask again).
 */
export const SCHEDULE_LEAD_MS = 10 * 60_000;
/** A play in the history counts from this long before its minute (the two clocks differ). */
const CLOCK_SLACK_MS = 10_000;

/**
 * The minute (ms) the station airs the submission at: its scheduled time, or the minute it was put
 * on the station's schedule when that came later (a late run: the station plays it at once).
 */
export const slotOf = (scheduledTime: string, requestedAt: string): number => Math.floor(Math.max(Date.parse(scheduledTime), Date.parse(requestedAt)) / 60_000) * 60_000;

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

/** Whether the station has finished playing the submission scheduled on it for the minute `slot`. */
function hasAired(doc: StoredRadioSubmission, slot: number, recent: StationRecent, now: number): boolean {
  const names = namesOf(doc);
  const same = (song: AiredSong) => names.some((tags) => sameTags(song, tags));
  const since = slot - CLOCK_SLACK_MS;
  if (recent.history.some((s) => same(s) && playedAtMs(s) >= since)) return true;
  const playing = recent.now;
  return Boolean(playing && same(playing) && playedAtMs(playing) >= since && now - playedAtMs(playing) >= playing.duration * 1000);
}

/**
 * The airing of scheduled submissions, run every minute (an onSchedule function deployed, a
 * timer in the local stack):
 * 1. a scheduled submission whose time is less than SCHEDULE_LEAD_MS away and that is not on the
 *    station's schedule yet is claimed in a transaction (`station_requested_at`) and then put on
 *    the station's own schedule at its minute (RadioStation.schedule: AzuraCast plays it then,
 *    interrupting the song on air), the station's id of that airing kept (`station_playlist_id`);
 *    if that call fails, the claim is withdrawn so the next run asks again, MAX_PLAY_FAILURES
 *    times in a row at most: then it goes back to approved with the error on its SFTP status;
 * 2. a scheduled one becomes broadcasted once the station's history shows it played from its
 *    minute on, or its now-playing entry has run its whole duration; then its airing is taken off
 *    the station's schedule (a refusal leaves a playlist whose one date has passed: harmless);
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
  await unscheduleTurnedDown(deps, station);
  const snap = await db.collection(COL.radioSubmissions).where('status', '==', 'scheduled').limit(BATCH).get();
  const scheduled = snap.docs.map(storedOf).filter((d) => d.scheduled_broadcast_time && d.sftp_path);

  for (const due of scheduled.filter((d) => !d.station_requested_at && Date.parse(d.scheduled_broadcast_time!) - SCHEDULE_LEAD_MS <= deps.now())) {
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
      const playlistId = await station.schedule({ path: due.sftp_path!, ...stationTags(due) }, slotOf(due.scheduled_broadcast_time!, requestedAt));
      const kept = await db.runTransaction(async (tx) => {
        const current = await tx.get(ref);
        if (current.get('status') !== 'scheduled' || current.get('station_requested_at') !== requestedAt) return false;
        tx.update(ref, { station_playlist_id: playlistId, station_play_failures: 0, ...changed() });
        return true;
      });
      // Turned down (or rescheduled) meanwhile: the airing comes off the station again.
      if (!kept) await station.unschedule(playlistId).catch((err: unknown) => log.stationCallFailed('unschedule', due.id, err));
      done.requested++;
    } catch (err) {
      log.stationCallFailed('schedule', due.id, err);
      await db.runTransaction(async (tx) => {
        const current = await tx.get(ref);
        if (current.get('station_requested_at') !== requestedAt) return;
        const failures = (storedOf(current).station_play_failures ?? 0) + 1;
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
  let recent: StationRecent;
  try {
    recent = await station.recent();
  } catch (err) {
    log.stationCallFailed('recent', null, err);
    return done;
  }
  for (const doc of requested) {
    if (!hasAired(doc, slotOf(doc.scheduled_broadcast_time!, doc.station_requested_at!), recent, deps.now())) continue;
    const ref = radioRef(db, doc.id);
    const aired = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (current.get('status') !== 'scheduled' || current.get('station_requested_at') !== doc.station_requested_at) return false;
      tx.update(ref, { status: 'broadcasted', ...changed() });
      return true;
    });
    if (!aired) continue;
    done.broadcasted++;
    if (doc.station_playlist_id) await station.unschedule(doc.station_playlist_id).catch((err: unknown) => log.stationCallFailed('unschedule', doc.id, err));
  }
  return done;
}

/**
 * Takes off the station the airings of submissions turned down after they were put on its
 * schedule (withdraw.ts turnedDown queues them): otherwise a rejected track would still air at its
 * time. A refusal is tried again on the next run.
 */
async function unscheduleTurnedDown(deps: Deps, station: RadioStation): Promise<void> {
  const snap = await deps.db.collection(COL.radioSubmissions).where('station_playlist_to_remove', '!=', null).limit(BATCH).get();
  for (const doc of snap.docs) {
    const id = storedOf(doc).station_playlist_to_remove;
    if (!id) continue;
    try {
      await station.unschedule(id);
    } catch (err) {
      log.stationCallFailed('unschedule', doc.id, err);
      continue;
    }
    await deps.db.runTransaction(async (tx) => {
      if ((await tx.get(doc.ref)).get('station_playlist_to_remove') === id) tx.update(doc.ref, { station_playlist_to_remove: null });
    });
  }
}
