import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongType } from '../../common/contest/contest';
import type { VoteSessionView } from '../../common/contest/voting';
import { foolRateLow } from '../../common/contest/fool-rate';
import { foolRate, type TrackDoc } from '../../functions/src/tracks/track-doc';
import { rememberedTrack, rememberSessionTracks } from '../../functions/src/voting/session-tracks';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { addTrack, allDocs, clipTracks, makeAdmin, openSession, pushVotes, voteAll, voteDoc } from './contest-fixtures';
import { ledgerInvariant, signUp, signUpMany, startHarness, type Harness } from './harness';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const TYPES: SongType[] = ['human', 'ai', 'hybrid'];
const VOTE_FIELDS = ['_deleted', 'id', 'updatedAt', 'session_id', 'clip_id', 'guess', 'created_at', 'status', 'is_correct', 'reveal', 'rating', 'error'].sort();
const SESSION_FIELDS = ['_deleted', 'id', 'updatedAt', 'clips', 'is_first_session', 'token_cost', 'created_at', 'completed_at'].sort();

let h: Harness;
let pool: TrackDoc[];
let root: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  pool = [];
  for (let i = 0; i < 12; i++) pool.push(await addTrack(h, { song_type: TYPES[i % 3]!, title: `Pool ${i}`, artist_name: `Pool Artist ${i}` }));
  root = await signUp(h, 'vs_root');
  await makeAdmin(h.db, root.uid, 'super_admin');
});
afterAll(() => h.close());

const sessionOf = (res: { body: { session: VoteSessionView | null } }): VoteSessionView => {
  expect(res.body.session).not.toBeNull();
  return res.body.session!;
};

async function voteSessionEntries(uid: string) {
  const snap = await h.db.collection('token_ledger').where('user_id', '==', uid).get();
  return snap.docs.map((d) => d.data()).filter((e) => e.reason === 'vote_session');
}

async function sessionDocs(uid: string) {
  return (await h.db.collection('vote_sessions').where('user_id', '==', uid).get()).docs;
}

/** A track's stats once the votes so far are rolled up from its counter shards (what the refresh after votes does). */
async function stats(trackId: string) {
  await rollUpVoteCounts(h.deps);
  return (await h.db.collection('track_stats').doc(trackId).get()).data()!;
}

/** A user who signed up at T0 and finished their (free) first session. */
async function veteran(username: string) {
  h.clock.now = T0;
  const u = await signUp(h, username);
  const first = sessionOf(await openSession(h, u.token));
  await voteAll(h, u.token, first);
  return { ...u, first };
}

