import { MYSTERY_TRACK } from '@common/radio/radio-messages';

/**
 * AzuraCast's now-playing response; only the song's title and artist matter here. `mystery`: the
 * station names it "Mystery track" with no artist, as the API tags a track on air while it is in
 * the contest (docs/radio-station.md): the bar names no one and invites to vote.
 */
export type NowPlaying = { title: string; artist: string; mystery: boolean; offline?: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * An offline station (`is_online: false`) names "Station Offline" as its song, with no artist
 * (AzuraCast's offline now-playing): it is read as offline, no song.
 */
export function parseNowPlaying(json: unknown): NowPlaying | null {
  if (isRecord(json) && json.is_online === false) return { title: '', artist: '', mystery: false, offline: true };
  if (!isRecord(json) || !isRecord(json.now_playing) || !isRecord(json.now_playing.song)) return null;
  const { title, artist } = json.now_playing.song;
  if (typeof title !== 'string' || typeof artist !== 'string') return null;
  return { title, artist, mystery: title.trim() === MYSTERY_TRACK && artist.trim() === '' };
}
