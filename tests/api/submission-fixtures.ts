/**
 * Tracks made through the real submission endpoint (clip and preview cut by ffmpeg), approved
 * and listed through the CMS and marketplace endpoints, plus ways to read what they stored.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { runFfmpeg } from '../../scripts/lib/media';
import type { Harness } from './harness';

type Who = { token: string };

/** `seconds` of a tone as a tagged mp3 (the tags name the title and a tool, as real uploads may). */
export async function taggedSong(seconds: number, hz: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'song-'));
  try {
    const out = join(dir, 'song.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Secret', '-metadata', 'artist=Suno', '-id3v2_version', '3', out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** POST /api/tracks as the PWA sends it; returns the created tracks as stored. */
export async function submitSong(h: Harness, who: Who, fields: Record<string, string>, audio: Buffer): Promise<TrackDoc[]> {
  const body = new FormData();
  for (const [k, v] of Object.entries({ genre: 'Jazz', previewStartTime: '5', ...fields })) body.append(k, v);
  body.append('audioFile', new Blob([new Uint8Array(audio)]), 'song.mp3');
  const res = await fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${who.token}` }, body });
  const json = (await res.json()) as { tracks: Array<{ id: string }> };
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${JSON.stringify(json)}`);
  return Promise.all(json.tracks.map((t) => storedTrack(h, t.id)));
}

export async function storedTrack(h: Harness, id: string): Promise<TrackDoc> {
  return { ...((await h.db.collection('tracks').doc(id).get()).data() as TrackDoc), id };
}

/** Approves each track through the CMS. */
export async function approve(h: Harness, admin: Who, ...tracks: TrackDoc[]): Promise<void> {
  for (const t of tracks) {
    const res = await h.call('POST', `/api/cms/tracks/${t.id}/approve`, { token: admin.token, body: {} });
    if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Lists a track through the CMS endpoint; returns the listing as the API answered. */
export async function list(h: Harness, admin: Who, track: TrackDoc): Promise<Record<string, any> & { id: string; preview_url: string | null }> {
  const res = await h.call('POST', '/api/marketplace/listings', { token: admin.token, body: { track_id: track.id } });
  if (res.status !== 201) throw new Error(`listing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.listing;
}

/** The stored clip file of a track (what its voters download). */
export async function clipFileOf(h: Harness, track: TrackDoc): Promise<Buffer> {
  const path = (await h.db.collection('clips').doc(track.clip_id).get()).get('path') as string;
  return (await h.deps.storage.get(path))!.data;
}

/** Follows a listing's preview link: the redirect's target and the bytes it serves. */
export async function fetchPreview(h: Harness, previewUrl: string): Promise<{ status: number; location: string | null; bytes: Buffer | null }> {
  const first = await fetch(h.url(previewUrl), { redirect: 'manual' });
  const location = first.headers.get('location');
  await first.arrayBuffer();
  if (first.status !== 302 || !location) return { status: first.status, location, bytes: null };
  const file = await fetch(h.url(location));
  return { status: first.status, location, bytes: Buffer.from(await file.arrayBuffer()) };
}
