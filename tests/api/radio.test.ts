import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { RADIO_MSG } from '../../common/radio/radio-messages';
import { airScheduled, MAX_PLAY_FAILURES } from '../../functions/src/radio/air-scheduled';
import { UPLOAD_CLAIM_MS } from '../../functions/src/radio/submission-doc';
import { id3Length } from '../../functions/src/platform/media/media';
import { makeAdmin } from './contest-fixtures';
import { callWithDeps, ledgerInvariant, losingCommitAnswers, serveWithDeps, startHarness, withOverrides, type Harness } from './harness';
import { wavOf } from './music-fixtures';
import { balanceOf, grant, users, type User } from './order-fixtures';
import { readId3 } from '../../scripts/lib/demo-station/id3';
import { adAudio, adForm, addRadioSubmission, trackWithAudio } from './radio-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const send = (u: User, trackId: string, headers?: Record<string, string>) =>
  h.call('POST', '/api/radio/submissions', { token: u.token, body: { track_id: trackId, submission_type: 'music' }, headers });
const quick = (u: User, trackId: string) => h.call('POST', '/api/cms/radio/send', { token: u.token, body: { track_id: trackId } });
const act = (u: User, id: string, action: string, body: unknown = {}) => h.call('POST', `/api/cms/radio/${id}/${action}`, { token: u.token, body });

async function postAd(u: User, form: FormData, headers: Record<string, string> = {}, base?: string) {
  const res = await fetch(base ? `${base}/api/radio/ads` : h.url('/api/radio/ads'), { method: 'POST', headers: { Authorization: `Bearer ${u.token}`, ...headers }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function ledgerOf(uid: string) {
  const snap = await h.db.collection('token_ledger').where('user_id', '==', uid).get();
  return snap.docs.map((d) => d.data() as { delta: number; reason: string; ref: string | null });
}
const radioDocs = async (field: string, value: string) => (await h.db.collection('radio_submissions').where(field, '==', value).get()).docs;

let n = 0;
const rname = () => `rx${n++}`;

/** `seconds` of a 440 Hz tone as a 16-bit mono 8 kHz WAV. */
function wavTone(seconds: number): Buffer {
  const rate = 8000;
  return wavOf(Float32Array.from({ length: rate * seconds }, (_, i) => (8000 / 32767) * Math.sin((2 * Math.PI * 440 * i) / rate)), rate);
}

async function expectLedgerBalanced() {
  for (const row of await ledgerInvariant(h.db)) expect(row.balance, row.user).toBe(row.sum);
}

async function admins() {
  const [admin, sup] = await users(h, rname(), rname());
  await makeAdmin(h.db, admin.uid, 'admin');
  await makeAdmin(h.db, sup.uid, 'super_admin');
  return { admin, sup };
}

describe('POST /api/radio/submissions (music)', () => {
  it('queues the owner’s approved track for 1000 tokens, charged once through the ledger', async () => {
    const [owner] = await users(h, 'rown1');
    await grant(h, owner.uid, 1000);
    const track = await trackWithAudio(h, owner, { title: 'Glass Harbor', submission_type: 'marketplace' });
    const res = await send(owner, track.id);
    expect(res.status).toBe(201);
    const s = res.body.submission;
    expect(s).toMatchObject({
      id: `music_${track.id}`,
      user_id: owner.uid,
      track_id: track.id,
      submission_type: 'music',
      status: 'pending',
      payment_status: 'paid',
      payment_amount: 1000,
      ad_audio_url: null,
      ad_tier: null,
      ad_duration_seconds: null,
      sftp_uploaded: false,
      sftp_upload_error: null,
      sftp_path: `/music/2026/03/glass-harbor-music_${track.id}.mp3`,
      scheduled_broadcast_time: null,
      created_at: '2026-03-01T12:00:00.000Z',
      track_title: 'Glass Harbor',
      track_artist: track.artist_name,
    });
    expect(Object.keys(s)).not.toContain('upload_started_at');
    expect(Object.keys(s)).not.toContain('station_key');
    expect(await balanceOf(h, owner.uid)).toBe(50);
    expect(await ledgerOf(owner.uid)).toContainEqual(expect.objectContaining({ delta: -1000, reason: 'radio_submission', ref: s.id }));
    const stored = await h.db.collection('radio_submissions').doc(s.id).get();
    expect(stored.get('updatedAt')).toBeTruthy();
    expect(stored.get('_deleted')).toBe(false);
    await expectLedgerBalanced();

    const again = await send(owner, track.id);
    expect(again).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.alreadyQueued } } });
  });

  it('refuses someone else’s track (404), an unapproved one (409), a short balance (402) and writes nothing', async () => {
    const [owner, other] = await users(h, 'rown2', 'roth2');
    const track = await trackWithAudio(h, owner);
    expect(await send(other, track.id)).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.trackNotFound } } });
    expect(await send(owner, 'no_such_track')).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.trackNotFound } } });
    const pending = await trackWithAudio(h, owner, { status: 'pending' });
    expect(await send(owner, pending.id)).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.onlyApproved } } });
    const short = await send(owner, track.id);
    expect(short).toMatchObject({ status: 402, body: { error: { code: 'insufficient_tokens', message: RADIO_MSG.tokenShortage(1000) } } });
    expect(await radioDocs('user_id', owner.uid)).toHaveLength(0);
    expect(await balanceOf(h, owner.uid)).toBe(50);
    expect(await send(owner, '__bad__')).toMatchObject({ status: 400 });
    expect((await h.call('POST', '/api/radio/submissions', { body: { track_id: track.id, submission_type: 'music' } })).status).toBe(401);
  });

  it('is free for a super admin (payment 0, no ledger entry)', async () => {
    const { sup } = await admins();
    const track = await trackWithAudio(h, sup);
    // The price a super admin is shown is 0: a client that showed the owners' price is told.
    const shownFull = await h.call('POST', '/api/radio/submissions', { token: sup.token, body: { track_id: track.id, token_cost: 1000, submission_type: 'music' } });
    expect(shownFull).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: RADIO_MSG.costChanged(0) } } });
    const res = await h.call('POST', '/api/radio/submissions', { token: sup.token, body: { track_id: track.id, token_cost: 0, submission_type: 'music' } });
    expect(res.status).toBe(201);
    expect(res.body.submission).toMatchObject({ payment_amount: 0, payment_status: 'paid' });
    expect((await ledgerOf(sup.uid)).filter((e) => e.reason === 'radio_submission')).toEqual([]);
  });

  it('uses the app_config price when set; the spec body names the price the caller saw, refused when it changed', async () => {
    const [owner] = await users(h, 'rown3');
    const track = await trackWithAudio(h, owner);
    await h.db.collection('app_config').doc('1').set({ data: { pricing: { radio_upload_cost: 40 } } }, { merge: true });
    try {
      const stale = await h.call('POST', '/api/radio/submissions', { token: owner.token, body: { track_id: track.id, token_cost: 1000, submission_type: 'music' } });
      expect(stale).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: RADIO_MSG.costChanged(40), cost: 40 } } });
      expect(await radioDocs('user_id', owner.uid)).toHaveLength(0);
      const res = await h.call('POST', '/api/radio/submissions', { token: owner.token, body: { track_id: track.id, token_cost: 40, submission_type: 'music' } });
      expect(res.body.submission.payment_amount).toBe(40);
      expect(await balanceOf(h, owner.uid)).toBe(10);
    } finally {
      await h.db.collection('app_config').doc('1').set({ data: { pricing: { radio_upload_cost: 1000 } } }, { merge: true });
    }
  });

  it('12 concurrent sends of one track: one 201, the rest Already queued, one charge', async () => {
    const [owner] = await users(h, 'rown4');
    await grant(h, owner.uid, 5000);
    const track = await trackWithAudio(h, owner);
    const results = await Promise.all(Array.from({ length: 12 }, () => send(owner, track.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.alreadyQueued } } });
    expect((await ledgerOf(owner.uid)).filter((e) => e.reason === 'radio_submission')).toHaveLength(1);
    expect(await balanceOf(h, owner.uid)).toBe(5050 - 1000);
    await expectLedgerBalanced();
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const [owner] = await users(h, 'rown5');
    await grant(h, owner.uid, 1000);
    const track = await trackWithAudio(h, owner);
    const first = await send(owner, track.id, { 'Idempotency-Key': 'radio-1' });
    const retry = await send(owner, track.id, { 'Idempotency-Key': 'radio-1' });
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect((await ledgerOf(owner.uid)).filter((e) => e.reason === 'radio_submission')).toHaveLength(1);
  });
});

