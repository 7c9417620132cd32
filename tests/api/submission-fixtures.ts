/**
 * Tracks made through the real submission endpoint (clip and preview cut by ffmpeg), approved
 * and listed through the CMS and marketplace endpoints, plus ways to read what they stored.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { runFfmpeg } from '../../scripts/lib/media';
import type { Harness } from './harness';

type Who = { token: string };

/** An mp3 that ffmpeg renders from `args` (its inputs and encoding). */
async function renderMp3(args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'song-'));
  try {
    const out = join(dir, 'song.mp3');
    await runFfmpeg([...args, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `seconds` of a tone as a tagged mp3 (the tags name the title and a tool, as real uploads may). */
export const taggedSong = (seconds: number, hz: number): Promise<Buffer> =>
  renderMp3(['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Secret', '-metadata', 'artist=Suno', '-id3v2_version', '3']);

/** `audio` with its ID3 title changed: other bytes, the same decoded samples. */
export async function retagged(audio: Buffer, title: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'retag-'));
  try {
    await writeFile(join(dir, 'in.mp3'), audio);
    await runFfmpeg(['-i', join(dir, 'in.mp3'), '-c', 'copy', '-metadata', `title=${title}`, '-id3v2_version', '3', join(dir, 'out.mp3')]);
    return await readFile(join(dir, 'out.mp3'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let tones = 0;
/**
 * An mp3 of `seconds` whose samples no other call in this test file gives (a tone of a pitch of
 * its own), quick to make (mono, 8 kHz). The contest takes one entry per recording
 * (functions/src/tracks/contest-audio.ts): each contest submission meant to succeed needs its own.
 */
export const distinctSong = (seconds: number): Promise<Buffer> =>
  renderMp3(['-f', 'lavfi', '-i', `sine=frequency=${200 + 3 * tones++}:duration=${seconds}:sample_rate=8000`, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '16k']);

/** POST /api/tracks as the PWA sends it; the status and the answer. */
export async function postSong(h: Harness, who: Who, fields: Record<string, string>, audio: Buffer): Promise<{ status: number; body: any }> {
  const body = new FormData();
  for (const [k, v] of Object.entries({ genre: 'Jazz', previewStartTime: '5', ...fields })) body.append(k, v);
  body.append('audioFile', new Blob([new Uint8Array(audio)]), 'song.mp3');
  const res = await fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${who.token}` }, body });
  return { status: res.status, body: await res.json() };
}

/** POST /api/tracks as the PWA sends it; returns the created tracks as stored. */
export async function submitSong(h: Harness, who: Who, fields: Record<string, string>, audio: Buffer): Promise<TrackDoc[]> {
  const res = await postSong(h, who, fields, audio);
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
  return Promise.all((res.body as { tracks: Array<{ id: string }> }).tracks.map((t) => storedTrack(h, t.id)));
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
