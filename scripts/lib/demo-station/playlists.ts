/**
 * The demo station's playlists, as AzuraCast keeps them (Entity/StationPlaylist.php,
 * Entity/StationSchedule.php) and plays them (Radio/AutoDJ/Scheduler.php), for what the API uses:
 * a playlist of songs with schedule items; while one of its items is on, the AutoDJ plays from it
 * (before unscheduled playlists: QueueBuilder::calculateNextSong). Schedule items hold times as
 * HHMM integers and dates as YYYY-MM-DD in the station's time zone; an item whose start and end
 * time are equal is a "play once" item, on for 15 minutes from its start
 * (Scheduler::shouldSchedulePlayNow). Backend options: `interrupt` cuts the song playing
 * (QueueBuilder's interrupting queue), `single_track` plays one track per scheduled period
 * (Scheduler::shouldPlayInSchedulePeriod: not again once `played_at` is inside it).
 */

export type ScheduleItem = { id: number; start_time: number; end_time: number; start_date: string | null; end_date: string | null; days: number[]; loop_once: boolean };

export type Playlist = {
  id: number;
  name: string;
  type: string;
  source: string;
  order: string;
  is_enabled: boolean;
  include_in_requests: boolean;
  avoid_duplicates: boolean;
  weight: number;
  backend_options: string[];
  schedule_items: ScheduleItem[];
  /** When it last played a track (ms), AzuraCast's `played_at`. */
  playedAt: number | null;
};

const PLAY_ONCE_MS = 15 * 60_000;

/** The wall clock of `ms` in `timeZone`: its date (YYYY-MM-DD), HHMM and ISO day (1 Monday … 7 Sunday). */
export function zonedClock(ms: number, timeZone: string): { date: string; hhmm: number; isoDay: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const isoDay = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hhmm: Number(parts.hour) * 100 + Number(parts.minute), isoDay };
}

/** Minutes since midnight of an HHMM time. */
const minutesOf = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);

/**
 * When the item's period that contains `now` started (ms), or null when the item is off at `now`.
 * Days and dates are the station's; a period from one day into the next is not needed here (the
 * API makes play-once items only) and counts as off.
 */
export function activePeriodStart(item: ScheduleItem, now: number, timeZone: string): number | null {
  const clock = zonedClock(now, timeZone);
  const nowMin = minutesOf(clock.hhmm);
  // Today's period and, for a play-once item near midnight, yesterday's (its 15 minutes run past midnight).
  for (const back of [0, 1]) {
    const day = zonedClock(now - back * 86_400_000, timeZone);
    if (item.start_date && day.date < item.start_date) continue;
    if (item.end_date && day.date > item.end_date) continue;
    if (item.days.length && !item.days.includes(day.isoDay)) continue;
    const start = minutesOf(item.start_time) - back * 1440;
    const end = item.start_time === item.end_time ? start + PLAY_ONCE_MS / 60_000 : minutesOf(item.end_time) - back * 1440;
    if (nowMin >= start && nowMin < end) return now - (nowMin - start) * 60_000 - (now % 60_000);
  }
  return null;
}

/** The playlists whose turn it is at `now`, each with the start of its period (only those with songs to play). */
export function duePlaylists(playlists: Iterable<Playlist>, hasSongs: (p: Playlist) => boolean, now: number, timeZone: string): Array<{ playlist: Playlist; since: number }> {
  const due: Array<{ playlist: Playlist; since: number }> = [];
  for (const playlist of playlists) {
    if (!playlist.is_enabled || playlist.type !== 'default' || playlist.source !== 'songs' || !playlist.schedule_items.length || !hasSongs(playlist)) continue;
    for (const item of playlist.schedule_items) {
      const since = activePeriodStart(item, now, timeZone);
      if (since === null) continue;
      // One track per period (single_track), or one pass through a one-song playlist (loop_once): not again once played in it.
      const once = playlist.backend_options.includes('single_track') || item.loop_once;
      if (once && playlist.playedAt !== null && playlist.playedAt >= since) continue;
      due.push({ playlist, since });
      break;
    }
  }
  return due;
}
