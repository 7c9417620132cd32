import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Reveal, VoteSessionView } from '../../common/contest/voting';
import type { Leaderboards } from '../../common/contest/leaderboards';
import type { MarketplaceListing } from '../../common/marketplace/listing-doc';
import { SYNC_COLLECTIONS } from '../../common/sync';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { probeAudio } from '../../functions/src/platform/media/media';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { addTrack, clipOfTrack, makeAdmin, openSession, pushVotes, sseReader, voteAll, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';
import { approve, clipFileOf, fetchPreview, list, storedTrack, submitSong, taggedSong } from './submission-fixtures';
import { publicListings } from './listing-fixtures';

/**
 * Blind means blind: everything a voter can receive before guessing is collected and searched
 * for anything that names or describes the tracks behind their clips, or that links one of
 * their clips to a listing. Previews are files of their own; clips are named per session.
 */
let h: Harness;
let admin: { uid: string; token: string };
let secrets: TrackDoc[];
let decoy: TrackDoc;
/** One upload entered in both routes: the contest twin is voted on blind, the marketplace twin listed. */
let both: { contest: TrackDoc; market: TrackDoc; listing: MarketplaceListing };

beforeAll(async () => {
  h = await startHarness();
  h.clock.now = Date.now();
  admin = await signUp(h, 'blind_admin');
  await makeAdmin(h.db, admin.uid);
  // A track others voted on, so every leaderboard has rows.
  decoy = await addTrack(h, { title: 'Public Decoy Anthem', artist_name: 'Decoy Band', song_type: 'ai' });
  for (const [name, guess] of [['blind_right', 'ai'], ['blind_wrong', 'human']] as const) {
    const u = await signUp(h, name);
    const s = (await openSession(h, u.token)).body.session!;
    expect((await pushVotes(h, u.token, [voteDoc(s.id, (await clipOfTrack(h.db, s, decoy)).clip_id, guess)])).body[0].status).toBe('scored');
  }
  await rollUpVoteCounts(h.deps);
  await refreshLeaderboardSummary(h.deps);
  secrets = [
    await addTrack(h, {
      title: 'Zebra Quasar Nocturne',
      artist_name: 'Velvet Oracle',
      song_type: 'hybrid',
      creation_story: 'Sketched on a night ferry to Tromsø with a borrowed theremin',
      hybrid_ai_elements: ['Vocals', 'Beat/Rhythm'],
      hybrid_human_elements: ['Mastering', 'Arrangement'],
      hybrid_tools_used: ['AI Maestro'],
      cover_art_url: '/placeholders/cover-17.jpg',
    }),
    await addTrack(h, { title: 'Obsidian Lullaby Protocol', artist_name: 'Marble Cartographer', song_type: 'ai', creation_story: 'Prompted in one take at dawn' }),
    await addTrack(h, { title: 'Copper Meadow Hymn', artist_name: 'Ines Vantablack', song_type: 'human' }),
  ];
  const artist = await signUp(h, 'blind_artist');
  const fields = { title: 'Lantern Ferry Overture', artistName: 'Quill Meridian', songType: 'ai', submissionRoutes: '["contest","marketplace"]' };
  const [contest, market] = await submitSong(h, artist, fields, await taggedSong(60, 523));
  await approve(h, admin, contest!, market!);
  const listing = (await list(h, admin, market!)) as unknown as MarketplaceListing;
  both = { contest: await storedTrack(h, contest!.id), market: await storedTrack(h, market!.id), listing };
}, 60_000);
afterAll(() => h.close());

/** Strings that would tell a voter what is behind one of their clips. */
function secretsOf(t: TrackDoc): string[] {
  return [t.id, t.title, t.artist_name, t.audio_path, t.creation_story, ...t.hybrid_ai_elements, ...t.hybrid_human_elements, ...t.hybrid_tools_used].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
}

/** The song type as a value or field: "hybrid", "human", "ai", song_type, is_ai. */
const SONG_TYPE_WORDS = /\bhybrid\b|\bhuman\b|"ai"|song_type|is_ai/i;
/** A song type as a value (listings carry the field, null while in the contest). */
const SONG_TYPE_VALUES = /\bhybrid\b|\bhuman\b|"ai"|is_ai|"song_type":"/i;

const pullOf = async (name: string, token?: string) => (await h.call('GET', `/api/sync/${name}/pull?limit=200`, { token })).body;

describe('before a vote', () => {
  it('nothing the voter receives tells what is behind a clip or links a clip to a listing; the vote then brings the reveal', { timeout: 60_000 }, async () => {
    h.clock.now = Date.now();
    const voter = await signUp(h, 'blind_voter');
    // Contest channels must not name the tracks; listing channels may name the listed twin, never its type or a clip.
    const received: Array<{ what: string; text: string; answersOnly?: boolean }> = [];
    const listingTexts: Array<{ what: string; text: string }> = [];
    const ctrl = new AbortController();
    try {
      const contestCollections = SYNC_COLLECTIONS.filter((c) => c !== 'marketplace_listings');
      const open = (path: string) => fetch(h.url(path), { headers: { Authorization: `Bearer ${voter.token}` }, signal: ctrl.signal });
      const sync = sseReader<{ resync?: true; collection?: string }>((await open(`/api/sync/stream?collections=${contestCollections.join(',')}`)).body!);
      expect(await sync.next()).toEqual({ resync: true });
      const listingStream = sseReader<{ resync?: true; collection?: string; documents?: MarketplaceListing[] }>(
        (await open('/api/sync/stream?collections=marketplace_listings')).body!,
      );
      expect(await listingStream.next()).toEqual({ resync: true });
      const boardsRes = await fetch(h.url('/api/public/leaderboards/stream'), { signal: ctrl.signal });
      const boardsStream = sseReader<Leaderboards>(boardsRes.body!);
      const firstBoards = await boardsStream.next();
      expect(firstBoards.deception.map((r) => r.title)).toEqual(['Public Decoy Anthem']);
      expect(firstBoards.top_guessers.map((r) => r.username)).toEqual(['blind_right', 'blind_wrong']);

      const opened = await h.call('POST', '/api/vote-sessions', { token: voter.token, body: {} });
      expect(opened.status).toBe(201);
      const session = opened.body.session as VoteSessionView;
      const clipIds = session.clips.map((c) => c.clip_id);
      const clipOf = async (t: TrackDoc) => (await clipOfTrack(h.db, session, t)).clip_id;
      const twinClip = await clipOf(both.contest);
      const decoyClip = await clipOf(decoy);
      for (const t of secrets) expect(clipIds).toContain(await clipOf(t));
      received.push({ what: 'session response', text: JSON.stringify(opened.body) });

      await sync.until((e) => e.collection === 'vote_sessions');
      received.push({ what: 'sync stream', text: sync.raw() });
      // A listing change streams to every visitor; its twin's clip is in this voter's session.
      expect((await h.call('POST', `/api/marketplace/listings/${both.listing.id}`, { token: admin.token, body: { price_tokens: 16 } })).status).toBe(200);
      const streamed = await listingStream.until((e) => e.collection === 'marketplace_listings');
      expect(streamed.documents!.map((d) => d.id)).toEqual([both.listing.id]);
      listingTexts.push({ what: 'listings stream', text: listingStream.raw() });

      for (const name of SYNC_COLLECTIONS) {
        const pull = await h.call('GET', `/api/sync/${name}/pull?limit=200`, { token: voter.token });
        expect(pull.status).toBe(200);
        (name === 'marketplace_listings' ? listingTexts : received).push({ what: `pull ${name}`, text: JSON.stringify(pull.body) });
      }
      expect(received.find((r) => r.what === 'pull vote_sessions')!.text).toContain(session.id);
      received.push({ what: 'me', text: JSON.stringify((await h.call('GET', '/api/me', { token: voter.token })).body) });
      const listings = await publicListings(h);
      listingTexts.push({ what: 'listings', text: JSON.stringify(listings) });

      const clipBytes: Buffer[] = [];
      for (const clip of session.clips) {
        const file = await fetch(h.url(clip.clip_url));
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('audio/mpeg');
        expect(file.headers.get('cache-control')).toMatch(/^private\b/);
        const lines: string[] = [];
        file.headers.forEach((v, k) => lines.push(`${k}: ${v}`));
        const headers = lines.join('\n');
        received.push({ what: `clip ${clip.clip_id} headers`, text: headers });
        const bytes = Buffer.from(await file.arrayBuffer());
        clipBytes.push(bytes);
        received.push({ what: `clip ${clip.clip_id} bytes`, text: bytes.toString('latin1') });
      }

      // The listing of the track whose twin is in this session: listed, but says nothing a guess could use.
      const preview = await fetchPreview(h, both.listing.preview_url!);
      expect(preview.status).toBe(302);
      listingTexts.push({ what: 'preview redirect', text: preview.location! });
      expect(clipBytes.some((c) => c.equals(preview.bytes!))).toBe(false);
      expect(preview.bytes!.equals((await h.deps.storage.get(both.market.audio_path))!.data)).toBe(false);

      // Public boards: they may name tracks that have votes, but never a clip, and none of these tracks yet.
      const boards = await h.call('GET', '/api/public/leaderboards');
      received.push({ what: 'leaderboards', text: JSON.stringify(boards.body), answersOnly: true });
      received.push({ what: 'leaderboards stream', text: boardsStream.raw(), answersOnly: true });

      const links = [session.id, ...clipIds, ...session.clips.map((c) => c.clip_url), both.contest.id, both.contest.clip_id, both.market.clip_id, both.market.audio_path];
      for (const r of received) {
        for (const t of [...secrets, both.contest]) for (const s of secretsOf(t)) expect(r.text, `${r.what} contains "${s}"`).not.toContain(s);
        for (const s of [both.listing.id, both.market.id, both.market.preview_path!]) expect(r.text, `${r.what} names the listing`).not.toContain(s);
        expect(r.text, `${r.what} names a song type`).not.toMatch(SONG_TYPE_WORDS);
        // How others guessed a track comes with the reveal, after the vote, never before.
        expect(r.text, `${r.what} tells how others guessed`).not.toMatch(/guess_(ai|human|hybrid)|"others"/);
        if (r.answersOnly) for (const id of clipIds) expect(r.text, `${r.what} contains clip ${id}`).not.toContain(id);
      }
      const hidden = { id: both.listing.id, title: 'Lantern Ferry Overture', song_type: null, fool_rate: null, in_contest: true };
      expect(listings).toEqual([expect.objectContaining({ ...hidden, price_tokens: 16 })]);
      expect(streamed.documents).toEqual([expect.objectContaining(hidden)]);
      for (const r of listingTexts) {
        for (const s of links) expect(r.text, `${r.what} contains "${s}"`).not.toContain(s);
        expect(r.text, `${r.what} names a song type`).not.toMatch(SONG_TYPE_VALUES);
      }

      // The vote is what reveals: its master state carries the answer.
      const results = await voteAll(h, voter.token, session, 'hybrid');
      const zebra = secrets[0]!;
      const zebraClip = await clipOf(zebra);
      const vote = results.find((v) => v.clip_id === zebraClip)!;
      expect(vote).toMatchObject({ status: 'scored', is_correct: true, error: null });
      expect(vote.reveal).toEqual<Reveal>({
        title: 'Zebra Quasar Nocturne',
        artist_name: 'Velvet Oracle',
        song_type: 'hybrid',
        cover_art_url: '/placeholders/cover-17.jpg',
        hybrid_ai_elements: ['Vocals', 'Beat/Rhythm'],
        hybrid_human_elements: ['Mastering', 'Arrangement'],
        hybrid_tools_used: ['AI Maestro'],
        creation_story: 'Sketched on a night ferry to Tromsø with a borrowed theremin',
        others: { ai: 0, human: 0, hybrid: 0 },
      });
      // The decoy's reveal says how the two voters before guessed it.
      expect(results.find((v) => v.clip_id === decoyClip)!.reveal!.others).toEqual({ ai: 1, human: 1, hybrid: 0 });
      expect(results.find((v) => v.clip_id === twinClip)).toMatchObject({ is_correct: false, reveal: { title: 'Lantern Ferry Overture', song_type: 'ai' } });
      const obsidianClip = await clipOf(secrets[1]!);
      expect(results.find((v) => v.clip_id === obsidianClip)).toMatchObject({ is_correct: false, reveal: { title: 'Obsidian Lullaby Protocol', song_type: 'ai' } });
      const pulled = await h.call('GET', '/api/sync/votes/pull?limit=200', { token: voter.token });
      expect(pulled.body.documents.find((d: { clip_id: string }) => d.clip_id === zebraClip).reveal.title).toBe('Zebra Quasar Nocturne');

      // Once voted (and rolled up) the tracks rank publicly, still without their clips.
      await rollUpVoteCounts(h.deps);
      await refreshLeaderboardSummary(h.deps);
      const after = JSON.stringify((await h.call('GET', '/api/public/leaderboards')).body);
      expect(after).toContain('Zebra Quasar Nocturne');
      for (const id of clipIds) expect(after).not.toContain(id);

      // Still in the contest: the listing keeps the twin's type and fool rate (now 100 %) to itself.
      expect((await pullOf('marketplace_listings')).documents).toEqual([expect.objectContaining(hidden)]);
      // Rejected, the twin leaves the contest: the listing shows the type and the twin's fool rate.
      expect((await h.call('POST', `/api/cms/tracks/${both.contest.id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
      const revealed = { id: both.listing.id, song_type: 'ai', fool_rate: 100, in_contest: false };
      expect(await publicListings(h)).toEqual([expect.objectContaining(revealed)]);
      expect((await pullOf('marketplace_listings')).documents).toEqual([expect.objectContaining(revealed)]);
    } finally {
      ctrl.abort();
    }
  });
});

describe('listing previews', () => {
  it('every listing previews a file of its own: not the original, not a clip, at most 30 s', { timeout: 60_000 }, async () => {
    const seller = await signUp(h, 'blind_seller');
    const [solo] = await submitSong(h, seller, { title: 'Harbour Lights Licence', artistName: 'Mira Tallow', songType: 'human', submissionRoutes: '["marketplace"]' }, await taggedSong(40, 392));
    await approve(h, admin, solo!);
    await list(h, admin, solo!);
    const fixture = await addTrack(h, { submission_type: 'marketplace', title: 'Fixture Listing' });
    await h.deps.storage.put(fixture.audio_path, await taggedSong(5, 660), 'audio/mpeg');
    await list(h, admin, fixture);

    const listings = await publicListings(h);
    expect(listings).toHaveLength(3);
    for (const l of listings) {
      const track = await storedTrack(h, l.track_id);
      const twins = (await h.db.collection('tracks').where('audio_path', '==', track.audio_path).get()).docs.map((d) => ({ ...(d.data() as TrackDoc), id: d.id }));
      const preview = await fetchPreview(h, l.preview_url!);
      expect(preview.status, l.title).toBe(302);
      expect(preview.location).toMatch(/^\/api\/files\/previews\//);
      const original = (await h.deps.storage.get(track.audio_path))!.data;
      expect(preview.bytes!.equals(original), l.title).toBe(false);
      for (const t of twins) expect(preview.bytes!.equals(await clipFileOf(h, t)), l.title).toBe(false);
      const seconds = (await probeAudio(ffmpegInstaller.path, preview.bytes!, 'mp3')).durationSeconds;
      expect(seconds, l.title).toBeGreaterThan(1);
      expect(seconds, l.title).toBeLessThanOrEqual(30);
      for (const secret of ['Secret', 'Suno', 'ID3']) expect(preview.bytes!.includes(secret, 0, 'latin1'), `${l.title}: ${secret}`).toBe(false);
    }
  });

  it("an inactive listing's preview and an unapproved track's preview are 404", async () => {
    const listings = await publicListings(h);
    const [inactive, unapproved] = [listings.find((l) => l.title === 'Fixture Listing')!, listings.find((l) => l.title === 'Harbour Lights Licence')!];
    expect((await h.call('POST', `/api/marketplace/listings/${inactive.id}/active`, { token: admin.token, body: { is_active: false } })).status).toBe(200);
    expect((await fetchPreview(h, inactive.preview_url!)).status).toBe(404);
    expect((await h.call('POST', `/api/cms/tracks/${unapproved.track_id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await fetchPreview(h, unapproved.preview_url!)).status).toBe(404);
    // Off sale while its track is rejected: gone from the public list.
    expect((await publicListings(h)).find((l) => l.id === unapproved.id)).toBeUndefined();
  });
});

describe('clips are named per session', () => {
  it('two voters get different handles and URLs for the same track; neither can fetch with the other\'s handle, nor after expiry', { timeout: 60_000 }, async () => {
    h.clock.now = Date.now();
    const [a, b] = [await signUp(h, 'blind_alice'), await signUp(h, 'blind_bob')];
    const sa = (await openSession(h, a.token)).body.session!;
    const sb = (await openSession(h, b.token)).body.session!;
    const common = [decoy, ...secrets];
    for (const t of common) {
      const [ca, cb] = [await clipOfTrack(h.db, sa, t), await clipOfTrack(h.db, sb, t)];
      expect(ca.clip_id).not.toBe(cb.clip_id);
      expect(ca.clip_url).not.toBe(cb.clip_url);
      for (const c of [ca, cb]) expect(JSON.stringify(c)).not.toContain(t.clip_id);
    }
    await voteAll(h, a.token, sa, 'ai');
    await voteAll(h, b.token, sb, 'human');

    const responsesOf = async (token: string) =>
      [
        JSON.stringify((await openSession(h, token)).body),
        JSON.stringify(await pullOf('vote_sessions', token)),
        JSON.stringify(await pullOf('votes', token)),
        JSON.stringify((await h.call('GET', '/api/me', { token })).body),
      ].join('\n');
    for (const [mine, theirs, token] of [
      [sa, sb, b.token],
      [sb, sa, a.token],
    ] as const) {
      const text = await responsesOf(token);
      expect(text).toContain(theirs.id);
      expect(text).not.toContain(mine.id);
      for (const c of mine.clips) {
        expect(text).not.toContain(c.clip_id);
        expect(text).not.toContain(c.clip_url);
      }
    }

    const status = async (url: string) => (await fetch(h.url(url))).status;
    const [ca, cb] = [sa.clips[0]!, sb.clips[0]!];
    expect(await status(ca.clip_url)).toBe(200);
    expect(await status(`/api/files/clips/${sb.id}/${ca.clip_id}`)).toBe(404);
    expect(await status(`/api/files/clips/${sa.id}/${cb.clip_id}`)).toBe(404);
    expect(await status(`/api/files/clips/${sa.id}/${decoy.clip_id}`)).toBe(404);
    expect(await status(`/api/files/clips/${decoy.clip_id}.mp3`)).toBe(403); // the stored clip needs a signature
    const range = await fetch(h.url(ca.clip_url), { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    h.clock.now = Date.now() + 8 * 86_400_000;
    expect(await status(ca.clip_url)).toBe(403);
    h.clock.now = Date.now();
  });
});
