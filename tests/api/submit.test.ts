import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio, sniffAudio, sniffVideo } from '../../functions/src/platform/media/media';
import { ledgerInvariant, losingCommitAnswers, serveWithDeps, signUp, startHarness, type Harness } from './harness';
import { distinctSong } from './submission-fixtures';

/** POST /api/tracks: multipart submission, media checks, the clip, the fee and what is (not) written. */

const ffmpeg = ffmpegInstaller.path;
const exec = promisify(execFile);
type Who = { uid: string; token: string };
type File = { data: Buffer; name: string };

let h: Harness;
let work: string;
let boss: Who;
const media: Record<'mp3' | 'wav' | 'flac' | 'mp4', Buffer> = { mp3: Buffer.alloc(0), wav: Buffer.alloc(0), flac: Buffer.alloc(0), mp4: Buffer.alloc(0) };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2215bc10000000049454e44ae426082', 'hex');
const BIG_VIDEO = Buffer.alloc(21 * 1024 * 1024);
BIG_VIDEO.write('ftypisom', 4, 'latin1');

async function render(name: string, args: string[]): Promise<Buffer> {
  const out = join(work, name);
  await exec(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, out]);
  return readFile(out);
}
const sine = (hz: number, seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'submit-test-'));
  const [mp3, wav, flac, mp4] = await Promise.all([
    render('song.mp3', [...sine(440, 60), '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Secret', '-metadata', 'artist=Suno', '-id3v2_version', '3']),
    render('song.wav', [...sine(330, 30)]),
    render('song.flac', [...sine(550, 50)]),
    render('clip.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
  ]);
  Object.assign(media, { mp3, wav, flac, mp4 });
  // Over 50 s, so that a clip can start at 5 s.
  songs.push(...(await Promise.all(Array.from({ length: SONGS }, () => distinctSong(55)))));
  h = await startHarness();
  boss = await signUp(h, 'sub_boss');
  await setRoles(boss.uid, ['user', 'super_admin']);
}, 60_000);
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

