import { NEW_RATING } from '../../common/contest/rating';
import { ratingFields } from '../../functions/src/voting/ratings';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../functions/src/platform/media/media';
import { statsFromTrack, type TrackDoc } from '../../functions/src/tracks/track-doc';
import { callWithDeps, signUp, startHarness, withOverrides, type Harness } from './harness';

let h: Harness;
type Who = { uid: string; token: string };
let admin: Who;
let superAdmin: Who;
let plain: Who;
/** 60 s of a 440 Hz tone, mp3 (so a preview start up to 15 s leaves a full clip). */
let original: Buffer;

const run = promisify(execFile);
async function tone(seconds: number, hz: number): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`];
  const { stdout } = await run(ffmpegInstaller.path, [...args, '-ac', '1', '-b:a', '32k', '-f', 'mp3', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

let created = 0;
/** A submitted track as the submission endpoint stores it: track, stats, clip doc and files. */
async function makeTrack(over: Partial<TrackDoc> = {}, votes = { total_votes: 0, correct_guesses: 0, incorrect_guesses: 0 }) {
  const id = over.id ?? `trk_${randomUUID().slice(0, 8)}`;
  const clipId = over.clip_id ?? randomUUID();
  const track: TrackDoc = {
    id,
    title: `Track ${id}`,
    artist_name: 'Test Artist',
    genre: 'Pop',
    is_ai: false,
    song_type: 'human',
    submission_type: 'contest',
    status: 'pending',
    audio_path: `originals/${id}.mp3`,
    clip_id: clipId,
    video_path: null,
    cover_art_url: null,
    preview_start_time: 0,
    duration_seconds: 60,
    creation_story: null,
    hybrid_ai_elements: [],
    hybrid_human_elements: [],
    hybrid_tools_used: [],
    submitted_by: plain.uid,
    created_at: new Date(Date.parse('2026-03-01T00:00:00Z') + created++ * 60_000).toISOString(),
    ...over,
  };
  await h.deps.storage.put(track.audio_path, original, 'audio/mpeg');
  await h.deps.storage.put(`clips/${clipId}.mp3`, original.subarray(0, 2000), 'audio/mpeg');
  if (track.video_path) await h.deps.storage.put(track.video_path, Buffer.from('video'), 'video/mp4');
  if (track.preview_path) await h.deps.storage.put(track.preview_path, original.subarray(0, 1000), 'audio/mpeg');
  await h.db.collection('clips').doc(clipId).set({ track_id: id, path: `clips/${clipId}.mp3` });
  await h.db.collection('tracks').doc(id).set({ ...track, updatedAt: FieldValue.serverTimestamp() });
  // As a submission stores them: a newcomer's rating until its votes are rolled up.
  await h.db.collection('track_stats').doc(id).set({ ...statsFromTrack(track, votes, 1), ...ratingFields(NEW_RATING), updatedAt: FieldValue.serverTimestamp(), _deleted: false });
  return track;
}

const docOf = async (col: string, id: string) => (await h.db.collection(col).doc(id).get()).data();

/** Everything a CMS write could touch. */
async function state() {
  const cols = await Promise.all(['tracks', 'track_stats', 'clips'].map((c) => h.db.collection(c).get()));
  return cols.map((s) => s.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort());
}

beforeAll(async () => {
  h = await startHarness();
  original = await tone(60, 440);
  admin = await signUp(h, 'cms_admin');
  superAdmin = await signUp(h, 'cms_super');
  plain = await signUp(h, 'cms_plain');
  await setRoles(admin.uid, ['user', 'admin']);
  await setRoles(superAdmin.uid, ['user', 'super_admin']);
});
afterAll(() => h.close());

const ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/api/cms/overview'],
  ['GET', '/api/cms/tracks?status=all'],
  ['POST', '/api/cms/tracks/ID/approve', {}],
  ['POST', '/api/cms/tracks/ID/reject', {}],
  ['POST', '/api/cms/tracks/ID/delete', {}],
  ['POST', '/api/cms/tracks/ID', { title: 'Hijacked' }],
];

describe('access', () => {
  it.each(ENDPOINTS)('%s %s: 401 signed out, 403 "Admin role required" for a plain user, nothing written', async (method, path, body) => {
    const track = await makeTrack();
    const url = path.replace('ID', track.id);
    const before = await state();
    const anon = await h.call(method, url, { body });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toEqual({ code: 'unauthenticated', message: 'Sign in required' });
    const user = await h.call(method, url, { token: plain.token, body });
    expect(user.status).toBe(403);
    expect(user.body.error).toEqual({ code: 'forbidden', message: 'Admin role required' });
    expect(await state()).toEqual(before);
    expect(await h.deps.storage.get(track.audio_path)).not.toBeNull();
  });

  it('lets a super admin in (a super admin counts as admin)', async () => {
    const res = await h.call('GET', '/api/cms/overview', { token: superAdmin.token });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/cms/overview', () => {
  it('counts users, approved tracks, completed vote sessions and the tokens in circulation', async () => {
    const before = (await h.call('GET', '/api/cms/overview', { token: admin.token })).body;
    expect(before).toEqual({
      total_users: expect.any(Number),
      active_tracks: expect.any(Number),
      vote_sessions: expect.any(Number),
      tokens_circulating: expect.any(Number),
      week: { total_users: expect.any(Number), active_tracks: expect.any(Number), vote_sessions: expect.any(Number), tokens_circulating: expect.any(Number) },
    });
    await makeTrack({ status: 'approved' });
    await makeTrack({ status: 'pending' });
    await makeTrack({ status: 'rejected' });
    const sessions = h.db.collection('vote_sessions');
    await sessions.doc('s_done').set({ user_id: plain.uid, completed_at: '2026-03-01T12:10:00.000Z', token_cost: 0 });
    await sessions.doc('s_open').set({ user_id: plain.uid, completed_at: null, token_cost: 0 });
    await signUp(h, 'cms_newcomer');
    const after = (await h.call('GET', '/api/cms/overview', { token: admin.token })).body;
    expect(after).toEqual({
      total_users: before.total_users + 1,
      active_tracks: before.active_tracks + 1,
      vote_sessions: before.vote_sessions + 1,
      tokens_circulating: before.tokens_circulating + 50,
      week: expect.any(Object),
    });
  });
});

describe('GET /api/cms/tracks', () => {
  it('lists by status, newest first, without storage paths, with stats and a working signed URL of the full audio', async () => {
    const older = await makeTrack({ status: 'pending', video_path: 'videos/v1.mp4' }, { total_votes: 4, correct_guesses: 1, incorrect_guesses: 3 });
    const newer = await makeTrack({ status: 'pending' });
    const approved = await makeTrack({ status: 'approved' });
    const res = await h.call('GET', '/api/cms/tracks?status=pending', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.body.tracks.map((t: { id: string }) => t.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(approved.id);
    expect(res.body.tracks.every((t: { status: string }) => t.status === 'pending')).toBe(true);
    const row = res.body.tracks.find((t: { id: string }) => t.id === older.id);
    const { audio_path: _a, clip_id: _c, video_path: _v, ...visible } = older;
    expect(row).toEqual({ ...visible, has_video: true, audio_url: expect.stringMatching(/^\/api\/files\/originals\//), stats: { total_votes: 4, fool_rate: 75, rating: 1500, rating_deviation: 350 } });
    expect(JSON.stringify(res.body)).not.toContain(older.clip_id);
    const audio = await fetch(h.url(row.audio_url));
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(original)).toBe(true);

    const all = await h.call('GET', '/api/cms/tracks', { token: admin.token });
    expect(all.body.tracks.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([older.id, newer.id, approved.id]));
  });

  it.each(['status=live', 'status=pending&status=approved', 'other=1'])('refuses ?%s with 400', async (query) => {
    const res = await h.call('GET', `/api/cms/tracks?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/cms/tracks/:id/approve and /reject', () => {
  it('approves with the chosen cover and puts a voted contest track on the leaderboard (eligible)', async () => {
    const track = await makeTrack({}, { total_votes: 2, correct_guesses: 1, incorrect_guesses: 1 });
    expect((await docOf('track_stats', track.id))?.eligible).toBe(false);
    const res = await h.call('POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body: { cover_art_url: '/placeholders/cover-07.jpg' } });
    expect(res.status).toBe(200);
    expect(res.body.track).toMatchObject({ id: track.id, status: 'approved', cover_art_url: '/placeholders/cover-07.jpg' });
    expect(await docOf('tracks', track.id)).toMatchObject({ status: 'approved', cover_art_url: '/placeholders/cover-07.jpg', updatedAt: expect.anything() });
    expect(await docOf('track_stats', track.id)).toMatchObject({
      status: 'approved',
      cover_art_url: '/placeholders/cover-07.jpg',
      total_votes: 2,
      fool_rate: 50,
      eligible: true,
    });
    const board = (await h.call('GET', '/api/public/leaderboards')).body.deception;
    expect(board).toContainEqual(expect.objectContaining({ track_id: track.id, cover_art_url: '/placeholders/cover-07.jpg', fool_rate: 50 }));
  });

  it('a change that has committed answers success even when its listings cannot be refreshed now (the minute refresh brings them)', async () => {
    // The same API on a database whose marketplace listing queries fail, as an outage would.
    const deps = { ...h.deps, db: failingListingQueries(h.db) };
    const track = await makeTrack();
    const approved = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body.track).toMatchObject({ id: track.id, status: 'approved' });
    expect(await docOf('tracks', track.id)).toMatchObject({ status: 'approved' });
    const rejected = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}/reject`, { token: admin.token, body: {} });
    expect(rejected.status).toBe(200);
    expect(await docOf('tracks', track.id)).toMatchObject({ status: 'rejected' });
    const edited = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { title: 'Renamed' } });
    expect(edited.status).toBe(200);
    expect(await docOf('tracks', track.id)).toMatchObject({ title: 'Renamed' });
    const deleted = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}/delete`, { token: admin.token, body: {} });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: track.id, deleted: true });
    expect(await docOf('tracks', track.id)).toBeUndefined();
  });

  it('a change that has committed answers success when the audio link cannot be signed (500 before); the list goes out without the link', async () => {
    // Deployed, signing calls the IAM signer over the network: here it fails.
    const deps = { ...h.deps, storage: withOverrides(h.deps.storage, { signedUrl: () => Promise.reject(new Error('iam.serviceAccounts.signBlob: 503')) }) };
    const track = await makeTrack();
    const approved = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body: {} });
    expect(approved).toMatchObject({ status: 200, body: { track: { id: track.id, status: 'approved', audio_url: null } } });
    const edited = await callWithDeps(deps, 'POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { title: 'Unsigned' } });
    expect(edited).toMatchObject({ status: 200, body: { track: { title: 'Unsigned', audio_url: null } } });
    expect(await docOf('tracks', track.id)).toMatchObject({ status: 'approved', title: 'Unsigned' });
    const list = await callWithDeps(deps, 'GET', '/api/cms/tracks?status=approved', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.tracks.find((t: { id: string }) => t.id === track.id)).toMatchObject({ audio_url: null });
  });

  it('assigns a random placeholder cover when none is chosen (no body at all)', async () => {
    const track = await makeTrack({ submission_type: 'marketplace' }, { total_votes: 3, correct_guesses: 3, incorrect_guesses: 0 });
    const res = await h.call('POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    const stored = await docOf('tracks', track.id);
    expect(stored?.cover_art_url).toMatch(/^\/placeholders\/cover-(0[1-9]|1\d|2[0-6])\.jpg$/);
    // A marketplace track never enters the contest's leaderboard.
    expect(await docOf('track_stats', track.id)).toMatchObject({ status: 'approved', cover_art_url: stored?.cover_art_url, eligible: false });
  });

  it('rejects (also an approved track), taking it off the leaderboard', async () => {
    const track = await makeTrack({ status: 'approved', cover_art_url: '/placeholders/cover-01.jpg' }, { total_votes: 1, correct_guesses: 0, incorrect_guesses: 1 });
    const onBoard = async () => (await h.call('GET', '/api/public/leaderboards')).body.deception.some((r: { track_id: string }) => r.track_id === track.id);
    expect(await onBoard()).toBe(true);
    const res = await h.call('POST', `/api/cms/tracks/${track.id}/reject`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.track).toMatchObject({ status: 'rejected', stats: { total_votes: 1, fool_rate: 100 } });
    expect(await docOf('tracks', track.id)).toMatchObject({ status: 'rejected' });
    expect(await docOf('track_stats', track.id)).toMatchObject({ status: 'rejected', eligible: false, total_votes: 1 });
    expect(await onBoard()).toBe(false);
  });

  it.each([
    ['a cover outside the 26 placeholders', { cover_art_url: '/placeholders/cover-27.jpg' }],
    ['an external cover', { cover_art_url: 'https://evil.test/x.jpg' }],
    ['an unknown field', { status: 'approved' }],
  ])('refuses %s with 400 and writes nothing', async (_label, body) => {
    const track = await makeTrack();
    const before = await state();
    const res = await h.call('POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it.each(['approve', 'reject', 'delete'])('%s: 404 for an unknown track, 400 for an id Firestore cannot hold', async (action) => {
    const unknown = await h.call('POST', `/api/cms/tracks/nope_${action}/${action}`, { token: admin.token, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Track not found');
    const bad = await h.call('POST', `/api/cms/tracks/__bad__/${action}`, { token: admin.token, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('id: Invalid id');
  });
});

describe('POST /api/cms/tracks/:id (edit)', () => {
  it('changes every field given, derives is_ai from song_type, and keeps the stats in step', async () => {
    const track = await makeTrack({}, { total_votes: 5, correct_guesses: 4, incorrect_guesses: 1 });
    const body = {
      title: 'Renamed',
      artist_name: 'New Artist',
      genre: 'Jazz',
      song_type: 'hybrid',
      submission_type: 'contest',
      status: 'approved',
      cover_art_url: '/placeholders/cover-26.jpg',
      creation_story: 'Made with friends',
      hybrid_ai_elements: ['Vocals', 'Mixing'],
      hybrid_human_elements: ['Lyrics'],
      hybrid_tools_used: ['AI Maestro', 'Other'],
    };
    const res = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.track).toMatchObject({ ...body, is_ai: true });
    expect(await docOf('tracks', track.id)).toMatchObject({ ...body, is_ai: true, audio_path: track.audio_path, clip_id: track.clip_id });
    expect(await docOf('track_stats', track.id)).toMatchObject({ title: 'Renamed', artist_name: 'New Artist', status: 'approved', eligible: true, fool_rate: 20 });
  });

  it('gives a track the editor approves without a cover a random placeholder, as approving does', async () => {
    const track = await makeTrack({ status: 'rejected', cover_art_url: null });
    const res = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(res.body.track.cover_art_url).toMatch(/^\/placeholders\/cover-(0[1-9]|1\d|2[0-6])\.jpg$/);
    expect((await docOf('tracks', track.id))?.cover_art_url).toBe(res.body.track.cover_art_url);
    const pending = await makeTrack({ status: 'pending', cover_art_url: null });
    expect((await h.call('POST', `/api/cms/tracks/${pending.id}`, { token: admin.token, body: { title: 'Still pending' } })).body.track.cover_art_url).toBeNull();
  });

  it('re-cuts the voting clip when the preview start changes', async () => {
    const track = await makeTrack();
    const clipPath = `clips/${track.clip_id}.mp3`;
    const before = (await h.deps.storage.get(clipPath))!.data;
    const res = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 12.5 } });
    expect(res.status).toBe(200);
    expect(await docOf('tracks', track.id)).toMatchObject({ preview_start_time: 12.5 });
    const after = (await h.deps.storage.get(clipPath))!.data;
    expect(after.equals(before)).toBe(false);
    expect(after.subarray(0, 3).toString('latin1')).not.toBe('ID3'); // untagged, like every clip
    expect(after.length).toBeGreaterThan(45 * 16_000 * 0.9); // ~45 s at 128 kbps
  });

  it("stores a preview start on the slider's 0.1 s grid, whatever precision the caller sends", async () => {
    const track = await makeTrack();
    const tiny = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 1e-9 } });
    expect(tiny.status).toBe(200);
    expect(await docOf('tracks', track.id)).toMatchObject({ preview_start_time: 0 });
    const fine = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 12.34 } });
    expect(fine.status).toBe(200);
    expect(fine.body.track.preview_start_time).toBe(12.3);
    expect(await docOf('tracks', track.id)).toMatchObject({ preview_start_time: 12.3 });
  });

  it('a new preview start whose clip cannot be stored commits nothing, and the retry re-cuts it', async () => {
    const track = await makeTrack();
    const clipPath = `clips/${track.clip_id}.mp3`;
    const before = (await h.deps.storage.get(clipPath))!.data;
    // Storage failing on writes, as an outage would.
    const storageDown = withOverrides(h.deps.storage, { put: () => Promise.reject(new Error('Storage is unavailable')) });
    const failed = await callWithDeps({ ...h.deps, storage: storageDown }, 'POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 12.5 } });
    expect(failed.status).toBe(500);
    expect(await docOf('tracks', track.id)).toMatchObject({ preview_start_time: 0 });
    expect((await h.deps.storage.get(clipPath))!.data.equals(before)).toBe(true);
    const retried = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 12.5 } });
    expect(retried.status).toBe(200);
    expect(await docOf('tracks', track.id)).toMatchObject({ preview_start_time: 12.5 });
    expect((await h.deps.storage.get(clipPath))!.data.equals(before)).toBe(false);
  });

  it("re-cuts a marketplace track's preview too, at most 30 s from the new start", async () => {
    const track = await makeTrack({ submission_type: 'marketplace', preview_path: `previews/${randomUUID()}.mp3` });
    const before = (await h.deps.storage.get(track.preview_path!))!.data;
    const res = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { preview_start_time: 10 } });
    expect(res.status).toBe(200);
    const after = (await h.deps.storage.get(track.preview_path!))!.data;
    expect(after.equals(before)).toBe(false);
    expect(after.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect((await probeAudio(ffmpegInstaller.path, after, 'mp3')).durationSeconds).toBeLessThanOrEqual(30);
    expect(after.length).toBeLessThan(30 * 8_000 * 1.1); // ~30 s at 64 kbps
    expect(after.equals((await h.deps.storage.get(`clips/${track.clip_id}.mp3`))!.data)).toBe(false);
  });

  it.each([
    ['an unknown genre', { genre: 'Polka' }],
    ['an unknown song type', { song_type: 'robot' }],
    ['an unknown status', { status: 'live' }],
    ['an unknown hybrid element', { hybrid_ai_elements: ['Kazoo'] }],
    ['a repeated tool', { hybrid_tools_used: ['Other', 'Other'] }],
    ['an empty title', { title: '   ' }],
    ['a preview start leaving less than 45 s', { preview_start_time: 15.1 }],
    ['a negative preview start', { preview_start_time: -1 }],
    ['is_ai contradicting song_type', { song_type: 'human', is_ai: true }],
    ['a field that is not editable', { submitted_by: 'someone' }],
    ['nothing to change', {}],
  ])('refuses %s with 400 and writes nothing', async (_label, body) => {
    const track = await makeTrack();
    const clip = (await h.deps.storage.get(`clips/${track.clip_id}.mp3`))!.data;
    const before = await state();
    const res = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(await state()).toEqual(before);
    expect((await h.deps.storage.get(`clips/${track.clip_id}.mp3`))!.data.equals(clip)).toBe(true);
  });

  it('answers 404 for an unknown track', async () => {
    const res = await h.call('POST', '/api/cms/tracks/no_such_track', { token: admin.token, body: { title: 'X' } });
    expect(res.status).toBe(404);
  });
});