describe('POST /api/cms/radio/send (admin quick send)', () => {
  it('queues the owner’s track at payment 0; checks the admin’s own balance but does not charge it', async () => {
    const { admin, sup } = await admins();
    const [owner] = await users(h, 'rqown');
    const track = await trackWithAudio(h, owner);
    expect(await quick(admin, track.id)).toMatchObject({ status: 402, body: { error: { message: RADIO_MSG.tokenShortage(1000) } } });
    await grant(h, admin.uid, 1000);
    const res = await quick(admin, track.id);
    expect(res.status).toBe(201);
    expect(res.body.submission).toMatchObject({ user_id: owner.uid, payment_amount: 0, payment_status: 'paid', status: 'pending' });
    expect(await balanceOf(h, admin.uid)).toBe(1050);
    expect(await balanceOf(h, owner.uid)).toBe(50);
    expect(await quick(sup, track.id)).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.alreadyQueued } } });
    const other = await trackWithAudio(h, owner);
    expect((await quick(sup, other.id)).status).toBe(201); // a super admin with 50 tokens
  });

  it('refuses an unknown track, an unapproved one, a track without an owner, and a plain user', async () => {
    const { sup } = await admins();
    const [owner] = await users(h, 'rqown2');
    expect(await quick(sup, 'missing_track')).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.trackNotFound } } });
    const pending = await trackWithAudio(h, owner, { status: 'rejected' });
    expect(await quick(sup, pending.id)).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.onlyApproved } } });
    const orphan = await trackWithAudio(h, { uid: 'gone_user', token: '' });
    expect(await quick(sup, orphan.id)).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.noOwner } } });
    expect((await quick(owner, pending.id)).status).toBe(403);
  });

  it('12 concurrent quick sends: one submission', async () => {
    const { sup } = await admins();
    const [owner] = await users(h, 'rqown3');
    const track = await trackWithAudio(h, owner);
    const results = await Promise.all(Array.from({ length: 12 }, () => quick(sup, track.id)));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    expect(await radioDocs('track_id', track.id)).toHaveLength(1);
  });
});

