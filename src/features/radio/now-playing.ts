/** AzuraCast's now-playing response; only the song's title and artist matter here. */
export type NowPlaying = { title: string; artist: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function parseNowPlaying(json: unknown): NowPlaying | null {
  if (!isRecord(json) || !isRecord(json.now_playing) || !isRecord(json.now_playing.song)) return null;
  const { title, artist } = json.now_playing.song;
  return typeof title === 'string' && typeof artist === 'string' ? { title, artist } : null;
}