describe('the audit log of track moderation', () => {
  const auditsOf = async (title: string) =>
    (await h.db.collection('audit_log').get()).docs
      .map((d) => d.data())
      .filter((e) => (e.before as { track?: string } | null)?.track === title)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));

  it('records who approved, edited, rejected and deleted a track, with the fields each changed, against its owner', async () => {
    const track = await makeTrack({ title: 'Audited Anthem' });
    // A second between steps: entries of one instant come back in document id order, as from Firestore.
    const started = h.clock.now;
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body: { cover_art_url: '/placeholders/cover-03.jpg' } })).status).toBe(200);
    h.clock.now += 1_000;
    expect((await h.call('POST', `/api/cms/tracks/${track.id}`, { token: superAdmin.token, body: { genre: 'Jazz', creation_story: 'x'.repeat(500) } })).status).toBe(200);
    h.clock.now += 1_000;
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/reject`, { token: admin.token })).status).toBe(200);
    h.clock.now += 1_000;
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/delete`, { token: admin.token })).status).toBe(200);
    h.clock.now = started;
    const entries = await auditsOf('Audited Anthem');
    expect(entries.map((e) => [e.action, e.actor_id, e.target_user_id])).toEqual([
      ['track.approve', admin.uid, plain.uid],
      ['track.edit', superAdmin.uid, plain.uid],
      ['track.reject', admin.uid, plain.uid],
      ['track.delete', admin.uid, plain.uid],
    ]);
    expect(entries[0]).toMatchObject({
      before: { track: 'Audited Anthem', status: 'pending', cover_art_url: null },
      after: { track: 'Audited Anthem', status: 'approved', cover_art_url: '/placeholders/cover-03.jpg' },
    });
    // Only what changed, long texts cut short.
    expect(entries[1]!.before).toEqual({ track: 'Audited Anthem', genre: 'Pop', creation_story: null });
    expect(entries[1]!.after).toEqual({ track: 'Audited Anthem', genre: 'Jazz', creation_story: `${'x'.repeat(120)}…` });
    expect(entries[3]).toMatchObject({ before: { track: 'Audited Anthem', status: 'rejected', submission_type: 'contest', song_type: 'human' }, after: null });
  });

  it('records nothing when the change is refused', async () => {
    const before = (await h.db.collection('audit_log').count().get()).data().count;
    expect((await h.call('POST', '/api/cms/tracks/trk_missing/approve', { token: admin.token })).status).toBe(404);
    expect((await h.call('POST', '/api/cms/tracks/trk_missing/delete', { token: admin.token })).status).toBe(404);
    expect((await h.call('POST', '/api/cms/tracks/trk_missing/approve', { token: plain.token })).status).toBe(403);
    expect((await h.db.collection('audit_log').count().get()).data().count).toBe(before);
  });
});