describe('POST /api/radio/ads', () => {
  it('stores a 15 s standard ad for 150 tokens, measured by decoding, with its own storage path', async () => {
    const [adv] = await users(h, 'radv1');
    await grant(h, adv.uid, 200);
    const res = await postAd(adv, adForm({ tier: 'standard', duration_seconds: '15', name: ' Pizza Palace ' }, await adAudio(15)));
    expect(res.status).toBe(201);
    const s = res.body.submission;
    expect(s).toMatchObject({
      user_id: adv.uid,
      track_id: null,
      submission_type: 'advertisement',
      status: 'pending',
      payment_amount: 150,
      payment_status: 'paid',
      ad_tier: 'standard',
      ad_duration_seconds: 15,
      ad_audio_url: `radio-ads/${adv.uid}/${s.id}.mp3`,
      track_title: 'Pizza Palace',
      track_artist: 'radv1',
      sftp_path: `/ads/2026/03/pizza-palace-${s.id}.mp3`,
    });
    expect(await h.deps.storage.exists(s.ad_audio_url)).toBe(true);
    expect(await balanceOf(h, adv.uid)).toBe(100);
    expect(await ledgerOf(adv.uid)).toContainEqual(expect.objectContaining({ delta: -150, reason: 'radio_ad', ref: s.id }));
    await expectLedgerBalanced();
  });

  it('refuses audio whose real length misses the slot, and content that is not audio; nothing written', async () => {
    const [adv] = await users(h, 'radv2');
    await grant(h, adv.uid, 2000);
    const wrong = await postAd(adv, adForm({ duration_seconds: '30' }, await adAudio(15)));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^The ad is 15\.\d s long; a 30 s slot/);
    const fake = await postAd(adv, adForm({}, Buffer.from('<html>not audio at all</html>'), 'ad.mp3'));
    expect(fake).toMatchObject({ status: 400 });
    const badTier = await postAd(adv, adForm({ tier: 'gold' }, await adAudio(15)));
    expect(badTier.status).toBe(400);
    expect(await radioDocs('user_id', adv.uid)).toHaveLength(0);
    expect(await balanceOf(h, adv.uid)).toBe(2050);
  });

  it('charges only the price the caller saw (token_cost): another is refused before the audio work, nothing written', async () => {
    const [adv] = await users(h, 'radvp');
    await grant(h, adv.uid, 200);
    const stale = await postAd(adv, adForm({ tier: 'standard', duration_seconds: '15', token_cost: '100' }, await adAudio(15)));
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: RADIO_MSG.adCostChanged(150), cost: 150 } } });
    expect(await radioDocs('user_id', adv.uid)).toHaveLength(0);
    expect(await balanceOf(h, adv.uid)).toBe(250);
    expect((await postAd(adv, adForm({ token_cost: 'cheap' }, await adAudio(15)))).status).toBe(400);
    const res = await postAd(adv, adForm({ tier: 'standard', duration_seconds: '15', token_cost: '150' }, await adAudio(15)));
    expect(res.status).toBe(201);
    expect(await balanceOf(h, adv.uid)).toBe(100);
    const { sup } = await admins();
    expect((await postAd(sup, adForm({ token_cost: '150' }, await adAudio(15)))).body.error).toMatchObject({ code: 'price_changed', cost: 0 });
    expect((await postAd(sup, adForm({ token_cost: '0' }, await adAudio(15)))).status).toBe(201);
  });

  it('refuses a short balance (402) and is free for a super admin', async () => {
    const [poor] = await users(h, 'radv3');
    expect(await postAd(poor, adForm({}, await adAudio(15)))).toMatchObject({ status: 402, body: { error: { message: MSG.insufficientTokens } } });
    const { sup } = await admins();
    const res = await postAd(sup, adForm({ tier: 'prime', duration_seconds: '15' }, await adAudio(15)));
    expect(res.status).toBe(201);
    expect(res.body.submission.payment_amount).toBe(0);
    expect((await ledgerOf(sup.uid)).filter((e) => e.reason === 'radio_ad')).toEqual([]);
  });

  it('concurrent uploads with one Idempotency-Key: one submission, one charge, one stored file', async () => {
    const [adv] = await users(h, 'radv4');
    await grant(h, adv.uid, 2000);
    const audio = await adAudio(15);
    const results = await Promise.all(Array.from({ length: 6 }, () => postAd(adv, adForm({}, audio), { 'Idempotency-Key': 'ad-key-1' })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.submission.id)).size).toBe(1);
    expect(await radioDocs('user_id', adv.uid)).toHaveLength(1);
    expect((await ledgerOf(adv.uid)).filter((e) => e.reason === 'radio_ad')).toHaveLength(1);
    const dir = `${(h.deps.storage as unknown as { root: string }).root}/radio-ads/${adv.uid}`;
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((f) => f.endsWith('.mp3'))).toHaveLength(1);
    await expectLedgerBalanced();
  });

  it.each(['rerun', 'fail'] as const)('a commit whose answer is lost (%s): 201 with the ad it made, its file kept, one charge', async (mode) => {
    const [adv] = await users(h, rname());
    await grant(h, adv.uid, 2000);
    const form = adForm({}, await adAudio(15));
    const deps = { ...h.deps, db: losingCommitAnswers(h.db, 'radio_submissions', mode) };
    const res = await serveWithDeps(deps, (base) => postAd(adv, form, { 'Idempotency-Key': `lost-${mode}` }, base));
    expect(res.status).toBe(201);
    expect((await radioDocs('user_id', adv.uid)).map((d) => d.id)).toEqual([res.body.submission.id]);
    expect(await h.deps.storage.exists(res.body.submission.ad_audio_url)).toBe(true);
    expect((await ledgerOf(adv.uid)).filter((e) => e.reason === 'radio_ad')).toHaveLength(1);
    await expectLedgerBalanced();
  });
});

