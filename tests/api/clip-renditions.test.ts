import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteSessionView } from '../../common/contest/voting';
import { cutClip, id3Length, probeAudio } from '../../functions/src/platform/media/media';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { forgetSignMaps } from '../../functions/src/voting/clip-rendition';
import { ensureRadioDemoMp3 } from '../../scripts/lib/media';
import { addTrack, clipOfTrack, openSession, pushVotes, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/**
 * Every session gets its own rendition of a clip (voting/clip-rendition.ts): other bytes, other
 * audio frames and other samples than any other session's, yet the same audio to the ear (the
 * difference from the stored clip stays more than 60 dB below it), and the same bytes on every
 * fetch. The clips here are cut as submissions cut them, from rendered music.
 */
const exec = promisify(execFile);
const DAY = 86_400_000;
let h: Harness;
let dir: string;
let track: TrackDoc;
let other: TrackDoc;
/** The stored clip of `track`. */
let stored: Buffer;

beforeAll(async () => {
  h = await startHarness();
  h.clock.now = Date.now();
  dir = await mkdtemp(join(tmpdir(), 'renditions-'));
  const music = await readFile(await ensureRadioDemoMp3(dir));
  stored = await cutClip(ffmpegInstaller.path, music, 'mp3', 20);
  track = await addTrack(h, { title: 'Rendered Track', song_type: 'ai' });
  other = await addTrack(h, { title: 'Other Track', song_type: 'human' });
  for (const t of [track, other]) await h.deps.storage.put(`clips/${t.clip_id}.mp3`, stored, 'audio/mpeg');
}, 120_000);
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const fetchBytes = async (url: string, init?: RequestInit) => {
  const res = await fetch(h.url(url), init);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};
const clipOf = async (session: VoteSessionView, t: TrackDoc = track) => (await fetchBytes((await clipOfTrack(h.db, session, t)).clip_url)).bytes;
const sessionFor = async (token: string) => (await openSession(h, token)).body.session!;

/** The MPEG audio frames without the leading ID3v2 tag, their 4-byte headers (and CRCs) or a trailing tag: what a header-blind hash would hash. */
function framePayloads(mp3: Buffer): Buffer[] {
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const frames: Buffer[] = [];
  for (let at = id3Length(mp3); at + 4 <= mp3.length && mp3[at] === 0xff && (mp3[at + 1]! & 0xfe) === 0xfa; ) {
    const length = Math.floor((144_000 * kbps[mp3[at + 2]! >> 4]!) / 44_100) + ((mp3[at + 2]! >> 1) & 1);
    frames.push(mp3.subarray(at + 4 + (mp3[at + 1]! & 1 ? 0 : 2), at + length));
    at += length;
  }
  return frames;
}
const sha = (parts: Buffer[]) => parts.reduce((hash, p) => hash.update(p), createHash('sha256')).digest('hex');

/** The decoded samples (32-bit float, interleaved), as a player hears them. */
async function decode(mp3: Buffer): Promise<Float32Array> {
  const [input, output] = [join(dir, `in-${Math.random()}.mp3`), join(dir, `out-${Math.random()}.f32`)];
  await writeFile(input, mp3);
  await exec(ffmpegInstaller.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-f', 'f32le', '-c:a', 'pcm_f32le', output]);
  const raw = await readFile(output);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

/** 10·log10(signal energy / difference energy) of two decodes, sample for sample. */
function differenceDb(signal: Float32Array, copy: Float32Array): number {
  let [s, d] = [0, 0];
  for (let i = 0; i < signal.length; i++) {
    s += signal[i]! ** 2;
    d += (signal[i]! - copy[i]!) ** 2;
  }
  return 10 * Math.log10(s / d);
}

describe('per-session renditions', () => {
  it('two users, and one user in two sessions, get different bytes, frames and samples for a track, each inaudibly far from the stored clip', { timeout: 120_000 }, async () => {
    const [ann, bob] = [await signUp(h, 'rend_ann'), await signUp(h, 'rend_bob')];
    const [annFirst, bobs] = [await sessionFor(ann.token), await sessionFor(bob.token)];
    const first = await clipOf(annFirst);
    // Ann's vote on the track is refused while it is withdrawn, so her session completes without a vote key for it...
    await h.db.collection('tracks').doc(track.id).update({ status: 'pending' });
    const votes = await Promise.all(
      [track, other].map(async (t) => voteDoc(annFirst.id, (await clipOfTrack(h.db, annFirst, t)).clip_id, 'ai')),
    );
    expect((await pushVotes(h, ann.token, votes)).body.map((v: { status: string }) => v.status)).toEqual(['rejected', 'scored']);
    // ...and back in the contest it comes to her again, in a new session.
    await h.db.collection('tracks').doc(track.id).update({ status: 'approved' });
    const annSecond = await sessionFor(ann.token);
    expect(annSecond.id).not.toBe(annFirst.id);
    const renditions = [first, await clipOf(bobs), await clipOf(annSecond)];

    const all = [stored, ...renditions];
    expect(new Set(all.map((b) => sha([b]))).size).toBe(4);
    expect(new Set(all.map((b) => sha(framePayloads(b)))).size).toBe(4);
    for (const r of renditions) {
      // Same file layout: as many frames, the same length, no tag added.
      expect(r).toHaveLength(stored.length);
      expect(framePayloads(r)).toHaveLength(framePayloads(stored).length);
      expect(framePayloads(r).length).toBeGreaterThan(1700); // 45 s of 1152-sample frames
    }
    // The decoded samples differ too (probeAudio's hash is of the samples)...
    const sampleHashes = await Promise.all(all.map(async (b) => (await probeAudio(ffmpegInstaller.path, b, 'mp3')).samplesSha256));
    expect(new Set(sampleHashes).size).toBe(4);
    // ...by less than anyone hears: the difference stays more than 60 dB below the signal.
    const original = await decode(stored);
    for (const r of renditions) {
      const heard = await decode(r);
      expect(heard).toHaveLength(original.length); // same frames, so sample for sample aligned
      expect(differenceDb(original, heard)).toBeGreaterThanOrEqual(60);
    }
  });

  it('gives a session the same bytes on every fetch, whole or by range, from a fresh instance too', async () => {
    const u = await signUp(h, 'rend_again');
    const s = await sessionFor(u.token);
    const url = (await clipOfTrack(h.db, s, track)).clip_url;
    const once = await fetchBytes(url);
    expect(once).toMatchObject({ status: 200, type: 'audio/mpeg' });
    expect(once.bytes.equals(stored)).toBe(false);
    expect((await fetchBytes(url)).bytes.equals(once.bytes)).toBe(true);
    const range = await fetchBytes(url, { headers: { Range: 'bytes=1000-199999' } });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(once.bytes.subarray(1000, 200_000))).toBe(true);
    // A rendition is made from the session's own seed, not kept in memory: after the instance's cache is gone it is the same.
    forgetSignMaps();
    expect((await fetchBytes(url)).bytes.equals(once.bytes)).toBe(true);
  });

  it("keeps the rendition's seed on the server: neither the session's answer nor its sync carries it", async () => {
    const u = await signUp(h, 'rend_seed');
    const opened = await openSession(h, u.token);
    const seed = (await h.db.collection('vote_sessions').doc(opened.body.session!.id).get()).get('clip_seed');
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    const pulled = await h.call('GET', '/api/sync/vote_sessions/pull?limit=200', { token: u.token });
    expect(pulled.status).toBe(200);
    for (const body of [opened.body, pulled.body]) {
      expect(JSON.stringify(body)).not.toContain(seed);
      expect(JSON.stringify(body)).not.toContain('clip_seed');
    }
  });

  it("refuses another session's handle (404) and an expired session's clips (403)", async () => {
    const [u, v] = [await signUp(h, 'rend_wrong'), await signUp(h, 'rend_late')];
    const [s, t] = [await sessionFor(u.token), await sessionFor(v.token)];
    const theirs = (await clipOfTrack(h.db, t, track)).clip_id;
    expect((await fetchBytes(`/api/files/clips/${s.id}/${theirs}`)).status).toBe(404);
    expect((await fetchBytes(`/api/files/clips/${s.id}/${'0'.repeat(32)}`)).status).toBe(404);
    h.clock.now = Date.now() + 8 * DAY;
    try {
      expect((await fetchBytes((await clipOfTrack(h.db, s, track)).clip_url)).status).toBe(403);
    } finally {
      h.clock.now = Date.now();
    }
  });
});