describe('POST /api/cms/tracks/:id/delete', () => {
  it('removes the track, its stats, its clip document and its files; votes stay', async () => {
    const track = await makeTrack({ video_path: 'videos/del.mp4' }, { total_votes: 1, correct_guesses: 1, incorrect_guesses: 0 });
    const listed = await makeTrack({ submission_type: 'marketplace', preview_path: 'previews/del.mp3' });
    await h.db.collection('votes').doc('v_del').set({ user_id: plain.uid, track_id: track.id, guess: 'human', is_correct: true });
    const res = await h.call('POST', `/api/cms/tracks/${track.id}/delete`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: track.id, deleted: true });
    expect(await docOf('tracks', track.id)).toBeUndefined();
    expect(await docOf('track_stats', track.id)).toBeUndefined();
    expect(await docOf('clips', track.clip_id)).toBeUndefined();
    expect(await h.deps.storage.get(track.audio_path)).toBeNull();
    expect(await h.deps.storage.get(`clips/${track.clip_id}.mp3`)).toBeNull();
    expect(await h.deps.storage.get('videos/del.mp4')).toBeNull();
    expect(await docOf('votes', 'v_del')).toMatchObject({ track_id: track.id });
    expect((await h.call('POST', `/api/cms/tracks/${listed.id}/delete`, { token: admin.token })).status).toBe(200);
    expect(await h.deps.storage.get('previews/del.mp3')).toBeNull();
    const list = await h.call('GET', '/api/cms/tracks', { token: admin.token });
    expect(list.body.tracks.map((t: { id: string }) => t.id)).not.toContain(track.id);
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/delete`, { token: admin.token })).status).toBe(404);
  });

  it('keeps an original another track still uses (one upload sent to both routes)', async () => {
    const contest = await makeTrack({ audio_path: 'originals/shared.mp3' });
    const market = await makeTrack({ audio_path: 'originals/shared.mp3', submission_type: 'marketplace' });
    expect((await h.call('POST', `/api/cms/tracks/${contest.id}/delete`, { token: admin.token })).status).toBe(200);
    expect(await h.deps.storage.get('originals/shared.mp3')).not.toBeNull();
    expect(await docOf('tracks', market.id)).toMatchObject({ audio_path: 'originals/shared.mp3' });
  });
});

/** `db`, but every query of the marketplace listings fails (reads and writes of anything else work). */
function failingListingQueries(db: Firestore): Firestore {
  // A query of any shape (where, orderBy, limit…) whose get() fails.
  const failing: unknown = new Proxy(
    {},
    {
      get: (_target, key) => (key === 'get' ? () => Promise.reject(new Error('Firestore is unavailable')) : key === 'then' ? undefined : () => failing),
    },
  );
  return withOverrides(db, { collection: (path: string) => (path === 'marketplace_listings' ? failing : db.collection(path)) });
}