describe('POST /api/vote-sessions', () => {
  it('opens a free first session of the 10 newest tracks, telling nothing about them, and returns it again while open', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vs_first');
    const res = await openSession(h, u.token);
    expect(res.status).toBe(201);
    expect(res.body.balance).toBe(50);
    const s = sessionOf(res);
    expect(Object.keys(s).sort()).toEqual(['clips', 'completed_at', 'created_at', 'id', 'is_first_session', 'token_cost']);
    expect(s).toMatchObject({ is_first_session: true, token_cost: 0, completed_at: null, created_at: new Date(T0).toISOString() });
    expect(s.clips).toHaveLength(10);
    for (const c of s.clips) {
      expect(Object.keys(c).sort()).toEqual(['clip_id', 'clip_url']);
      // A handle of this session, played through the API: no storage path, no global clip id.
      expect(c.clip_id).toMatch(/^[0-9a-f]{32}$/);
      expect(c.clip_url).toBe(`/api/files/clips/${s.id}/${c.clip_id}`);
    }
    expect(new Set(s.clips.map((c) => c.clip_id)).size).toBe(10);
    const trackOf = await clipTracks(h.db, pool, s.id);
    const offered = s.clips.map((c) => trackOf(c.clip_id).id);
    expect(new Set(offered)).toEqual(new Set(pool.slice(2).map((t) => t.id)));
    const text = JSON.stringify(res.body);
    for (const t of pool) {
      expect(text).not.toContain(t.id);
      expect(text).not.toContain(t.clip_id);
    }

    const stored = (await h.db.collection('vote_sessions').doc(s.id).get()).data()!;
    expect(stored).toMatchObject({ user_id: u.uid, track_ids: offered, is_first_session: true, token_cost: 0, completed_at: null, _deleted: false });
    expect(await voteSessionEntries(u.uid)).toEqual([]);

    const again = await openSession(h, u.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ session: s, balance: 50 });
    expect(await sessionDocs(u.uid)).toHaveLength(1);
  });

  it('completes a session when every clip is voted, then the next one is free during the 7 days after sign-up', async () => {
    const u = await veteran('vs_week');
    expect((await h.db.collection('vote_sessions').doc(u.first.id).get()).get('completed_at')).toBe(new Date(T0).toISOString());
    h.clock.now = T0 + 6 * DAY;
    const res = await openSession(h, u.token);
    expect(res.status).toBe(201);
    const s = sessionOf(res);
    expect(s).toMatchObject({ is_first_session: false, token_cost: 0 });
    expect(s.id).not.toBe(u.first.id);
    // Only the 2 tracks left that this user has not voted on.
    const trackOf = await clipTracks(h.db, pool, s.id);
    expect(new Set(s.clips.map((c) => trackOf(c.clip_id).id))).toEqual(new Set(pool.slice(0, 2).map((t) => t.id)));
    expect(res.body.balance).toBe(50);
    expect(await voteSessionEntries(u.uid)).toEqual([]);
  });

  it('charges vote_session_cost through the ledger after the free week, once its price is confirmed', async () => {
    const u = await veteran('vs_paid');
    h.clock.now = T0 + 8 * DAY;
    const res = await openSession(h, u.token, 10);
    expect(res.status).toBe(201);
    const s = sessionOf(res);
    expect(s).toMatchObject({ is_first_session: false, token_cost: 10 });
    expect(res.body.balance).toBe(40);
    expect(await voteSessionEntries(u.uid)).toEqual([
      { user_id: u.uid, delta: -10, reason: 'vote_session', ref: s.id, balance_after: 40, created_at: new Date(T0 + 8 * DAY).toISOString() },
    ]);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(40);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it.each(['admin', 'super_admin'] as const)('lets an %s vote free after the free week', async (role) => {
    const u = await veteran(`vs_${role}`);
    await makeAdmin(h.db, u.uid, role);
    h.clock.now = T0 + 30 * DAY;
    const res = await openSession(h, u.token);
    expect(res.status).toBe(201);
    expect(sessionOf(res)).toMatchObject({ is_first_session: false, token_cost: 0 });
    expect(res.body.balance).toBe(50);
    expect(await voteSessionEntries(u.uid)).toEqual([]);
  });

  it('refuses with 402 and writes nothing when the balance is short', async () => {
    const u = await veteran('vs_poor');
    h.clock.now = T0 + 8 * DAY;
    expect((await h.call('POST', '/api/admin/tokens/adjust', { token: root.token, body: { user_id: u.uid, delta: -45 } })).body.balance).toBe(5);
    const before = {
      sessions: (await sessionDocs(u.uid)).length,
      ledger: (await h.db.collection('token_ledger').where('user_id', '==', u.uid).get()).size,
      lock: (await h.db.collection('user_vote_stats').doc(u.uid).get()).data(),
    };
    const res = await openSession(h, u.token);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: { code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 5.' },
    });
    expect((await sessionDocs(u.uid)).length).toBe(before.sessions);
    expect((await h.db.collection('token_ledger').where('user_id', '==', u.uid).get()).size).toBe(before.ledger);
    expect((await h.db.collection('user_vote_stats').doc(u.uid).get()).data()).toEqual(before.lock);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(5);
  });

  it('20 concurrent opens by one user create one session and charge at most once', async () => {
    h.clock.now = T0;
    const fresh = await signUp(h, 'vs_rush_first');
    const firsts = await Promise.all(Array.from({ length: 20 }, () => openSession(h, fresh.token)));
    expect(firsts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(firsts.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(firsts.map((r) => r.body.session?.id)).size).toBe(1);
    expect(await sessionDocs(fresh.uid)).toHaveLength(1);

    const u = await veteran('vs_rush');
    h.clock.now = T0 + 8 * DAY;
    const all = await Promise.all(Array.from({ length: 20 }, () => openSession(h, u.token, 10)));
    expect(all.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(all.map((r) => r.body.session?.id)).size).toBe(1);
    expect(all.every((r) => r.body.balance === 40)).toBe(true);
    expect(await sessionDocs(u.uid)).toHaveLength(2);
    expect(await voteSessionEntries(u.uid)).toHaveLength(1);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(40);
  });

  it("serves an open session's clips for another week when it is returned close to expiry; an expired session's clips are refused", async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vs_renew');
    const idle = await signUp(h, 'vs_idle');
    const s = sessionOf(await openSession(h, u.token));
    const other = sessionOf(await openSession(h, idle.token));
    const expiry = async () => (await h.db.collection('vote_sessions').doc(s.id).get()).get('clips_expire_at');
    expect(await expiry()).toBe(new Date(T0 + 7 * DAY).toISOString());
    h.clock.now = T0 + 5 * DAY;
    expect(sessionOf(await openSession(h, u.token))).toEqual(s);
    expect(await expiry()).toBe(new Date(T0 + 7 * DAY).toISOString());
    h.clock.now = T0 + 6.5 * DAY;
    const again = sessionOf(await openSession(h, u.token));
    // Same handles and URLs (cached clips stay valid); only the server-side expiry moves.
    expect(again).toEqual(s);
    expect(await expiry()).toBe(new Date(T0 + 13.5 * DAY).toISOString());
    h.clock.now = T0 + 7.5 * DAY;
    const file = await fetch(h.url(s.clips[0]!.clip_url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    expect((await fetch(h.url(other.clips[0]!.clip_url))).status).toBe(403);
  });

  it('gives a session opened before per-session handles handle URLs for its clip ids, which keep working for votes', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vs_legacy');
    const s = sessionOf(await openSession(h, u.token));
    // As sessions used to be stored: the tracks' global clip ids and signed storage URLs.
    const trackOf = await clipTracks(h.db, pool, s.id);
    const legacy = s.clips.map((c) => ({ clip_id: trackOf(c.clip_id).clip_id, clip_url: `/api/files/clips/${trackOf(c.clip_id).clip_id}.mp3?expires=1&sig=x` }));
    await h.db.collection('vote_sessions').doc(s.id).update({ clips: legacy });
    const again = sessionOf(await openSession(h, u.token));
    expect(again.clips).toEqual(legacy.map((c) => ({ clip_id: c.clip_id, clip_url: `/api/files/clips/${s.id}/${c.clip_id}` })));
    expect((await h.db.collection('vote_sessions').doc(s.id).get()).get('clips')).toEqual(again.clips);
    expect((await fetch(h.url(again.clips[0]!.clip_url))).status).toBe(200);
    expect((await pushVotes(h, u.token, [voteDoc(s.id, again.clips[0]!.clip_id, 'ai')])).body[0].status).toBe('scored');
  });

  it('needs a signed-in caller with a profile and an empty body', async () => {
    expect((await h.call('POST', '/api/vote-sessions', { body: {} })).status).toBe(401);
    expect((await h.call('POST', '/api/vote-sessions', { token: 'test:nobody_here', body: {} })).body).toEqual({
      error: { code: 'not_found', message: 'Profile not found' },
    });
    const u = await signUp(h, 'vs_body');
    const bad = await h.call('POST', '/api/vote-sessions', { token: u.token, body: { track_ids: [pool[0]!.id] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Unrecognized key: "track_ids"');
    expect(await sessionDocs(u.uid)).toHaveLength(0);
    expect((await h.call('POST', '/api/vote-sessions', { token: u.token })).status).toBe(201);
  });
});

describe('POST /api/vote-sessions: a paid session opens only at the price the caller confirmed', () => {
  const ledgerOf = async (uid: string) => (await h.db.collection('token_ledger').where('user_id', '==', uid).get()).size;
  /** What a refused open must leave as it was. */
  const written = async (uid: string) => ({
    sessions: (await sessionDocs(uid)).length,
    ledger: await ledgerOf(uid),
    lock: (await h.db.collection('user_vote_stats').doc(uid).get()).data(),
  });
  const setCost = (cost: number) => h.db.collection('app_config').doc('1').set({ data: { pricing: { vote_session_cost: cost } } }, { merge: true });

  it('without a price: 409 payment_required with the cost and balance, nothing charged or written; then the price shown opens it', async () => {
    const u = await veteran('vs_consent');
    h.clock.now = T0 + 8 * DAY;
    const before = await written(u.uid);
    for (const body of [undefined, {}]) {
      const res = await h.call('POST', '/api/vote-sessions', { token: u.token, ...(body ? { body } : {}) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: { code: 'payment_required', message: 'This session costs 10 tokens. Confirm the price to start it.', cost: 10, balance: 50 },
      });
    }
    expect(await written(u.uid)).toEqual(before);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(50);

    const res = await openSession(h, u.token, 10);
    expect(res.status).toBe(201);
    const s = sessionOf(res);
    expect(s.token_cost).toBe(10);
    expect(res.body.balance).toBe(40);
    expect(await voteSessionEntries(u.uid)).toHaveLength(1);
    // The open session is returned without a price, and with any, at no charge.
    for (const again of [await openSession(h, u.token), await openSession(h, u.token, 10), await openSession(h, u.token, 3)]) {
      expect(again.status).toBe(200);
      expect(sessionOf(again).id).toBe(s.id);
      expect(again.body.balance).toBe(40);
    }
    expect(await voteSessionEntries(u.uid)).toHaveLength(1);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('refuses a price that is not the price now with 409 price_changed, charging nothing', async () => {
    const u = await veteran('vs_stale_price');
    h.clock.now = T0 + 8 * DAY;
    const before = await written(u.uid);
    for (const shown of [0, 9, 11]) {
      const res = await openSession(h, u.token, shown);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 'price_changed', message: 'A vote session now costs 10 tokens. Nothing was charged.', cost: 10, balance: 50 } });
    }
    // The price changed between the confirm and the request.
    await setCost(12);
    try {
      const res = await openSession(h, u.token, 10);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'price_changed', cost: 12, balance: 50 });
      expect(await written(u.uid)).toEqual(before);
      const paid = await openSession(h, u.token, 12);
      expect(paid.status).toBe(201);
      expect(paid.body.balance).toBe(38);
      expect(await voteSessionEntries(u.uid)).toEqual([expect.objectContaining({ delta: -12, ref: paid.body.session!.id })]);
    } finally {
      await setCost(10);
    }
  });

  it('keeps the 402 when the balance is short, with or without a price', async () => {
    const u = await veteran('vs_short_consent');
    h.clock.now = T0 + 8 * DAY;
    expect((await h.call('POST', '/api/admin/tokens/adjust', { token: root.token, body: { user_id: u.uid, delta: -44 } })).body.balance).toBe(6);
    const before = await written(u.uid);
    for (const shown of [undefined, 10]) {
      const res = await openSession(h, u.token, shown);
      expect(res.status).toBe(402);
      expect(res.body.error).toEqual({ code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 6.' });
    }
    expect(await written(u.uid)).toEqual(before);
  });

  it('asks no price for a free session: the first one, the free week, an admin; a price sent for one is not charged', async () => {
    h.clock.now = T0;
    const first = await signUp(h, 'vs_free_first');
    const res = await openSession(h, first.token);
    expect(res.status).toBe(201);
    expect(sessionOf(res).token_cost).toBe(0);

    const week = await veteran('vs_free_week');
    h.clock.now = T0 + 3 * DAY;
    const inWeek = await openSession(h, week.token, 10);
    expect(inWeek.status).toBe(201);
    expect(sessionOf(inWeek).token_cost).toBe(0);
    expect(inWeek.body.balance).toBe(50);

    const admin = await veteran('vs_free_admin');
    await makeAdmin(h.db, admin.uid, 'admin');
    h.clock.now = T0 + 30 * DAY;
    const adminRes = await openSession(h, admin.token);
    expect(adminRes.status).toBe(201);
    expect(sessionOf(adminRes).token_cost).toBe(0);
    for (const uid of [first.uid, week.uid, admin.uid]) expect(await voteSessionEntries(uid)).toEqual([]);
  });

  it('20 concurrent opens at the confirmed price: one session, one charge', async () => {
    const u = await veteran('vs_rush_consent');
    h.clock.now = T0 + 8 * DAY;
    const all = await Promise.all(Array.from({ length: 20 }, () => openSession(h, u.token, 10)));
    expect(all.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(all.map((r) => r.body.session?.id)).size).toBe(1);
    expect(await voteSessionEntries(u.uid)).toHaveLength(1);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(40);
  });

  it('refuses bodies that are not a price with 400, writing nothing', async () => {
    const u = await veteran('vs_bad_price');
    h.clock.now = T0 + 8 * DAY;
    const before = await written(u.uid);
    for (const body of [{ token_cost: '10' }, { token_cost: 10.5 }, { token_cost: -10 }, { token_cost: null }, { token_cost: 10, track_ids: [] }, { price: 10 }, [10], 'x']) {
      const res = await h.call('POST', '/api/vote-sessions', { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('POST', '/api/vote-sessions', { token: u.token, body: { token_cost: 10, cost: 0 } })).body.error.message).toBe('Unrecognized key: "cost"');
    expect(await written(u.uid)).toEqual(before);
  });
});

describe('POST /api/vote-sessions without eligible tracks', () => {
  let e: Harness;
  beforeAll(async () => {
    e = await startHarness();
  });
  afterAll(() => e.close());

  it('offers no session when nothing is open, and never the caller\'s own, pending, rejected or marketplace tracks', async () => {
    const artist = await signUp(e, 'vs_artist');
    expect((await openSession(e, artist.token)).body).toEqual({ session: null });
    const own = [await addTrack(e, { submitted_by: artist.uid }), await addTrack(e, { submitted_by: artist.uid })];
    await addTrack(e, { status: 'pending' });
    await addTrack(e, { status: 'rejected' });
    await addTrack(e, { submission_type: 'marketplace' });
    const res = await openSession(e, artist.token);
    expect(res).toEqual({ status: 200, body: { session: null } });
    expect((await e.db.collection('vote_sessions').get()).size).toBe(0);
    expect((await e.db.collection('user_vote_stats').doc(artist.uid).get()).exists).toBe(false);

    const listener = await signUp(e, 'vs_listener');
    const s = sessionOf(await openSession(e, listener.token));
    const trackOf = await clipTracks(e.db, own, s.id);
    expect(new Set(s.clips.map((c) => trackOf(c.clip_id).id))).toEqual(new Set(own.map((t) => t.id)));
  });
});

describe('POST /api/sync/votes/push', () => {
  it('scores each guess against the song type, returns the reveal, and updates the stats', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_score');
    const s = sessionOf(await openSession(h, u.token));
    const trackOf = await clipTracks(h.db, pool, s.id);
    const picks = s.clips.slice(0, 3).map((c) => ({ clip: c, track: trackOf(c.clip_id) }));
    const wrong = (t: SongType): SongType => (t === 'ai' ? 'human' : 'ai');
    const guesses = [picks[0]!.track.song_type, wrong(picks[1]!.track.song_type), picks[2]!.track.song_type];
    const before = await Promise.all(picks.map((p) => stats(p.track.id)));
    const docs = picks.map((p, i) => voteDoc(s.id, p.clip.clip_id, guesses[i]!));

    const res = await pushVotes(h, u.token, docs);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    res.body.forEach((doc: Record<string, unknown>, i: number) => {
      const { track } = picks[i]!;
      expect(Object.keys(doc).sort()).toEqual(VOTE_FIELDS);
      const { id, session_id, clip_id, guess, created_at } = docs[i]!;
      expect(doc).toMatchObject({ id, session_id, clip_id, guess, created_at, status: 'scored', is_correct: i !== 1, error: null, _deleted: false, updatedAt: expect.any(Number) });
      expect(doc.reveal).toEqual({
        title: track.title,
        artist_name: track.artist_name,
        song_type: track.song_type,
        cover_art_url: track.cover_art_url,
        hybrid_ai_elements: [],
        hybrid_human_elements: [],
        hybrid_tools_used: [],
        creation_story: null,
        // How the others had guessed it, as last rolled up.
        others: { ai: before[i]!.guess_ai ?? 0, human: before[i]!.guess_human ?? 0, hybrid: before[i]!.guess_hybrid ?? 0 },
      });
    });
    for (const [i, p] of picks.entries()) {
      const b = before[i]!;
      const correct = b.correct_guesses + (i !== 1 ? 1 : 0);
      const incorrect = b.incorrect_guesses + (i === 1 ? 1 : 0);
      expect(await stats(p.track.id)).toMatchObject({
        track_id: p.track.id,
        total_votes: b.total_votes + 1,
        correct_guesses: correct,
        incorrect_guesses: incorrect,
        fool_rate: foolRate(incorrect, b.total_votes + 1),
        eligible: true,
        [`guess_${guesses[i]!}`]: (b[`guess_${guesses[i]!}`] ?? 0) + 1,
      });
    }
    expect((await h.db.collection('user_vote_stats').doc(u.uid).get()).data()).toMatchObject({ user_id: u.uid, total: 3, correct: 2 });
    const stored = (await h.db.collection('votes').doc(docs[1]!.id).get()).data()!;
    expect(stored).toMatchObject({ user_id: u.uid, track_id: picks[1]!.track.id, guess: guesses[1], guessed_is_ai: guesses[1] !== 'human', is_correct: false });
    expect((await h.db.collection('vote_keys').doc(`${u.uid}:${picks[1]!.track.id}`).get()).exists).toBe(true);
    expect((await h.db.collection('vote_sessions').doc(s.id).get()).get('completed_at')).toBeNull();
  });

  it('counts the same vote pushed 5 times at once only once', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_retry');
    const s = sessionOf(await openSession(h, u.token));
    const clip = s.clips[0]!;
    const track = (await clipTracks(h.db, pool, s.id))(clip.clip_id);
    const before = await stats(track.id);
    const doc = voteDoc(s.id, clip.clip_id, 'ai');
    const results = await Promise.all(Array.from({ length: 5 }, () => pushVotes(h, u.token, [doc])));
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results[0]!.body[0]).toMatchObject({ id: doc.id, status: 'scored' });
    expect((await stats(track.id)).total_votes).toBe(before.total_votes + 1);
    expect((await h.db.collection('user_vote_stats').doc(u.uid).get()).get('total')).toBe(1);
    expect((await h.db.collection('votes').where('user_id', '==', u.uid).get()).size).toBe(1);
    // A later retry, even twice in one push, still answers with the stored state.
    expect((await pushVotes(h, u.token, [doc, doc])).body).toEqual([results[0]!.body[0], results[0]!.body[0]]);
    expect((await stats(track.id)).total_votes).toBe(before.total_votes + 1);
  });

  it('refuses a vote on a track that is no longer approved, storing the refusal', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_pending');
    const s = sessionOf(await openSession(h, u.token));
    const clip = s.clips[0]!;
    const track = (await clipTracks(h.db, pool, s.id))(clip.clip_id);
    const before = await stats(track.id);
    await h.db.collection('tracks').doc(track.id).update({ status: 'pending' });
    try {
      const doc = voteDoc(s.id, clip.clip_id, track.song_type);
      const res = await pushVotes(h, u.token, [doc]);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ id: doc.id, status: 'rejected', error: 'Track is not open for voting', is_correct: null, reveal: null });
      expect(await stats(track.id)).toEqual(before);
      expect((await h.db.collection('vote_keys').doc(`${u.uid}:${track.id}`).get()).exists).toBe(false);
      expect((await h.db.collection('votes').doc(doc.id).get()).get('status')).toBe('rejected');
    } finally {
      await h.db.collection('tracks').doc(track.id).update({ status: 'approved' });
    }
  });

  it('refuses a vote through another user\'s session, and a clip that is not in the session, storing nothing', async () => {
    h.clock.now = T0;
    const a = await signUp(h, 'vp_owner');
    const b = await signUp(h, 'vp_intruder');
    const sa = sessionOf(await openSession(h, a.token));
    const sb = sessionOf(await openSession(h, b.token));
    const clip = sa.clips[0]!;
    const track = (await clipTracks(h.db, pool, sa.id))(clip.clip_id);
    const before = await stats(track.id);
    const stolen = voteDoc(sa.id, clip.clip_id, track.song_type);
    // The same track is in b's session too, under another handle: a's handle is not b's clip, nor is the track's global clip id.
    const bTrackOf = await clipTracks(h.db, pool, sb.id);
    expect(sb.clips.find((c) => bTrackOf(c.clip_id).id === track.id)!.clip_id).not.toBe(clip.clip_id);
    const stray = voteDoc(sb.id, clip.clip_id, 'human');
    const global = voteDoc(sb.id, track.clip_id, 'human');
    const res = await pushVotes(h, b.token, [stolen, stray, global]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: stolen.id, status: 'rejected', error: 'Vote session not found', reveal: null });
    expect(res.body[1]).toMatchObject({ id: stray.id, status: 'rejected', error: 'This clip is not part of the vote session', reveal: null });
    expect(res.body[2]).toMatchObject({ id: global.id, status: 'rejected', error: 'This clip is not part of the vote session', reveal: null });
    // Answered, not stored: nothing under those ids, and nothing for b's pulls.
    for (const vote of [stolen, stray, global]) expect((await h.db.collection('votes').doc(vote.id).get()).exists).toBe(false);
    expect(await h.db.collection('votes').where('user_id', '==', b.uid).get()).toHaveProperty('size', 0);
    expect(await stats(track.id)).toEqual(before);
    expect((await h.db.collection('vote_sessions').doc(sa.id).get()).get('voted_clip_ids')).toEqual([]);
    expect((await h.db.collection('vote_keys').doc(`${b.uid}:${track.id}`).get()).exists).toBe(false);
    // The owner's own vote on that clip still counts.
    const own = await pushVotes(h, a.token, [voteDoc(sa.id, clip.clip_id, track.song_type)]);
    expect(own.body[0]).toMatchObject({ status: 'scored', is_correct: true });
    // a's vote id pushed by b: refused without a word of a's vote, which stays as it was.
    const taken = await pushVotes(h, b.token, [{ ...voteDoc(sb.id, sb.clips[0]!.clip_id, 'ai'), id: own.body[0].id }]);
    expect(taken.body[0]).toMatchObject({ id: own.body[0].id, session_id: sb.id, status: 'rejected', error: 'Vote id already in use', reveal: null });
    expect((await h.db.collection('votes').doc(own.body[0].id).get()).data()).toMatchObject({ user_id: a.uid, session_id: sa.id, status: 'scored' });
  });

  it('scores a vote by what its session says, whatever track the instance remembers behind the clip', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_hint');
    const s = sessionOf(await openSession(h, u.token));
    const trackOf = await clipTracks(h.db, pool, s.id);
    const [first, second] = s.clips.map((c) => ({ clip: c, track: trackOf(c.clip_id) }));
    // The instance remembers the session's clips the other way round (a hint it must not trust).
    const stored = (await h.db.collection('vote_sessions').doc(s.id).get()).data()!;
    const swapped = [...(stored.track_ids as string[])];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    rememberSessionTracks(h.deps.db, s.id, { user_id: u.uid, clips: stored.clips, track_ids: swapped });

    const res = await pushVotes(h, u.token, [voteDoc(s.id, first!.clip.clip_id, first!.track.song_type)]);
    expect(res.body[0]).toMatchObject({ status: 'scored', is_correct: true, reveal: { title: first!.track.title, song_type: first!.track.song_type } });
    expect((await h.db.collection('vote_keys').doc(`${u.uid}:${first!.track.id}`).get()).exists).toBe(true);
    expect((await h.db.collection('vote_keys').doc(`${u.uid}:${second!.track.id}`).get()).exists).toBe(false);
    // And the remembered tracks are the session's again: the next vote goes by them.
    const next = await pushVotes(h, u.token, [voteDoc(s.id, second!.clip.clip_id, second!.track.song_type)]);
    expect(next.body[0]).toMatchObject({ status: 'scored', is_correct: true, reveal: { title: second!.track.title } });
    expect(rememberedTrack(h.deps.db, s.id, u.uid, second!.clip.clip_id)).toBe(second!.track.id);
  });

  it('refuses a deleted vote without settling its clip or storing it', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_deleted');
    const s = sessionOf(await openSession(h, u.token));
    const clip = s.clips[0]!;
    const res = await pushVotes(h, u.token, [{ ...voteDoc(s.id, clip.clip_id, 'ai'), _deleted: true }]);
    expect(res.body[0]).toMatchObject({ status: 'rejected', error: 'Votes cannot be deleted', _deleted: false, reveal: null });
    expect((await h.db.collection('votes').doc(res.body[0].id).get()).exists).toBe(false);
    expect((await h.db.collection('vote_sessions').doc(s.id).get()).get('voted_clip_ids')).toEqual([]);
    expect((await pushVotes(h, u.token, [voteDoc(s.id, clip.clip_id, 'ai')])).body[0].status).toBe('scored');
  });

  it('refuses a second vote on the same track and leaves the stats as they were', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_twice');
    const s = sessionOf(await openSession(h, u.token));
    const clip = s.clips[0]!;
    const track = (await clipTracks(h.db, pool, s.id))(clip.clip_id);
    const first = await pushVotes(h, u.token, [voteDoc(s.id, clip.clip_id, 'human')]);
    expect(first.body[0].status).toBe('scored');
    const after = await stats(track.id);
    const second = await pushVotes(h, u.token, [voteDoc(s.id, clip.clip_id, track.song_type)]);
    expect(second.body[0]).toMatchObject({ status: 'rejected', error: 'Already voted on this track', is_correct: null, reveal: null });
    expect(await stats(track.id)).toEqual(after);
    expect((await h.db.collection('user_vote_stats').doc(u.uid).get()).get('total')).toBe(1);
    // Answered, not stored: new vote ids for a settled clip cannot pile up documents.
    expect((await h.db.collection('votes').doc(second.body[0].id).get()).exists).toBe(false);
    const repeats = await pushVotes(h, u.token, Array.from({ length: 20 }, () => voteDoc(s.id, clip.clip_id, 'ai')));
    expect(repeats.body.map((d: { error: string }) => d.error)).toEqual(Array(20).fill('Already voted on this track'));
    expect((await h.db.collection('votes').where('user_id', '==', u.uid).get()).size).toBe(1);
  });

  it('rejects malformed pushes with 400 and writes nothing', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'vp_bad');
    const s = sessionOf(await openSession(h, u.token));
    const good = voteDoc(s.id, s.clips[0]!.clip_id, 'human');
    const row = (d: unknown) => ({ assumedMasterState: null, newDocumentState: d });
    const bodies: unknown[] = [
      { rows: [] },
      [{ newDocumentState: good, extra: 1 }],
      [{ assumedMasterState: null }],
      [row(good), row({ ...good, id: 'v_other', guess: 'robot' })],
      [row(good), row({ ...good, id: 'a/b' })],
      [row({ ...good, id: 'x'.repeat(65) })],
      [row({ ...good, id: '' })],
      [row({ ...good, session_id: '__x__' })],
      [row({ ...good, clip_id: 42 })],
      [row({ ...good, created_at: null })],
      [row({ id: good.id })],
      Array.from({ length: 51 }, (_, i) => row({ ...good, id: `v_${i}` })),
    ];
    const count = async () => ({ votes: (await allDocs(h.db, 'votes')).length, keys: (await allDocs(h.db, 'vote_keys')).length });
    const before = await count();
    for (const body of bodies) {
      const res = await h.call('POST', '/api/sync/votes/push', { token: u.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toBe('invalid_argument');
    }
    expect((await h.call('POST', '/api/sync/votes/push', { token: u.token, raw: '[{"newDocumentState":' })).status).toBe(400);
    expect((await h.call('POST', '/api/sync/votes/push', { body: [row(good)] })).status).toBe(401);
    expect(await count()).toEqual(before);
    expect((await h.db.collection('user_vote_stats').doc(u.uid).get()).get('total')).toBe(0);
  });
});