describe('the CMS radio queue', () => {
  it('approves or rejects only pending submissions', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rmod');
    const a = await addRadioSubmission(h, owner, 'music');
    expect(await act(admin, a.id, 'approve')).toMatchObject({ status: 200, body: { submission: { id: a.id, status: 'approved' } } });
    expect(await act(admin, a.id, 'reject')).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.notPending } } });
    const b = await addRadioSubmission(h, owner, 'advertisement');
    expect(await act(admin, b.id, 'reject')).toMatchObject({ status: 200, body: { submission: { status: 'rejected' } } });
    expect(await act(admin, 'no_such_submission', 'approve')).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.submissionNotFound } } });
    expect((await act(owner, a.id, 'approve')).status).toBe(403);
  });

  it('each step an admin takes is in the audit log: who, whose submission, and what changed; a refused step records nothing', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'raudit');
    const music = await addRadioSubmission(h, owner, 'music');
    const ad = await addRadioSubmission(h, owner, 'advertisement');
    // A second between steps: the entries are ordered by their time (a query without an order answers by id, as Firestore does).
    expect((await act(admin, music.id, 'approve')).status).toBe(200);
    h.clock.now += 1000;
    expect((await act(admin, music.id, 'mark-uploaded')).status).toBe(200);
    h.clock.now += 1000;
    const at = new Date(h.clock.now + 3_600_000).toISOString();
    expect((await act(admin, music.id, 'schedule', { scheduled_broadcast_time: at })).status).toBe(200);
    h.clock.now += 1000;
    expect((await act(admin, ad.id, 'reject')).status).toBe(200);
    expect((await act(admin, ad.id, 'approve')).status).toBe(409);
    const entries = (await h.db.collection('audit_log').where('target_user_id', '==', owner.uid).get()).docs
      .map((d) => d.data())
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['radio.approve', admin.uid],
      ['radio.upload', admin.uid],
      ['radio.schedule', admin.uid],
      ['radio.reject', admin.uid],
    ]);
    expect(entries[0]).toMatchObject({ before: { submission: music.track_title, status: 'pending' }, after: { submission: music.track_title, status: 'approved' } });
    expect(entries[2]).toMatchObject({ before: { status: 'uploaded', scheduled_broadcast_time: null }, after: { status: 'scheduled', scheduled_broadcast_time: at } });
    expect(entries[3]).toMatchObject({ before: { submission: ad.track_title, status: 'pending' }, after: { status: 'rejected' } });
  });

  it('rejecting a paid submission gives its tokens back once (8 admins at once) and mails the submitter', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rrefund');
    const music = await addRadioSubmission(h, owner, 'music');
    const results = await Promise.all(Array.from({ length: 8 }, () => act(admin, music.id, 'reject')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.notPending } } });
    expect(results.find((r) => r.status === 200)!.body.submission).toMatchObject({ status: 'rejected', payment_status: 'unpaid' });
    expect(await balanceOf(h, owner.uid)).toBe(50 + 1000);
    expect((await ledgerOf(owner.uid)).filter((e) => e.reason === 'radio_refund')).toEqual([expect.objectContaining({ delta: 1000, ref: music.id })]);
    const mails = (await h.db.collection('mail').where('toUids', 'array-contains', owner.uid).get()).docs.map((d) => d.data());
    expect(mails.filter((m) => m.topic === 'radio_rejected')).toEqual([
      expect.objectContaining({ template: { name: 'radio_rejected', data: { title: music.track_title, refund: 'The 1000 tokens it cost are back in your balance.' } } }),
    ]);
    // Free (payment 0): nothing to give back.
    const free = await addRadioSubmission(h, owner, 'advertisement', { payment_amount: 0 });
    expect(await act(admin, free.id, 'reject')).toMatchObject({ status: 200, body: { submission: { status: 'rejected', payment_status: 'paid' } } });
    expect(await balanceOf(h, owner.uid)).toBe(1050);
    await expectLedgerBalanced();
  });

  it('a queued track that is rejected, set back to pending or deleted leaves the queue refunded; one that aired stays', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rwithdraw');
    const rejected = await addRadioSubmission(h, owner, 'music', { status: 'scheduled', sftp_uploaded: true, scheduled_broadcast_time: '2026-03-02T12:00:00.000Z' });
    expect((await h.call('POST', `/api/cms/tracks/${rejected.track_id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    const pending = await addRadioSubmission(h, owner, 'music', { status: 'approved' });
    expect((await h.call('POST', `/api/cms/tracks/${pending.track_id}`, { token: admin.token, body: { status: 'pending' } })).status).toBe(200);
    const deleted = await addRadioSubmission(h, owner, 'music');
    expect((await h.call('POST', `/api/cms/tracks/${deleted.track_id}/delete`, { token: admin.token, body: {} })).status).toBe(200);
    const aired = await addRadioSubmission(h, owner, 'music', { status: 'broadcasted', sftp_uploaded: true });
    expect((await h.call('POST', `/api/cms/tracks/${aired.track_id}/reject`, { token: admin.token, body: {} })).status).toBe(200);

    const status = async (id: string) => (await h.db.collection('radio_submissions').doc(id).get()).get('status') as string;
    for (const s of [rejected, pending, deleted]) expect(await status(s.id)).toBe('rejected');
    expect(await status(aired.id)).toBe('broadcasted');
    expect(await balanceOf(h, owner.uid)).toBe(50 + 3 * 1000);
    // Turned down, it can no longer be approved, uploaded or scheduled.
    expect(await act(admin, deleted.id, 'approve')).toMatchObject({ status: 409 });
    expect(await act(admin, pending.id, 'mark-uploaded')).toMatchObject({ status: 409 });
    // Editing a track that stays approved leaves its submission alone.
    const kept = await addRadioSubmission(h, owner, 'music');
    expect((await h.call('POST', `/api/cms/tracks/${kept.track_id}`, { token: admin.token, body: { title: 'Still approved' } })).status).toBe(200);
    expect(await status(kept.id)).toBe('pending');
    await expectLedgerBalanced();
  });

  it('gives a signed download link of the station file (tagged mp3) named after the SFTP path; 404 without audio, 422 for a foreign URL', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rdl');
    const m = await addRadioSubmission(h, owner, 'music');
    const res = await act(admin, m.id, 'download-link');
    expect(res.status).toBe(200);
    expect(res.body.sftp_path).toBe(m.sftp_path);
    const name = m.sftp_path!.split('/').pop()!;
    expect(res.body.url).toContain(`download=${encodeURIComponent(name)}`);
    const file = await fetch(h.url(res.body.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    // A contest track's file is a mystery's (it is the file the admin uploads by hand).
    const tags = readId3(bytes);
    expect(tags.title).toBe(RADIO_MSG.mysteryTrack);
    expect(tags.artist).toBeUndefined();
    expect(bytes.includes(Buffer.from(m.track_title!))).toBe(false);
    expect((await h.db.collection('radio_submissions').doc(m.id).get()).get('station_mystery')).toBe(true);
    // The name is part of the signature: another one is refused.
    expect((await fetch(h.url(res.body.url.replace(/download=[^&]+/, 'download=evil.exe')))).status).toBe(403);
    expect((await fetch(h.url(res.body.url.replace(/&download=[^&]+/, '')))).status).toBe(403);

    // A WAV original downloads as the mp3 its .mp3 path names, not as the WAV.
    const wavPath = `radio-ads/${owner.uid}/spot.wav`;
    await h.deps.storage.put(wavPath, wavTone(15), 'audio/wav');
    const wavAd = await addRadioSubmission(h, owner, 'advertisement', { ad_audio_url: wavPath });
    const wavLink = await act(admin, wavAd.id, 'download-link');
    expect(wavLink.status).toBe(200);
    expect(wavLink.body.url).toMatch(/download=[^&]+\.mp3$/);
    const wavFile = Buffer.from(await (await fetch(h.url(wavLink.body.url))).arrayBuffer());
    expect(wavFile.subarray(0, 3).toString('latin1')).toBe('ID3');
    const ad = await addRadioSubmission(h, owner, 'advertisement');
    expect((await act(admin, ad.id, 'download-link')).status).toBe(200);
    const missing = await addRadioSubmission(h, owner, 'advertisement', { ad_audio_url: 'radio-ads/nobody/none.mp3' });
    expect(await act(admin, missing.id, 'download-link')).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.noAudio } } });
    const none = await addRadioSubmission(h, owner, 'advertisement', { ad_audio_url: null });
    expect(await act(admin, none.id, 'download-link')).toMatchObject({ status: 404, body: { error: { message: RADIO_MSG.noAudio } } });
    for (const bad of ['https://evil.example/x.mp3', 'radio-ads/../originals/x.mp3', '/etc/passwd']) {
      const foreign = await addRadioSubmission(h, owner, 'advertisement', { ad_audio_url: bad });
      expect(await act(admin, foreign.id, 'download-link')).toMatchObject({ status: 422, body: { error: { message: RADIO_MSG.invalidStorageUrl } } });
    }
  });

  it('a file the station took but the queue could not record: 503 with what happened (500 before), and an upload after the claim lapses records it', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, rname());
    const m = await addRadioSubmission(h, owner, 'music', { status: 'approved' });
    // The claim (first transaction) commits; the final write (second) meets Firestore unreachable.
    let transactions = 0;
    const db = withOverrides(h.db, {
      runTransaction: (...args: Parameters<typeof h.db.runTransaction>) =>
        ++transactions === 2 ? Promise.reject(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 })) : h.db.runTransaction(...args),
    });
    const res = await callWithDeps({ ...h.deps, db }, 'POST', `/api/cms/radio/${m.id}/upload`, { token: admin.token, body: {} });
    expect(res).toMatchObject({ status: 503, body: { error: { message: RADIO_MSG.uploadNotRecorded(10) } } });
    expect(h.station.uploads.get(m.sftp_path!)).toBeDefined();
    expect(await act(admin, m.id, 'upload')).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.uploadInProgress } } });
    const start = h.clock.now;
    h.clock.now += UPLOAD_CLAIM_MS;
    try {
      expect(await act(admin, m.id, 'upload')).toMatchObject({ status: 200, body: { submission: { status: 'uploaded', sftp_uploaded: true } } });
    } finally {
      h.clock.now = start;
    }
  });

  it('uploads to the station as a tagged 128 kbps mp3, then schedules; failures are recorded', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rup');
    const pending = await addRadioSubmission(h, owner, 'music');
    expect(await act(admin, pending.id, 'upload')).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.notApprovedForUpload } } });

    const m = await addRadioSubmission(h, owner, 'music', { status: 'approved' });
    // A marketplace track: its file is named (a contest track's is a mystery, below).
    await h.db.collection('tracks').doc(m.track_id!).update({ submission_type: 'marketplace' });
    h.station.failUploads = 'connect ECONNREFUSED 10.0.0.1:22 (password=hunter2)';
    const failed = await act(admin, m.id, 'upload');
    h.station.failUploads = null;
    expect(failed).toMatchObject({ status: 502, body: { error: { message: RADIO_MSG.stationUploadFailed } } });
    expect(JSON.stringify(failed.body)).not.toContain('hunter2');
    const afterFail = (await h.db.collection('radio_submissions').doc(m.id).get()).data()!;
    expect(afterFail).toMatchObject({ status: 'approved', sftp_uploaded: false, upload_started_at: null });
    expect(afterFail.sftp_upload_error).toMatch(/SFTP upload failed/);
    expect(afterFail.sftp_upload_error).not.toContain('hunter2');

    const ok = await act(admin, m.id, 'upload');
    expect(ok).toMatchObject({ status: 200, body: { submission: { status: 'uploaded', sftp_uploaded: true, sftp_upload_error: null } } });
    const mp3 = h.station.uploads.get(m.sftp_path!)!;
    expect(mp3).toBeDefined();
    expect(id3Length(mp3)).toBeGreaterThan(10);
    const tag = mp3.subarray(0, id3Length(mp3)).toString('latin1');
    expect(tag).toContain(m.track_title!);
    expect(tag).toContain(m.track_artist!);
    expect(mp3[id3Length(mp3)]).toBe(0xff);

    expect(await act(admin, m.id, 'schedule', { scheduled_broadcast_time: '2026-02-01T12:00:00Z' })).toMatchObject({ status: 400, body: { error: { message: RADIO_MSG.scheduleInPast } } });
    expect(await act(admin, m.id, 'schedule', { scheduled_broadcast_time: '2028-03-01T12:00:00Z' })).toMatchObject({ status: 400, body: { error: { message: RADIO_MSG.scheduleTooFar } } });
    expect((await act(admin, m.id, 'schedule', { scheduled_broadcast_time: 'tomorrow' })).status).toBe(400);
    const scheduled = await act(admin, m.id, 'schedule', { scheduled_broadcast_time: '2026-03-01T13:30:00+01:00' });
    expect(scheduled).toMatchObject({ status: 200, body: { submission: { status: 'scheduled', scheduled_broadcast_time: '2026-03-01T12:30:00.000Z' } } });
    expect(await act(admin, m.id, 'schedule', { scheduled_broadcast_time: '2026-03-02T12:00:00Z' })).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.notUploaded } } });
  });

  it('uploads an ad tagged Advertisement / its name', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rupad');
    const ad = await addRadioSubmission(h, owner, 'advertisement', { status: 'approved' });
    expect((await act(admin, ad.id, 'upload')).status).toBe(200);
    const mp3 = h.station.uploads.get(ad.sftp_path!)!;
    const tag = mp3.subarray(0, id3Length(mp3)).toString('latin1');
    expect(tag).toContain('Advertisement');
    expect(tag).toContain('Pizza Palace');
  });

  it('lets one of two concurrent uploads run; the other gets a 409', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rupc');
    const m = await addRadioSubmission(h, owner, 'music', { status: 'approved' });
    let release!: () => void;
    h.station.hold = new Promise((r) => (release = r));
    const first = act(admin, m.id, 'upload');
    await expect.poll(() => h.station.uploadCalls.includes(m.sftp_path!), { timeout: 15_000 }).toBe(true);
    const second = await act(admin, m.id, 'upload');
    expect(second).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.uploadInProgress } } });
    expect((await act(admin, m.id, 'mark-uploaded')).status).toBe(409);
    h.station.hold = null;
    release();
    expect((await first).status).toBe(200);
  });

  it('says whether the station is configured; without one, upload is a 409', async () => {
    const { admin } = await admins();
    expect(await h.call('GET', '/api/cms/radio/station', { token: admin.token })).toMatchObject({ status: 200, body: { upload: true } });
    const bare = await startHarness({ station: false });
    try {
      const [a] = await users(bare, 'rnost');
      await makeAdmin(bare.db, a.uid, 'admin');
      expect(await bare.call('GET', '/api/cms/radio/station', { token: a.token })).toMatchObject({ status: 200, body: { upload: false } });
      const s = await addRadioSubmission(bare, a, 'music', { status: 'approved' });
      expect(await bare.call('POST', `/api/cms/radio/${s.id}/upload`, { token: a.token, body: {} })).toMatchObject({ status: 409, body: { error: { message: RADIO_MSG.stationNotConfigured } } });
    } finally {
      await bare.close();
    }
  });

  it('marks a manual upload done (approved → uploaded) and then schedules it', async () => {
    const { admin } = await admins();
    const [owner] = await users(h, 'rmark');
    const m = await addRadioSubmission(h, owner, 'music', { status: 'approved', sftp_upload_error: 'failed earlier' });
    expect(await act(admin, m.id, 'mark-uploaded')).toMatchObject({ status: 200, body: { submission: { status: 'uploaded', sftp_uploaded: true, sftp_upload_error: null } } });
    expect(await act(admin, m.id, 'mark-uploaded')).toMatchObject({ status: 409 });
  });
});

describe('mystery tracks: a contest track on air has no name', () => {
  const stored = async (id: string) => (await h.db.collection('radio_submissions').doc(id).get()).data()!;
  const MYSTERY_PATH = /^\/music\/2026\/03\/mystery-[0-9a-f]{16}\.mp3$/;

  /** A super admin's quick send of an approved track, approved, uploaded to the station and scheduled now; returns the submission. */
  async function onStation(over: Parameters<typeof trackWithAudio>[2]) {
    const { admin, sup } = await admins();
    const [owner] = await users(h, rname());
    const track = await trackWithAudio(h, owner, over);
    const sent = await quick(sup, track.id);
    expect(sent.status).toBe(201);
    const id = sent.body.submission.id as string;
    expect((await act(admin, id, 'approve')).status).toBe(200);
    expect((await act(admin, id, 'upload')).status).toBe(200);
    expect((await act(admin, id, 'schedule', { scheduled_broadcast_time: new Date(h.clock.now).toISOString() })).status).toBe(200);
    return { admin, owner, track, submission: sent.body.submission as { id: string; sftp_path: string; track_title: string; track_artist: string } };
  }

  it('a contest track’s station file says Mystery track: no title, artist or track id in its tags or its path; the owner still sees the name', async () => {
    const { owner, track, submission } = await onStation({ title: 'Velvet Alibi', artist_name: 'Nora Quill' });
    expect(submission.sftp_path).toMatch(MYSTERY_PATH);
    expect(submission.sftp_path).not.toContain(track.id);
    // The owner's (and the admins') submission names the track; the station's key stays on the server.
    expect(submission).toMatchObject({ track_title: 'Velvet Alibi', track_artist: 'Nora Quill' });
    expect(Object.keys(submission)).not.toContain('station_key');
    const key = (await stored(submission.id)).station_key as string;
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(submission.sftp_path).toContain(key);

    const mp3 = h.station.uploads.get(submission.sftp_path)!;
    expect(readId3(mp3)).toEqual({ title: RADIO_MSG.mysteryTrack, album: key });
    const tag = mp3.subarray(0, id3Length(mp3));
    for (const text of ['Velvet Alibi', 'Nora Quill', track.id, 'human']) {
      expect(mp3.includes(Buffer.from(text, 'latin1')), text).toBe(false);
      expect(tag.includes(Buffer.from(text, 'utf16le')), text).toBe(false);
    }
    expect(await stored(submission.id)).toMatchObject({ station_mystery: true });

    // It airs as the mystery, and the airing is recognised by its code.
    h.station.recentOverride = null;
    await airScheduled(h.deps);
    expect(h.station.played.filter((p) => p.path === submission.sftp_path)).toEqual([expect.objectContaining({ title: RADIO_MSG.mysteryTrack, artist: '', album: key })]);
    h.clock.now += 1000;
    await airScheduled(h.deps);
    expect((await stored(submission.id)).status).toBe('broadcasted');
    expect(h.station.retags).not.toContainEqual(expect.objectContaining({ path: submission.sftp_path }));

    const mine = await h.call('GET', '/api/tracks/mine', { token: owner.token });
    expect(mine.body.tracks).toContainEqual(expect.objectContaining({ id: track.id, title: 'Velvet Alibi', radio_status: 'broadcasted' }));
  });

  it('a submission turned down after it was put on the station’s schedule is taken off it (its track rejected in the CMS), and does not air', async () => {
    const { admin, track, submission } = await onStation({ title: 'Paper Comet', artist_name: 'Juno Vale' });
    await airScheduled(h.deps);
    const playlist = (await stored(submission.id)).station_playlist_id as string;
    expect(playlist).toEqual(expect.any(String));
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await stored(submission.id)).toMatchObject({ status: 'rejected', station_playlist_id: null, station_playlist_to_remove: playlist });

    // The station refuses once: asked again on the next run.
    const unschedule = h.station.unschedule.bind(h.station);
    h.station.unschedule = () => Promise.reject(new Error('HTTP 503'));
    await airScheduled(h.deps);
    expect(h.station.unscheduled).not.toContain(playlist);
    h.station.unschedule = unschedule;
    await airScheduled(h.deps);
    expect(h.station.unscheduled).toContain(playlist);
    expect((await stored(submission.id)).station_playlist_to_remove).toBeNull();
    await airScheduled(h.deps);
    expect(h.station.unscheduled.filter((id) => id === playlist)).toHaveLength(1);
  });

  it('a marketplace-only track keeps its name: its file is named after it and tagged with its title and artist', async () => {
    const { track, submission } = await onStation({ title: 'Glass Harbor', artist_name: 'Ida Fenn', submission_type: 'marketplace' });
    expect(submission.sftp_path).toBe(`/music/2026/03/glass-harbor-music_${track.id}.mp3`);
    expect(readId3(h.station.uploads.get(submission.sftp_path)!)).toEqual({ title: 'Glass Harbor', artist: 'Ida Fenn' });
    expect((await stored(submission.id)).station_mystery).toBe(false);
    await airScheduled(h.deps);
    expect(h.station.played.filter((p) => p.path === submission.sftp_path)).toEqual([expect.objectContaining({ title: 'Glass Harbor', artist: 'Ida Fenn' })]);
  });

  it('once the track is retired from the contest (CMS reject) its file is named on the station, even after it aired; a refused rename is asked again', async () => {
    const { admin, submission } = await onStation({ title: 'Copper Lanterns', artist_name: 'Ravi Ode' });
    h.station.recentOverride = null;
    await airScheduled(h.deps);
    h.clock.now += 1000;
    await airScheduled(h.deps);
    expect((await stored(submission.id)).status).toBe('broadcasted');
    const mysteryName = { title: RADIO_MSG.mysteryTrack, artist: '' };
    // What the station's history calls this file: by its code while a mystery, by its title once named.
    const key = (await stored(submission.id)).station_key as string;
    const heard = async () => (await h.station.recent()).history.find((s) => s.album === key || s.title === 'Copper Lanterns');
    expect(await heard()).toMatchObject(mysteryName);

    // Still in the contest: nothing is renamed.
    expect((await airScheduled(h.deps)).revealed).toBe(0);
    const track = (await stored(submission.id)).track_id as string;
    expect((await h.call('POST', `/api/cms/tracks/${track}/reject`, { token: admin.token, body: {} })).status).toBe(200);

    h.station.failRetags = 'HTTP 503';
    expect((await airScheduled(h.deps)).revealed).toBe(0);
    expect(await stored(submission.id)).toMatchObject({ station_mystery: true, status: 'broadcasted' });
    expect(await heard()).toMatchObject(mysteryName);
    h.station.failRetags = null;

    expect((await airScheduled(h.deps)).revealed).toBe(1);
    expect(h.station.retags.at(-1)).toEqual({ path: submission.sftp_path, title: 'Copper Lanterns', artist: 'Ravi Ode', album: '' });
    expect(await heard()).toMatchObject({ title: 'Copper Lanterns', artist: 'Ravi Ode' });
    expect((await stored(submission.id)).station_mystery).toBe(false);
    const calls = h.station.retags.length;
    expect((await airScheduled(h.deps)).revealed).toBe(0);
    expect(h.station.retags).toHaveLength(calls);
  });

  it('a track deleted, or moved to the marketplace, while its file waits on the station is named too (its queued airing is withdrawn or kept as the rules say)', async () => {
    const moved = await onStation({ title: 'Salt Roads', artist_name: 'Mae Toll' });
    const deleted = await onStation({ title: 'Paper Orbit', artist_name: 'Lu Venn' });
    // An editor moves one to the marketplace; an admin deletes the other (its queued airing is turned down).
    await h.db.collection('tracks').doc((await stored(moved.submission.id)).track_id).update({ submission_type: 'marketplace' });
    expect((await h.call('POST', `/api/cms/tracks/${(await stored(deleted.submission.id)).track_id}/delete`, { token: deleted.admin.token, body: {} })).status).toBe(200);
    expect((await stored(deleted.submission.id)).status).toBe('rejected');
    await airScheduled(h.deps);
    expect(h.station.retags).toEqual(
      expect.arrayContaining([
        { path: moved.submission.sftp_path, title: 'Salt Roads', artist: 'Mae Toll', album: '' },
        { path: deleted.submission.sftp_path, title: 'Paper Orbit', artist: 'Lu Venn', album: '' },
      ]),
    );
    expect(await stored(moved.submission.id)).toMatchObject({ station_mystery: false });
    expect(await stored(deleted.submission.id)).toMatchObject({ station_mystery: false });
  });

  it('a mystery made only for the manual download waits until it is marked uploaded, then is named if its track left the contest', async () => {
    const { admin, sup } = await admins();
    const [owner] = await users(h, rname());
    const track = await trackWithAudio(h, owner, { title: 'Hollow Bells', artist_name: 'Ada Rook' });
    const id = (await quick(sup, track.id)).body.submission.id as string;
    expect((await act(admin, id, 'approve')).status).toBe(200);
    expect((await act(admin, id, 'download-link')).status).toBe(200);
    expect(await stored(id)).toMatchObject({ station_mystery: true, sftp_uploaded: false });
    await h.db.collection('tracks').doc(track.id).update({ submission_type: 'marketplace' });
    const path = (await stored(id)).sftp_path as string;
    await airScheduled(h.deps);
    expect(h.station.retags).not.toContainEqual(expect.objectContaining({ path }));
    // The admin uploads the downloaded file by hand (here: straight into the station) and marks it uploaded.
    await h.station.upload(path, Buffer.from('ID3'));
    expect((await act(admin, id, 'mark-uploaded')).status).toBe(200);
    await airScheduled(h.deps);
    expect(h.station.retags).toContainEqual({ path, title: 'Hollow Bells', artist: 'Ada Rook', album: '' });
    expect((await stored(id)).station_mystery).toBe(false);
  });
});

describe('GET /api/tracks/mine', () => {
  it('lists the caller’s tracks newest first with stats and radio status', async () => {
    const [owner, other] = await users(h, 'rmine', 'rmine2');
    await grant(h, owner.uid, 1000);
    const older = await trackWithAudio(h, owner, { title: 'Older' });
    const newer = await trackWithAudio(h, owner, { title: 'Newer', submission_type: 'marketplace' });
    await trackWithAudio(h, other);
    expect((await send(owner, older.id)).status).toBe(201);
    const res = await h.call('GET', '/api/tracks/mine', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.tracks).toEqual([
      expect.objectContaining({ id: newer.id, title: 'Newer', total_votes: null, fool_rate: null, radio_status: null, cover_art_url: newer.cover_art_url }),
      expect.objectContaining({ id: older.id, title: 'Older', status: 'approved', submission_type: 'contest', total_votes: 0, fool_rate: 0, radio_status: 'pending' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('audio_path');
    expect((await h.call('GET', '/api/tracks/mine')).status).toBe(401);
  });
});

describe('airScheduled', () => {
  it(`gives a submission the station keeps refusing to play back to the admin after ${MAX_PLAY_FAILURES} runs, with the error`, async () => {
    const [owner] = await users(h, rname());
    const ghost = await addRadioSubmission(h, owner, 'music', { status: 'scheduled', sftp_uploaded: true, scheduled_broadcast_time: new Date(h.clock.now - 1000).toISOString() });
    h.station.failPlays = 'file not found';
    try {
      for (let run = 1; run < MAX_PLAY_FAILURES; run++) {
        await airScheduled(h.deps);
        expect((await h.db.collection('radio_submissions').doc(ghost.id).get()).data()).toMatchObject({ status: 'scheduled', station_requested_at: null, station_play_failures: run });
      }
      await airScheduled(h.deps);
    } finally {
      h.station.failPlays = null;
    }
    expect((await h.db.collection('radio_submissions').doc(ghost.id).get()).data()).toMatchObject({
      status: 'approved',
      sftp_uploaded: false,
      sftp_upload_error: RADIO_MSG.stationPlayFailed,
      scheduled_broadcast_time: null,
      station_play_failures: 0,
    });
    // Nothing more is asked of the station for it.
    expect((await airScheduled(h.deps)).requested).toBe(0);
  });

  it('asks the station to play a due submission once, then marks it broadcasted when it has aired', async () => {
    const [owner] = await users(h, rname());
    const due = await addRadioSubmission(h, owner, 'music', { status: 'scheduled', sftp_uploaded: true, scheduled_broadcast_time: new Date(h.clock.now - 1000).toISOString() });
    const later = await addRadioSubmission(h, owner, 'advertisement', { status: 'scheduled', sftp_uploaded: true, scheduled_broadcast_time: new Date(h.clock.now + 3_600_000).toISOString() });
    h.station.recentOverride = { now: null, history: [] };
    const runs = await Promise.all([airScheduled(h.deps), airScheduled(h.deps), airScheduled(h.deps)]);
    expect(runs.reduce((n, r) => n + r.requested, 0)).toBe(1);
    expect(h.station.played.filter((p) => p.path === due.sftp_path)).toEqual([expect.objectContaining({ title: due.track_title, artist: due.track_artist })]);
    expect(h.station.played.some((p) => p.path === later.sftp_path)).toBe(false);
    const requested = (await h.db.collection('radio_submissions').doc(due.id).get()).data()!;
    expect(requested).toMatchObject({ status: 'scheduled', station_requested_at: new Date(h.clock.now).toISOString() });

    // Playing now, not finished: still scheduled. Then it shows in the history: broadcasted.
    const start = Math.floor(h.clock.now / 1000) + 5;
    h.station.recentOverride = { now: { title: due.track_title!, artist: due.track_artist!, playedAt: start, duration: 60 }, history: [] };
    h.clock.now += 30_000;
    expect((await airScheduled(h.deps)).broadcasted).toBe(0);
    h.station.recentOverride = { now: null, history: [{ title: due.track_title!, artist: due.track_artist!, playedAt: start, duration: 60 }] };
    expect((await airScheduled(h.deps)).broadcasted).toBe(1);
    expect((await h.db.collection('radio_submissions').doc(due.id).get()).get('status')).toBe('broadcasted');
    expect((await airScheduled(h.deps)).broadcasted).toBe(0);

    // An elapsed now-playing entry counts too; an old play of the same song does not.
    h.clock.now += 3_600_000;
    h.station.recentOverride = { now: null, history: [{ title: 'Advertisement', artist: 'Pizza Palace', playedAt: start, duration: 15 }] };
    await airScheduled(h.deps);
    expect((await h.db.collection('radio_submissions').doc(later.id).get()).get('status')).toBe('scheduled');
    const t = Math.floor(h.clock.now / 1000);
    h.station.recentOverride = { now: { title: 'Advertisement', artist: 'Pizza Palace', playedAt: t, duration: 15 }, history: [] };
    h.clock.now += 20_000;
    await airScheduled(h.deps);
    expect((await h.db.collection('radio_submissions').doc(later.id).get()).get('status')).toBe('broadcasted');
    h.station.recentOverride = null;
  });
});
