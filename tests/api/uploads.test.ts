import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '../../common/marketplace/orders';
import { SUBMISSION_MESSAGES as M } from '../../common/radio/submission';
import { hasZipDirectory } from '../../functions/src/platform/media/audio-structure';
import { sniffImage, sniffVideo, type AudioKind } from '../../functions/src/platform/media/media';
import { signUp, startHarness, type Harness } from './harness';
import { balanceOf, buy, listTrack, setCashTag, uploadProof, users, type User } from './order-fixtures';
import { decode, sendHuge, withExif, zipOf } from './upload-fixtures';

/**
 * Every upload path refuses what it must (4xx, never a 500) before anything is stored or
 * charged, and stores only cleaned content: audio checked whole (not cut short, nothing
 * appended), videos remuxed, payment proofs re-encoded, bodies read up to a limit only.
 */

const ffmpeg = ffmpegInstaller.path;
const exec = promisify(execFile);
const KINDS: AudioKind[] = ['mp3', 'wav', 'flac', 'ogg', 'm4a', 'aac'];
const CODECS: Record<AudioKind, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  wav: [],
  flac: ['-c:a', 'flac'],
  ogg: ['-c:a', 'libvorbis'],
  m4a: ['-c:a', 'aac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2215bc10000000049454e44ae426082', 'hex');
const MB = 1024 * 1024;

let h: Harness;
let work: string;
const audio = {} as Record<AudioKind, Buffer>;
let video: Buffer;
let photo: Buffer;