describe('pulls of votes and vote_sessions', () => {
  it('give each user only their own documents, with the registry fields and never a track id', async () => {
    h.clock.now = T0;
    const a = await signUp(h, 'vq_alice');
    const b = await signUp(h, 'vq_bob');
    const sa = sessionOf(await openSession(h, a.token));
    const sb = sessionOf(await openSession(h, b.token));
    await voteAll(h, a.token, sa, 'ai');
    await pushVotes(h, b.token, [voteDoc(sb.id, sb.clips[0]!.clip_id, 'hybrid')]);

    for (const [me, session, count] of [
      [a, sa, sa.clips.length],
      [b, sb, 1],
    ] as const) {
      const votes = await h.call('GET', '/api/sync/votes/pull?limit=200', { token: me.token });
      expect(votes.status).toBe(200);
      expect(votes.body.documents).toHaveLength(count);
      const trackOf = await clipTracks(h.db, pool, session.id);
      for (const d of votes.body.documents) {
        expect(Object.keys(d).sort()).toEqual(VOTE_FIELDS);
        expect(d).toMatchObject({ session_id: session.id, status: 'scored' });
        expect(d.reveal.title).toBe(trackOf(d.clip_id).title);
      }
      const sessions = await h.call('GET', '/api/sync/vote_sessions/pull', { token: me.token });
      expect(sessions.body.documents).toHaveLength(1);
      expect(Object.keys(sessions.body.documents[0]).sort()).toEqual(SESSION_FIELDS);
      expect(sessions.body.documents[0]).toMatchObject({ id: session.id, clips: session.clips });
      for (const text of [JSON.stringify(votes.body), JSON.stringify(sessions.body)]) {
        expect(text).not.toContain('track_id');
        for (const t of pool) expect(text).not.toContain(t.id);
      }
    }
    const aSessions = (await h.call('GET', '/api/sync/vote_sessions/pull', { token: a.token })).body.documents;
    expect(aSessions[0].completed_at).toBe(new Date(T0).toISOString());
    const bText = JSON.stringify((await h.call('GET', '/api/sync/votes/pull', { token: b.token })).body);
    expect(bText).not.toContain(sa.id);
    for (const name of ['votes', 'vote_sessions']) {
      expect((await h.call('GET', `/api/sync/${name}/pull`)).body).toEqual({ documents: [], checkpoint: null });
    }
  });
});