const fields = (over: Record<string, string | undefined> = {}) => {
  const base: Record<string, string | undefined> = {
    title: 'Night Drive',
    artistName: 'Test Artist',
    genre: 'Pop',
    songType: 'human',
    submissionRoutes: '["contest"]',
    previewStartTime: '5',
    ...over,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
};

async function submit(token: string | null, form: Record<string, string>, audio: File | null, opts: { video?: File; key?: string; base?: string } = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  if (audio) body.append('audioFile', new Blob([new Uint8Array(audio.data)]), audio.name);
  if (opts.video) body.append('videoFile', new Blob([new Uint8Array(opts.video.data)]), opts.video.name);
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.key) headers['Idempotency-Key'] = opts.key;
  const res = await fetch(opts.base ? `${opts.base}/api/tracks` : h.url('/api/tracks'), { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as any };
}

/** Recordings of their own for the submissions after the first (one contest entry per recording): mp3() sends the next. */
const songs: Buffer[] = [];
const SONGS = 24;
const mp3 = (): File => {
  const data = songs.shift();
  if (!data) throw new Error(`more than ${SONGS} submissions: render more songs`);
  return { data, name: 'night-drive.mp3' };
};
/** The first test's recording, for requests refused before what they send is stored. */
const sameSong = (): File => ({ data: media.mp3, name: 'night-drive.mp3' });
const doc = async (col: string, id: string) => (await h.db.collection(col).doc(id).get()).data();
const balanceOf = async (who: Who): Promise<number> => (await h.call('GET', '/api/me', { token: who.token })).body.balance;
const fees = async (who: Who) =>
  (await h.db.collection('token_ledger').where('user_id', '==', who.uid).where('reason', '==', 'submission_fee').get()).docs.map((d) => d.data());

async function storedFiles(): Promise<string[]> {
  const root: string = h.deps.storage['root'];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
}

/** Everything a submission writes: documents of the contest and the token economy, and stored files. */
async function state() {
  const cols = ['tracks', 'track_stats', 'clips', 'token_ledger', 'token_balances', 'submission_keys'];
  const snaps = await Promise.all(cols.map((c) => h.db.collection(c).get()));
  const docs = Object.fromEntries(cols.map((c, i) => [c, snaps[i]!.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort()]));
  return { docs, files: await storedFiles() };
}

async function clipOf(trackId: string) {
  const track = (await doc('tracks', trackId))!;
  const clip = (await doc('clips', track.clip_id))!;
  const file = await h.deps.storage.get(clip.path);
  return { track, clip, file: file! };
}

describe('POST /api/tracks: success', () => {
  it('creates a pending contest track for 10 tokens, with stats, a tag-free 45 s clip and the original', async () => {
    const who = await signUp(h, 'sub_contest');
    const res = await submit(who.token, fields({ hybridAiElements: '["Vocals"]', creationStory: 'not kept' }), { data: media.mp3, name: 'night-drive.mp3' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ tracks: [{ id: expect.any(String), submission_type: 'contest', status: 'pending' }], cost: 10, balance: 40 });
    const id = res.body.tracks[0].id as string;

    const { track, clip, file } = await clipOf(id);
    expect(track).toMatchObject({
      id, title: 'Night Drive', artist_name: 'Test Artist', genre: 'Pop', song_type: 'human', is_ai: false,
      submission_type: 'contest', status: 'pending', cover_art_url: null, submitted_by: who.uid, preview_start_time: 5,
      video_path: null, creation_story: null, hybrid_ai_elements: [], hybrid_human_elements: [], hybrid_tools_used: [],
      created_at: '2026-03-01T12:00:00.000Z', _deleted: false,
    }); // prettier-ignore
    expect(track.updatedAt).toBeDefined();
    expect(track.duration_seconds).toBeCloseTo(60, 0);
    expect(track.audio_path).toMatch(/^originals\/[A-Za-z0-9]+\.mp3$/);
    expect(track.clip_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(clip).toEqual({ track_id: id, path: `clips/${track.clip_id}.mp3`, created_at: track.created_at });
    expect(track.preview_path).toBeNull(); // contest tracks are never listed: no preview

    expect(await doc('track_stats', id)).toMatchObject({
      track_id: id, title: 'Night Drive', artist_name: 'Test Artist', status: 'pending', submission_type: 'contest',
      total_votes: 0, correct_guesses: 0, incorrect_guesses: 0, fool_rate: 0, eligible: false, _deleted: false,
    }); // prettier-ignore

    expect(file.contentType).toBe('audio/mpeg');
    expect(sniffAudio(file.data)).toBe('mp3');
    expect((await probeAudio(ffmpeg, file.data, 'mp3')).durationSeconds).toBeGreaterThan(44.5);
    expect((await probeAudio(ffmpeg, file.data, 'mp3')).durationSeconds).toBeLessThan(45.5);
    expect(media.mp3.includes('Secret', 0, 'latin1')).toBe(true);
    for (const secret of ['Secret', 'Suno', 'ID3', 'Night Drive', 'Test Artist']) expect(file.data.includes(secret, 0, 'latin1'), secret).toBe(false);

    const original = (await h.deps.storage.get(track.audio_path))!;
    expect(original.data.equals(media.mp3)).toBe(true);
    expect(original.contentType).toBe('audio/mpeg');
    const groupId = /^originals\/(.+)\.mp3$/.exec(track.audio_path)![1];
    expect(await fees(who)).toEqual([expect.objectContaining({ delta: -10, reason: 'submission_fee', ref: groupId, balance_after: 40 })]);
    expect(await balanceOf(who)).toBe(40);
  });

  it('charges 15 for the marketplace; a track shorter than 45 s gets start 0 and a clip of its length', async () => {
    const who = await signUp(h, 'sub_market');
    const res = await submit(who.token, fields({ submissionRoutes: '["marketplace"]', previewStartTime: '12.5', artistName: '' }), { data: media.wav, name: 'loop.WAV' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tracks: [{ submission_type: 'marketplace', status: 'pending' }], cost: 15, balance: 35 });
    const { track, file } = await clipOf(res.body.tracks[0].id);
    expect(track).toMatchObject({ preview_start_time: 0, artist_name: 'Anonymous', submission_type: 'marketplace' });
    expect(track.audio_path).toMatch(/\.wav$/);
    expect((await probeAudio(ffmpeg, file.data, 'mp3')).durationSeconds).toBeCloseTo(30, 0);
    // Its preview: its own opaque file, at most 30 s, lower bitrate than the clip, no tags.
    expect(track.preview_path).toMatch(/^previews\/[A-Za-z0-9_-]{24}\.mp3$/);
    const preview = (await h.deps.storage.get(track.preview_path))!;
    expect(preview.contentType).toBe('audio/mpeg');
    expect(preview.data.equals(file.data)).toBe(false);
    expect(preview.data.equals(media.wav)).toBe(false);
    expect((await probeAudio(ffmpeg, preview.data, 'mp3')).durationSeconds).toBeLessThanOrEqual(30);
    expect(preview.data.length).toBeLessThan(file.data.length / 1.8); // 64 kbps mono against 128 kbps stereo
    for (const secret of ['Secret', 'Suno', 'ID3']) expect(preview.data.includes(secret, 0, 'latin1'), secret).toBe(false);
    expect(await balanceOf(who)).toBe(35);
  });

  it('charges 20 for both routes: two tracks, two opaque clips of the same bytes, one ledger entry; hybrid details kept', async () => {
    const who = await signUp(h, 'sub_both');
    const hybrid = {
      songType: 'hybrid', submissionRoutes: '["contest","marketplace"]', hybridAiElements: '["Vocals","Mixing"]',
      hybridHumanElements: '["Lyrics"]', hybridTools: '["AI Maestro","Other"]', creationStory: ' Made at night. ',
    }; // prettier-ignore
    const res = await submit(who.token, fields(hybrid), { data: media.flac, name: 'take.flac' }, { video: { data: media.mp4, name: 'clip.mp4' } });
    expect(res.status).toBe(201);
    expect(res.body.cost).toBe(20);
    expect(res.body.balance).toBe(30);
    expect(res.body.tracks.map((t: { submission_type: string }) => t.submission_type)).toEqual(['contest', 'marketplace']);
    const [a, b] = await Promise.all(res.body.tracks.map((t: { id: string }) => clipOf(t.id)));
    expect(a!.track.id).not.toBe(b!.track.id);
    expect(a!.track.clip_id).not.toBe(b!.track.clip_id);
    expect(a!.file.data.equals(b!.file.data)).toBe(true);
    expect(a!.track.audio_path).toBe(b!.track.audio_path);
    // Only the marketplace twin has a preview; the contest twin's document does not name it.
    expect(a!.track.preview_path).toBeNull();
    expect(b!.track.preview_path).toMatch(/^previews\//);
    expect(await h.deps.storage.get(b!.track.preview_path)).not.toBeNull();
    for (const { track } of [a!, b!]) {
      expect(track).toMatchObject({
        song_type: 'hybrid', is_ai: true, hybrid_ai_elements: ['Vocals', 'Mixing'], hybrid_human_elements: ['Lyrics'],
        hybrid_tools_used: ['AI Maestro', 'Other'], creation_story: 'Made at night.', preview_start_time: 5,
      }); // prettier-ignore
      expect(track.video_path).toMatch(/^videos\/[A-Za-z0-9]+\.mp4$/);
      expect(await doc('track_stats', track.id)).toMatchObject({ track_id: track.id, submission_type: track.submission_type });
    }
    // Stored remuxed without metadata: an MP4, not the uploaded bytes.
    expect(sniffVideo((await h.deps.storage.get(a!.track.video_path))!.data)).toBe('mp4');
    expect(await fees(who)).toHaveLength(1);
    expect(await balanceOf(who)).toBe(30);
  });

  it('lets an admin submit for free, with no ledger entry', async () => {
    const who = await signUp(h, 'sub_admin');
    await setRoles(who.uid, ['user', 'admin']);
    const res = await submit(who.token, fields({ submissionRoutes: '["contest","marketplace"]' }), mp3());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cost: 0, balance: 50 });
    expect(res.body.tracks).toHaveLength(2);
    expect(await fees(who)).toEqual([]);
  });

  it("stores the preview start on the slider's 0.1 s grid", async () => {
    const who = await signUp(h, 'sub_grid');
    const res = await submit(who.token, fields({ previewStartTime: '5.04' }), mp3());
    expect(res.status).toBe(201);
    expect((await clipOf(res.body.tracks[0].id)).track.preview_start_time).toBe(5);
  });

  it('clamps a preview start beyond the end to duration - 45', async () => {
    const who = await signUp(h, 'sub_clamp');
    const res = await submit(who.token, fields({ previewStartTime: '500' }), mp3());
    expect(res.status).toBe(201);
    const { track, file } = await clipOf(res.body.tracks[0].id);
    expect(track.preview_start_time).toBeCloseTo(track.duration_seconds - 45, 1);
    expect((await probeAudio(ffmpeg, file.data, 'mp3')).durationSeconds).toBeGreaterThan(44);
  });
});

describe('POST /api/tracks: refusals write nothing', () => {
  async function refused(who: Who | null, form: Record<string, string>, audio: File | null, opts: { video?: File } = {}) {
    const before = await state();
    const res = await submit(who?.token ?? null, form, audio, opts);
    expect(await state()).toEqual(before);
    return res;
  }

  it('402 with the spec texts when the balance is short', async () => {
    const who = await signUp(h, 'sub_poor');
    expect((await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: who.uid, delta: -40 } })).status).toBe(200);
    const res = await refused(who, fields({ submissionRoutes: '["contest","marketplace"]' }), sameSong());
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 20 tokens but only have 10.' });
    expect(await balanceOf(who)).toBe(10);
  });

  it.each([
    ['a PNG named .mp3', (): File => ({ data: PNG, name: 'song.mp3' })],
    ['text named .mp3', (): File => ({ data: Buffer.from('definitely not a song\n'.repeat(50)), name: 'song.mp3' })],
    ['real mp3 under a wrong extension', (): File => ({ data: media.mp3, name: 'song.txt' })],
  ])('400 for %s', async (_label, file) => {
    const who = await signUp(h, `sub_bad_${Math.random().toString(36).slice(2, 8)}`);
    const res = await refused(who, fields(), file());
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_argument', message: 'The audio file is not a supported audio format' });
    expect(await balanceOf(who)).toBe(50);
  });

  it('400 for audio that starts right but is cut short', async () => {
    const who = await signUp(h, 'sub_truncated');
    const res = await refused(who, fields(), { data: media.mp3.subarray(0, 3000), name: 'cut.mp3' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The audio file is incomplete (it was cut short)');
  });

  it.each([
    ['an empty route list', { submissionRoutes: '[]' }],
    ['no route field', { submissionRoutes: undefined }],
  ])('400 with the spec text for %s', async (_label, over) => {
    const who = await signUp(h, `sub_route_${Math.random().toString(36).slice(2, 8)}`);
    const res = await refused(who, fields(over), sameSong());
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_argument', message: 'Please select at least one submission route (Contest or Marketplace)' });
  });

  it('413 "Maximum video size is 20MB" for a 21 MB video, "Audio file too large" over 50 MB', async () => {
    const who = await signUp(h, 'sub_bigvideo');
    const res = await refused(who, fields(), sameSong(), { video: { data: BIG_VIDEO, name: 'movie.mp4' } });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 'payload_too_large', message: 'Maximum video size is 20MB' });
    const bigAudio = Buffer.concat([media.mp3, Buffer.alloc(50 * 1024 * 1024)]);
    const audio = await refused(who, fields(), { data: bigAudio, name: 'long.mp3' });
    expect(audio.status).toBe(413);
    expect(audio.body.error).toEqual({ code: 'payload_too_large', message: 'Audio file too large' });
  });

  it.each([
    ['an unknown genre', { genre: 'Polka' }, /^genre: /],
    ['an unknown song type', { songType: 'robot' }, /^songType: /],
    ['a missing title', { title: '  ' }, /^title: Title is required$/],
    ['a negative preview start', { previewStartTime: '-3' }, /^previewStartTime: /],
    ['an unknown hybrid tool', { songType: 'hybrid', hybridTools: '["Kazoo"]' }, /^hybridTools/],
    ['an unknown field', { userId: 'someone-else' }, /Unrecognized key/],
    ['a route list that is not JSON', { submissionRoutes: 'contest' }, /^submissionRoutes: must be a JSON array$/],
  ])('400 for %s', async (_label, over, message) => {
    const who = await signUp(h, `sub_field_${Math.random().toString(36).slice(2, 8)}`);
    const res = await refused(who, fields(over), sameSong());
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('400 for a video whose content is not video, and for a missing audio file', async () => {
    const who = await signUp(h, 'sub_fakevideo');
    const fake = await refused(who, fields(), sameSong(), { video: { data: PNG, name: 'movie.mp4' } });
    expect(fake.status).toBe(400);
    expect(fake.body.error.message).toBe('The video file is not a supported video format');
    const none = await refused(who, fields(), null);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('audioFile: Audio file is required');
  });

  it('401 without a sign-in; 400 for a body that is not multipart', async () => {
    const anon = await refused(null, fields(), sameSong());
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Sign in required');
    const who = await signUp(h, 'sub_json');
    const json = await h.call('POST', '/api/tracks', { token: who.token, body: fields() });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe('Expected a multipart/form-data body');
  });

  it('400 for a field sent after the files, and for a malformed Idempotency-Key', async () => {
    const who = await signUp(h, 'sub_order');
    const body = new FormData();
    for (const [k, v] of Object.entries(fields())) if (k !== 'genre') body.append(k, v);
    body.append('audioFile', new Blob([new Uint8Array(media.mp3)]), 'a.mp3');
    body.append('genre', 'Pop');
    const res = await fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${who.token}` }, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe('Form fields must come before the files');
    const badKey = await submit(who.token, fields(), sameSong(), { key: 'a/b' });
    expect(badKey.status).toBe(400);
    expect(await balanceOf(who)).toBe(50);
  });
});

/** Ten real ffmpeg cuts at once: slow on a small, busy machine, so these get more time. */
describe('POST /api/tracks: concurrency and idempotency', { timeout: 120_000 }, () => {
  it('10 concurrent submissions with tokens for 3: exactly 3 succeed, and balance == sum(ledger)', async () => {
    const who = await signUp(h, 'sub_race');
    await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: who.uid, delta: -20 } });
    const filesBefore = (await storedFiles()).length;
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(who.token, fields(), mp3())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(402);
      expect(r.body.error.message).toBe('Insufficient tokens');
    }
    const tracks = await h.db.collection('tracks').where('submitted_by', '==', who.uid).get();
    expect(tracks.size).toBe(3);
    expect((await storedFiles()).length - filesBefore).toBe(3 * 2 * 2); // original + clip, each with its .type file
    expect(await balanceOf(who)).toBe(0);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance, row.user).toBe(row.sum);
  });

  it('the same Idempotency-Key twice, and concurrently, creates one track and charges once', async () => {
    const who = await signUp(h, 'sub_idem');
    const first = await submit(who.token, fields(), mp3(), { key: 'order-1' });
    expect(first.status).toBe(201);
    const again = await submit(who.token, fields(), mp3(), { key: 'order-1' });
    expect(again).toEqual(first);

    const filesBefore = (await storedFiles()).length;
    const burst = await Promise.all(Array.from({ length: 4 }, () => submit(who.token, fields({ submissionRoutes: '["marketplace"]' }), mp3(), { key: 'order-2' })));
    for (const r of burst) expect(r).toEqual(burst[0]);
    expect(burst[0]).toMatchObject({ status: 201, body: { cost: 15, balance: 25 } });
    expect((await storedFiles()).length - filesBefore).toBe(6); // original, clip and preview, each with its .type file

    const tracks = await h.db.collection('tracks').where('submitted_by', '==', who.uid).get();
    expect(tracks.size).toBe(2);
    expect(await fees(who)).toHaveLength(2);
    expect(await balanceOf(who)).toBe(25);
    const other = await signUp(h, 'sub_idem_other');
    const theirs = await submit(other.token, fields(), mp3(), { key: 'order-1' });
    expect(theirs.body.tracks[0].id).not.toBe(first.body.tracks[0].id);
  });

  it.each([
    ['runs the transaction again', 'rerun', 'lost-1'],
    ['runs it again, with no Idempotency-Key', 'rerun', undefined],
    ['gives up with UNAVAILABLE', 'fail', 'lost-2'],
  ] as const)('a commit whose answer is lost (the SDK %s): 201 with the tracks it made, their files kept, one fee', async (_label, mode, key) => {
    const who = await signUp(h, `sub_lost_${mode}_${key ?? 'none'}`);
    const deps = { ...h.deps, db: losingCommitAnswers(h.db, 'tracks', mode) };
    const res = await serveWithDeps(deps, (base) => submit(who.token, fields({ submissionRoutes: '["contest","marketplace"]' }), mp3(), { key, base }));
    expect(res).toMatchObject({ status: 201, body: { cost: 20, balance: 30 } });
    const tracks = await h.db.collection('tracks').where('submitted_by', '==', who.uid).get();
    expect(tracks.docs.map((t) => t.id).sort()).toEqual(res.body.tracks.map((t: { id: string }) => t.id).sort());
    for (const track of tracks.docs) {
      const { clip, file } = await clipOf(track.id);
      expect(file.data.length, clip.path).toBeGreaterThan(0);
      expect(await h.deps.storage.get(track.get('audio_path') as string), track.id).not.toBeNull();
    }
    expect(await fees(who)).toHaveLength(1);
    expect(await balanceOf(who)).toBe(30);
  });
});
