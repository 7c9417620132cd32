import * as z from 'zod/mini';

/** AzuraCast's now-playing response; only the song's title and artist matter here. */
const nowPlayingSchema = z.looseObject({
  now_playing: z.looseObject({
    song: z.looseObject({ title: z.string(), artist: z.string() }),
  }),
});

export type NowPlaying = { title: string; artist: string };

export function parseNowPlaying(json: unknown): NowPlaying | null {
  const parsed = nowPlayingSchema.safeParse(json);
  if (!parsed.success) return null;
  const { title, artist } = parsed.data.now_playing.song;
  return { title, artist };
}
