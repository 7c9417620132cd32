/**
 * Contest test data written straight into Firestore and storage (as an approved submission
 * leaves it), plus small helpers for the vote-session and votes endpoints.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { SongType } from '../../common/contest/contest';
import type { SessionClip, VoteSessionView } from '../../common/contest/voting';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { cutPreview } from '../../functions/src/platform/media/media';
import { statsFromTrack, type TrackDoc } from '../../functions/src/tracks/track-doc';
import { newSampleKey } from '../../functions/src/voting/sample-key';
import { runFfmpeg } from '../../scripts/lib/media';
import type { Harness } from './harness';
import { voteDoc } from './vote-doc';

export { voteDoc };

let clipBytes: Promise<Buffer> | null = null;

/** A 1 s, tag-free mp3, generated once per test file. */
export function testClip(): Promise<Buffer> {
  clipBytes ??= (async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'clip-')), 'clip.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-map_metadata', '-1', '-write_xing', '0', '-id3v2_version', '0', '-c:a', 'libmp3lame', '-b:a', '32k', out]);
    return readFile(out);
  })();
  return clipBytes;
}

let previewBytes: Promise<Buffer> | null = null;

/** A preview as submission makes one (cutPreview), of the test clip: its own bytes. */
export function testPreview(): Promise<Buffer> {
  previewBytes ??= (async () => cutPreview(ffmpegInstaller.path, await testClip(), 'mp3', 0))();
  return previewBytes;
}

let order = 0;

/**
 * An approved contest track with its clip (clips/{id} + file) and zeroed track_stats; a
 * marketplace track also gets a preview file (previews/{id}.mp3), as submission gives it.
 */
export async function addTrack(h: { db: Firestore; deps: Pick<Harness['deps'], 'storage'> }, over: Partial<TrackDoc> = {}): Promise<TrackDoc> {
  const id = over.id ?? `trk_${randomUUID().slice(0, 12)}`;
  const clipId = over.clip_id ?? randomBytes(12).toString('hex');
  const songType: SongType = over.song_type ?? 'human';
  const previewPath = over.submission_type === 'marketplace' ? `previews/${randomBytes(12).toString('hex')}.mp3` : null;
  const track: TrackDoc = {
    id,
    title: `Track ${id}`,
    artist_name: `Artist ${id}`,
    genre: 'Pop',
    is_ai: songType !== 'human',
    song_type: songType,
    submission_type: 'contest',
    status: 'approved',
    audio_path: `audio/${id}.mp3`,
    clip_id: clipId,
    video_path: null,
    preview_path: previewPath,
    cover_art_url: '/placeholders/cover-01.jpg',
    preview_start_time: 0,
    duration_seconds: 60,
    creation_story: null,
    hybrid_ai_elements: [],
    hybrid_human_elements: [],
    hybrid_tools_used: [],
    submitted_by: 'someone_else',
    // Distinct, increasing times so "newest first" is well defined.
    created_at: new Date(Date.parse('2026-02-01T00:00:00Z') + order++ * 1000).toISOString(),
    rand: newSampleKey(),
    ...over,
  };
  const path = `clips/${clipId}.mp3`;
  await h.deps.storage.put(path, await testClip(), 'audio/mpeg');
  if (track.preview_path) await h.deps.storage.put(track.preview_path, await testPreview(), 'audio/mpeg');
  const batch = h.db.batch();
  batch.set(h.db.collection('tracks').doc(id), track);
  batch.set(h.db.collection('clips').doc(clipId), { track_id: id, path, created_at: track.created_at });
  batch.set(h.db.collection('track_stats').doc(id), {
    ...statsFromTrack(track, { total_votes: 0, correct_guesses: 0, incorrect_guesses: 0 }, 1),
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false,
  });
  await batch.commit();
  return track;
}

export async function makeAdmin(db: Firestore, uid: string, role: 'admin' | 'super_admin' = 'admin'): Promise<void> {
  await db.collection('user_roles').doc(uid).set({ user_id: uid, roles: ['user', role], updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

export type SessionResponse = {
  status: number;
  body: { session: VoteSessionView | null; balance?: number; error?: { code: string; message: string; detail?: string; cost?: number; balance?: number } };
};

/** POST /api/vote-sessions; `tokenCost`: the price the caller confirms (needed for a paid session). */
export const openSession = (h: Harness, token: string, tokenCost?: number): Promise<SessionResponse> =>
  h.call('POST', '/api/vote-sessions', { token, body: tokenCost === undefined ? {} : { token_cost: tokenCost } });

export const pushVotes = (h: Harness, token: string, docs: Array<Record<string, unknown>>) =>
  h.call('POST', '/api/sync/votes/push', { token, body: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })) });

/**
 * The tracks behind a session's clips, read from the stored session (a clip's id is a handle of
 * that session only): tests may know them, voters may not.
 */
export async function clipTracks(db: Firestore, tracks: readonly TrackDoc[], sessionId: string): Promise<(clipId: string) => TrackDoc> {
  const stored = (await db.collection('vote_sessions').doc(sessionId).get()).data();
  if (!stored) throw new Error(`no session ${sessionId}`);
  const byHandle = new Map((stored.clips as Array<{ clip_id: string }>).map((c, i) => [c.clip_id, (stored.track_ids as string[])[i]]));
  return (clipId) => {
    const t = tracks.find((x) => x.id === byHandle.get(clipId));
    if (!t) throw new Error(`no track for clip ${clipId} of session ${sessionId}`);
    return t;
  };
}

/** The clip of `track` in a session (its handle there, from the stored session); throws when the session does not hold it. */
export async function clipOfTrack(db: Firestore, session: VoteSessionView, track: TrackDoc): Promise<SessionClip> {
  const stored = (await db.collection('vote_sessions').doc(session.id).get()).data();
  const i = ((stored?.track_ids ?? []) as string[]).indexOf(track.id);
  const handle = i < 0 ? undefined : (stored!.clips as SessionClip[])[i]?.clip_id;
  const clip = session.clips.find((c) => c.clip_id === handle);
  if (!clip) throw new Error(`session ${session.id} does not hold track ${track.id}`);
  return clip;
}

/** Every document of a collection, as plain data with ids. */
export async function allDocs(db: Firestore, collection: string): Promise<Array<Record<string, any> & { id: string }>> {
  const snap = await db.collection(collection).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
}

/** Votes on every clip of a session (guessing `guess`) and returns the pushed results. */
export async function voteAll(h: Harness, token: string, session: VoteSessionView, guess: SongType = 'human') {
  const res = await pushVotes(h, token, session.clips.map((c) => voteDoc(session.id, c.clip_id, guess)));
  if (res.status !== 200) throw new Error(`push: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Array<Record<string, any>>;
}

/** Reads Server-Sent Events from a fetch body; keeps the raw text received, comments included. */
export function sseReader<T = unknown>(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: T[] = [];
  let raw = '';
  let buffer = '';
  let cursor = 0;
  async function next(): Promise<T> {
    while (cursor >= events.length) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data) events.push(JSON.parse(data) as T);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended; events so far: ${JSON.stringify(events)}`);
      const text = decoder.decode(value, { stream: true });
      raw += text;
      buffer += text;
    }
    return events[cursor++]!;
  }
  return {
    events,
    raw: () => raw,
    next,
    async until(predicate: (e: T) => boolean): Promise<T> {
      for (;;) {
        const e = await next();
        if (predicate(e)) return e;
      }
    },
  };
}
