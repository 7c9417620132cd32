import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reveal, VoteSessionView } from '../../common/contest';
import type { Leaderboards } from '../../common/leaderboards';
import { SYNC_COLLECTIONS } from '../../common/sync';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { addTrack, openSession, pushVotes, sseReader, voteAll, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/**
 * Blind means blind: everything a voter can receive before guessing is collected and searched
 * for anything that names or describes the tracks behind their clips.
 */
let h: Harness;
let secrets: TrackDoc[];
let decoy: TrackDoc;

beforeAll(async () => {
  h = await startHarness();
  h.clock.now = Date.now();
  // A track others voted on, so every leaderboard has rows.
  decoy = await addTrack(h, { title: 'Public Decoy Anthem', artist_name: 'Decoy Band', song_type: 'ai' });
  for (const [name, guess] of [['blind_right', 'ai'], ['blind_wrong', 'human']] as const) {
    const u = await signUp(h, name);
    const s = (await openSession(h, u.token)).body.session!;
    expect((await pushVotes(h, u.token, [voteDoc(s.id, decoy.clip_id, guess)])).body[0].status).toBe('scored');
  }
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
});
afterAll(() => h.close());

/** Strings that would tell a voter what is behind one of their clips. */
function secretsOf(t: TrackDoc): string[] {
  return [t.id, t.title, t.artist_name, t.audio_path, t.creation_story, ...t.hybrid_ai_elements, ...t.hybrid_human_elements, ...t.hybrid_tools_used].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
}

/** The song type as a value or field: "hybrid", "human", "ai", song_type, is_ai. */
const SONG_TYPE_WORDS = /\bhybrid\b|\bhuman\b|"ai"|song_type|is_ai/i;

describe('before a vote', () => {
  it('nothing the voter receives tells what is behind a clip; the vote then brings the reveal', { timeout: 60_000 }, async () => {
    h.clock.now = Date.now();
    const voter = await signUp(h, 'blind_voter');
    const received: Array<{ what: string; text: string; answersOnly?: boolean }> = [];
    const ctrl = new AbortController();
    try {
      const syncRes = await fetch(h.url(`/api/sync/stream?collections=${SYNC_COLLECTIONS.join(',')}`), {
        headers: { Authorization: `Bearer ${voter.token}` },
        signal: ctrl.signal,
      });
      const sync = sseReader<{ resync?: true; collection?: string }>(syncRes.body!);
      expect(await sync.next()).toEqual({ resync: true });
      const boardsRes = await fetch(h.url('/api/public/leaderboards/stream'), { signal: ctrl.signal });
      const boardsStream = sseReader<Leaderboards>(boardsRes.body!);
      const firstBoards = await boardsStream.next();
      expect(firstBoards.deception.map((r) => r.title)).toEqual(['Public Decoy Anthem']);
      expect(firstBoards.top_guessers.map((r) => r.username)).toEqual(['blind_right']);

      const opened = await h.call('POST', '/api/vote-sessions', { token: voter.token, body: {} });
      expect(opened.status).toBe(201);
      const session = opened.body.session as VoteSessionView;
      const clipIds = session.clips.map((c) => c.clip_id);
      for (const t of secrets) expect(clipIds).toContain(t.clip_id);
      received.push({ what: 'session response', text: JSON.stringify(opened.body) });

      await sync.until((e) => e.collection === 'vote_sessions');
      received.push({ what: 'sync stream', text: sync.raw() });

      for (const name of SYNC_COLLECTIONS) {
        const pull = await h.call('GET', `/api/sync/${name}/pull?limit=200`, { token: voter.token });
        expect(pull.status).toBe(200);
        received.push({ what: `pull ${name}`, text: JSON.stringify(pull.body) });
      }
      expect(received.find((r) => r.what === 'pull vote_sessions')!.text).toContain(session.id);
      received.push({ what: 'me', text: JSON.stringify((await h.call('GET', '/api/me', { token: voter.token })).body) });

      for (const clip of session.clips) {
        const file = await fetch(h.url(clip.clip_url));
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('audio/mpeg');
        const lines: string[] = [];
        file.headers.forEach((v, k) => lines.push(`${k}: ${v}`));
        const headers = lines.join('\n');
        received.push({ what: `clip ${clip.clip_id} headers`, text: headers });
        received.push({ what: `clip ${clip.clip_id} bytes`, text: Buffer.from(await file.arrayBuffer()).toString('latin1') });
      }

      // Public boards: they may name tracks that have votes, but never a clip, and none of these tracks yet.
      const boards = await h.call('GET', '/api/public/leaderboards');
      received.push({ what: 'leaderboards', text: JSON.stringify(boards.body), answersOnly: true });
      received.push({ what: 'leaderboards stream', text: boardsStream.raw(), answersOnly: true });

      for (const r of received) {
        for (const t of secrets) for (const s of secretsOf(t)) expect(r.text, `${r.what} contains "${s}"`).not.toContain(s);
        expect(r.text, `${r.what} names a song type`).not.toMatch(SONG_TYPE_WORDS);
        if (r.answersOnly) for (const id of clipIds) expect(r.text, `${r.what} contains clip ${id}`).not.toContain(id);
      }

      // The vote is what reveals: its master state carries the answer.
      const results = await voteAll(h, voter.token, session, 'hybrid');
      const zebra = secrets[0]!;
      const vote = results.find((v) => v.clip_id === zebra.clip_id)!;
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
      });
      expect(results.find((v) => v.clip_id === secrets[1]!.clip_id)).toMatchObject({ is_correct: false, reveal: { title: 'Obsidian Lullaby Protocol', song_type: 'ai' } });
      const pulled = await h.call('GET', '/api/sync/votes/pull?limit=200', { token: voter.token });
      expect(pulled.body.documents.find((d: { clip_id: string }) => d.clip_id === zebra.clip_id).reveal.title).toBe('Zebra Quasar Nocturne');

      // Once voted the tracks rank publicly, still without their clips.
      await refreshLeaderboardSummary(h.deps);
      const after = JSON.stringify((await h.call('GET', '/api/public/leaderboards')).body);
      expect(after).toContain('Zebra Quasar Nocturne');
      for (const id of clipIds) expect(after).not.toContain(id);
    } finally {
      ctrl.abort();
    }
  });
});