async function render(name: string, args: string[]): Promise<Buffer> {
  const out = join(work, name);
  await exec(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, out]);
  return readFile(out);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'uploads-test-'));
  const sine = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-ac', '2'];
  await Promise.all(KINDS.map(async (kind) => (audio[kind] = await render(`song.${kind}`, [...sine, ...CODECS[kind]]))));
  const picture = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=1'];
  video = await render('clip.mp4', [...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-metadata', 'title=SecretVideoTitle', '-metadata', 'location=+48.8584+002.2945/']);
  photo = await render('photo.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=48x32', '-frames:v', '1']);
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const ARCHIVE = zipOf('payload.html', Buffer.from('<script>alert(document.cookie)</script>'));

async function storedFiles(): Promise<string[]> {
  const root: string = h.deps.storage['root'];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
}

/** What a submission or a proof could leave behind: files, and the documents of tracks, orders and tokens. */
async function state() {
  const cols = ['tracks', 'track_stats', 'clips', 'orders', 'token_ledger', 'token_balances', 'submission_keys'];
  const snaps = await Promise.all(cols.map((c) => h.db.collection(c).get()));
  const docs = Object.fromEntries(cols.map((c, i) => [c, snaps[i]!.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort()]));
  return { docs, files: await storedFiles() };
}

const FORM = { title: 'Upload Check', genre: 'Pop', songType: 'human', submissionRoutes: '["contest"]' };

async function submit(who: User, file: { data: Buffer; name: string }, extra?: { data: Buffer; name: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(FORM)) body.append(k, v);
  body.append('audioFile', new Blob([new Uint8Array(file.data)]), file.name);
  if (extra) body.append('videoFile', new Blob([new Uint8Array(extra.data)]), extra.name);
  const res = await fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${who.token}` }, body });
  return { status: res.status, body: (await res.json()) as any };
}

/** Submits as a new user and checks that nothing at all was written; returns the answer. */
async function refusedSubmission(file: { data: Buffer; name: string }, extra?: { data: Buffer; name: string }) {
  const who = await signUp(h, `up_${Math.random().toString(36).slice(2, 10)}`);
  const before = await state();
  const res = await submit(who, file, extra);
  expect(await state()).toEqual(before);
  expect(await balanceOf(h, who.uid)).toBe(50);
  return res;
}

const refusal = (message: string) => ({ code: 'invalid_argument', message });

describe('POST /api/tracks refuses what is not one whole audio file, and writes nothing', () => {
  it('400 for a PNG renamed .mp3', async () => {
    const res = await refusedSubmission({ data: PNG, name: 'song.mp3' });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.audioUnsupported)]);
  });

  it('400 for an empty audio file', async () => {
    const res = await refusedSubmission({ data: Buffer.alloc(0), name: 'song.mp3' });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.audioEmpty)]);
  });

  it.each(KINDS)('400 for a %s with a ZIP archive appended after its end (a polyglot)', async (kind) => {
    const polyglot = Buffer.concat([audio[kind], ARCHIVE]);
    expect(hasZipDirectory(polyglot)).toBe(true);
    const res = await refusedSubmission({ data: polyglot, name: `song.${kind}` });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.audioTrailingData)]);
  });

  it('400 for other data appended, even when it is no archive', async () => {
    const res = await refusedSubmission({ data: Buffer.concat([audio.wav, Buffer.from('#!/bin/sh\necho hidden payload\n')]), name: 'song.wav' });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.audioTrailingData)]);
  });

  it.each(KINDS)('400 for a %s cut short (at 60 percent of its bytes)', async (kind) => {
    const cut = audio[kind].subarray(0, Math.floor(audio[kind].length * 0.6));
    const res = await refusedSubmission({ data: cut, name: `song.${kind}` });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.audioTruncated)]);
  });

  it('400 for a video that starts like an mp4 but does not read', async () => {
    const fake = Buffer.concat([video.subarray(0, 32), Buffer.alloc(4000, 0x41)]);
    expect(sniffVideo(fake)).toBe('mp4');
    const res = await refusedSubmission({ data: audio.mp3, name: 'song.mp3' }, { data: fake, name: 'clip.mp4' });
    expect([res.status, res.body.error]).toEqual([400, refusal(M.videoUnreadable)]);
  });
});

describe('POST /api/tracks stores only clean files', () => {
  it.each(['ogg', 'm4a', 'aac'] as const)('accepts a whole %s, stored as sent', async (kind) => {
    const who = await signUp(h, `up_ok_${kind}`);
    const res = await submit(who, { data: audio[kind], name: `song.${kind}` });
    expect(res.status).toBe(201);
    const track = (await h.db.collection('tracks').doc(res.body.tracks[0].id).get()).data()!;
    expect((await h.deps.storage.get(track.audio_path))!.data.equals(audio[kind])).toBe(true);
  });

  it('stores the video remuxed: its metadata and an appended archive are gone, and it still plays', async () => {
    const who = await signUp(h, 'up_video');
    const sent = Buffer.concat([video, ARCHIVE]);
    expect(sent.includes('SecretVideoTitle', 0, 'latin1')).toBe(true);
    const res = await submit(who, { data: audio.mp3, name: 'song.mp3' }, { data: sent, name: 'clip.mp4' });
    expect(res.status).toBe(201);
    const track = (await h.db.collection('tracks').doc(res.body.tracks[0].id).get()).data()!;
    const stored = (await h.deps.storage.get(track.video_path))!;
    expect([stored.contentType, sniffVideo(stored.data), hasZipDirectory(stored.data)]).toEqual(['video/mp4', 'mp4', false]);
    for (const secret of ['SecretVideoTitle', '48.8584', 'payload.html']) expect(stored.data.includes(secret, 0, 'latin1'), secret).toBe(false);
    expect((await decode(work, stored.data, 'mp4')).code).toBe(0);
  });
});

describe('upload bodies are read up to a limit, and no further', () => {
  it('413 for a 200 MB submission declared by Content-Length, answered before the body is sent', async () => {
    const who = await signUp(h, 'up_huge_declared');
    const before = await state();
    const res = await sendHuge(h.url('/api/tracks'), who.token, 'audioFile', 200 * MB, true);
    expect([res.status, res.body.error]).toEqual([413, { code: 'payload_too_large', message: M.uploadTooLarge }]);
    expect(res.connection).toBe('close');
    expect(res.sent).toBeLessThan(20 * MB);
    expect(await state()).toEqual(before);
  });

  it('413 for a 200 MB submission streamed without a length: reading stops at the limit', { timeout: 60_000 }, async () => {
    const who = await signUp(h, 'up_huge_chunked');
    const before = await state();
    const res = await sendHuge(h.url('/api/tracks'), who.token, 'audioFile', 200 * MB, false);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.sent).toBeLessThan(120 * MB); // the limit is 71 MB; the rest stays unsent
    expect(await state()).toEqual(before);
  });

  it('413 for a 200 MB payment proof, answered before the body is sent', async () => {
    const [seller, buyer] = await users(h, 'up_big_seller', 'up_big_buyer');
    const order = await cashOrder(seller, buyer);
    const before = await state();
    const res = await sendHuge(h.url(`/api/orders/${order}/proof`), buyer.token, 'image', 200 * MB, true);
    expect([res.status, res.body.error]).toEqual([413, { code: 'payload_too_large', message: ORDER_MSG.proofTooLarge }]);
    expect(res.sent).toBeLessThan(20 * MB);
    expect(await state()).toEqual(before);
  });
});

/** A Cash App order of `buyer` for a listing of `seller`, waiting for proof; its id. */
async function cashOrder(seller: User, buyer: User): Promise<string> {
  await setCashTag(h, seller, '$UploadSeller');
  const { listing } = await listTrack(h, seller, { accept_cash_app: true, price_usd: 3 });
  const created = await buy(h, buyer, listing.id, 'CASH_APP');
  expect(created.status).toBe(201);
  return created.body.order.id as string;
}

const proofFiles = async () => (await storedFiles()).filter((f) => f.startsWith('proofs/'));

describe('POST /api/orders/:id/proof', () => {
  it('stores a JPEG carrying EXIF re-encoded: without the EXIF, still a JPEG that decodes', async () => {
    const [seller, buyer] = await users(h, 'up_exif_seller', 'up_exif_buyer');
    const order = await cashOrder(seller, buyer);
    const sent = withExif(photo, 'GPS 48.8584N 2.2945E taken with Pixel 9 by Jane Doe');
    expect((await decode(work, sent, 'jpg')).code).toBe(0); // the upload itself is a valid JPEG
    const res = await uploadProof(h, buyer, order, sent, 'receipt.jpg');
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'UNDER_REVIEW', has_proof: true });
    const path = (await h.db.collection('orders').doc(order).get()).get('proof_path') as string;
    const stored = (await h.deps.storage.get(path))!;
    expect([stored.contentType, sniffImage(stored.data)]).toEqual(['image/jpeg', 'jpeg']);
    for (const secret of ['Exif', 'GPS', 'Pixel', 'Jane Doe']) expect(stored.data.includes(secret, 0, 'latin1'), secret).toBe(false);
    const decoded = await decode(work, stored.data, 'jpg');
    expect(decoded.code).toBe(0);
    expect(decoded.stderr).toMatch(/Video: mjpeg.*, 48x32/);
  });

  it("404 for another user's order: nothing stored, the order unchanged", async () => {
    const [seller, buyer, stranger] = await users(h, 'up_404_seller', 'up_404_buyer', 'up_404_stranger');
    const order = await cashOrder(seller, buyer);
    const before = await state();
    const res = await uploadProof(h, stranger, order, photo, 'receipt.jpg');
    expect([res.status, res.body.error.message]).toEqual([404, 'Order not found']);
    expect(await state()).toEqual(before);
    expect(await proofFiles()).not.toContainEqual(expect.stringContaining(order));
  });

  it('400 for a non-image and for a broken image, 403 for the seller, 409 once expired: nothing stored', async () => {
    const [seller, buyer] = await users(h, 'up_bad_seller', 'up_bad_buyer');
    const order = await cashOrder(seller, buyer);
    const before = await state();
    const text = await uploadProof(h, buyer, order, Buffer.from('%PDF-1.4 not an image at all'), 'receipt.png');
    expect([text.status, text.body.error.message]).toEqual([400, ORDER_MSG.proofNotImage]);
    const broken = await uploadProof(h, buyer, order, Buffer.concat([photo.subarray(0, 20), Buffer.alloc(500, 0x41)]), 'receipt.jpg');
    expect([broken.status, broken.body.error.message]).toEqual([400, ORDER_MSG.proofUnreadable]);
    expect((await uploadProof(h, seller, order, photo, 'receipt.jpg')).status).toBe(403);
    expect(await state()).toEqual(before);

    h.clock.now += 25 * 3600 * 1000; // past the 24 h deadline of an unpaid order
    const late = await uploadProof(h, buyer, order, photo, 'receipt.jpg');
    expect([late.status, late.body.error.message]).toEqual([409, ORDER_MSG.expired]);
    expect((await h.db.collection('orders').doc(order).get()).get('status')).toBe('EXPIRED');
    expect((await state()).files).toEqual(before.files);
  });
});