describe('300 voters on one track at once', () => {
  let c: Harness;
  beforeAll(async () => {
    c = await startHarness();
  });
  afterAll(() => c.close());

  it('counts every vote once on the counter shards, and the rolled-up stats equal a recount of the votes', { timeout: 240_000 }, async () => {
    const track = await addTrack(c, { song_type: 'ai' });
    const voters = await signUpMany(c, Array.from({ length: 300 }, (_, i) => `crowd_${i}`));
    const sessions = await Promise.all(voters.map(async (v) => sessionOf(await openSession(c, v.token))));
    for (const s of sessions) expect((await clipTracks(c.db, [track], s.id))(s.clips[0]!.clip_id).id).toBe(track.id);
    // One track, 300 sessions: 300 different handles and URLs, none of them the track's clip id.
    expect(new Set(sessions.map((s) => s.clips[0]!.clip_id)).size).toBe(300);
    expect(new Set(sessions.map((s) => s.clips[0]!.clip_url)).size).toBe(300);
    expect(sessions.some((s) => JSON.stringify(s).includes(track.clip_id))).toBe(false);
    const guesses: SongType[] = voters.map((_, i) => TYPES[i % 3]!);
    const results = await Promise.all(
      voters.map((v, i) => pushVotes(c, v.token, [voteDoc(sessions[i]!.id, sessions[i]!.clips[0]!.clip_id, guesses[i]!)])),
    );
    expect(results.every((r) => r.status === 200 && r.body[0].status === 'scored')).toBe(true);

    const votes = (await allDocs(c.db, 'votes')).filter((v) => v.track_id === track.id && v.status === 'scored');
    const correct = votes.filter((v) => v.is_correct).length;
    const guessed = (t: SongType) => votes.filter((v) => v.guess === t).length;
    expect(votes).toHaveLength(300);
    expect(correct).toBe(guesses.filter((g) => g === 'ai').length);
    // The votes went to several of the configured 10 shards, whose counts add up to them all.
    const shards = await allDocs(c.db, `track_stats/${track.id}/vote_shards`);
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.every((sh) => sh.track_id === track.id && sh.shard >= 0 && sh.shard < 10)).toBe(true);
    expect(shards.reduce((n, sh) => n + sh.total, 0)).toBe(300);
    expect(shards.reduce((n, sh) => n + (sh.incorrect ?? 0), 0)).toBe(300 - correct);

    await rollUpVoteCounts(c.deps);
    expect((await c.db.collection('track_stats').doc(track.id).get()).data()).toMatchObject({
      total_votes: 300,
      correct_guesses: correct,
      incorrect_guesses: 300 - correct,
      guess_ai: guessed('ai'),
      guess_human: guessed('human'),
      guess_hybrid: guessed('hybrid'),
      fool_rate: foolRate(300 - correct, 300),
      fool_rate_low: foolRateLow(300 - correct, 300),
      eligible: true,
    });
    expect((await c.db.collectionGroup('vote_shards').get()).docs.every((sh) => sh.get('dirty') === false)).toBe(true);
    expect((await c.call('GET', '/api/public/leaderboards')).body.deception[0]).toMatchObject({ track_id: track.id, total_votes: 300, incorrect_guesses: 300 - correct });
    // The CMS shows the same sums.
    const admin = await signUp(c, 'crowd_admin');
    await makeAdmin(c.db, admin.uid);
    const cms = (await c.call('GET', '/api/cms/tracks', { token: admin.token })).body.tracks as Array<{ id: string; stats: { total_votes: number; fool_rate: number; rating: number | null; rating_deviation: number | null } }>;
    // And the track's rating as rolled up (tests/api/ratings.test.ts checks its value), in whole points.
    const rated = (await c.db.collection('track_stats').doc(track.id).get()).data()!;
    expect(rated.rating_deviation).toBeLessThan(100);
    expect(cms.find((t) => t.id === track.id)!.stats).toEqual({
      total_votes: 300,
      fool_rate: foolRate(300 - correct, 300),
      rating: Math.round(rated.rating as number),
      rating_deviation: Math.round(rated.rating_deviation as number),
    });
    expect((await allDocs(c.db, 'vote_keys')).length).toBe(300);
    const userStats = await allDocs(c.db, 'user_vote_stats');
    expect(userStats.reduce((n, s) => n + s.total, 0)).toBe(300);
    expect(userStats.reduce((n, s) => n + s.correct, 0)).toBe(correct);
    expect((await allDocs(c.db, 'vote_sessions')).every((s) => s.completed_at !== null)).toBe(true);
  });
});

describe('vote counters of deployments before the shards moved under track_stats', () => {
  it("the rollup moves a flat track_vote_shards document into the track's vote_shards, its counts kept", async () => {
    const track = await addTrack(h);
    const counts = (total: number, correct: number, ai: number, human: number) => ({ track_id: track.id, shard: 3, total, correct, incorrect: total - correct, guess_ai: ai, guess_human: human, guess_hybrid: total - ai - human });
    await h.db.collection('track_vote_shards').doc(`${track.id}_3`).set({ ...counts(4, 1, 2, 1), dirty: false });
    await h.db.doc(`track_stats/${track.id}/vote_shards/3`).set({ ...counts(1, 1, 1, 0), dirty: true });
    expect(await stats(track.id)).toMatchObject({ total_votes: 5, correct_guesses: 2, incorrect_guesses: 3, guess_ai: 3, guess_human: 1, guess_hybrid: 1 });
    expect((await h.db.collection('track_vote_shards').get()).empty).toBe(true);
    expect((await h.db.doc(`track_stats/${track.id}/vote_shards/3`).get()).data()).toMatchObject({ total: 5, dirty: false });
  });
});
