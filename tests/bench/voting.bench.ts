/**
 * Voting on the in-process emulator through the real API: throughput and latency of 50
 * concurrent voters (in the steady state, after warm-up crowds), then Firestore document
 * reads/writes and requests per vote, per session open, per leaderboard view and per summary
 * refresh at two sizes (about 100 and 10,000 votes; the larger one seeded directly with
 * batched writes). Prints figures; asserts nothing.
 * The emulator runs on a thread of its own (as in the local stack, where it runs in another
 * process than the functions), the API on the main thread, and the measured crowds' voters on a
 * third (voters-thread.ts), as browsers are apart from the API; sign-ups and sessions go through
 * the main thread's client.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { SongType } from '../../common/contest/contest';
import type { VoteSessionView } from '../../common/contest/voting';
import { createApp } from '../../functions/src/app';
import { holdScheduledRefreshes, LEADERBOARD_REFRESH_DEBOUNCE_MS, refreshLeaderboardsNow } from '../../functions/src/leaderboards/refresh-scheduler';
import { addCounts, countGames, globalInsightsRef, type InsightGame } from '../../functions/src/insights/aggregates';
import { refreshInsights } from '../../functions/src/insights/refresh';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import type { Deps } from '../../functions/src/platform/deps';
import { buildDeps } from '../../functions/src/deps';
import { DiskStorage } from '../../functions/src/platform/storage/storage';
import { statsFromTrack, type TrackDoc } from '../../functions/src/tracks/track-doc';
import { newSampleKey } from '../../functions/src/voting/sample-key';
import { weekOf, weeklyEarningsRef } from '../../functions/src/tokens/weekly-earnings';
import { startFirestoreEmulatorThread, type FirestoreEmulatorThread } from '../../scripts/lib/firestore-emulator-thread';
import { ffmpegPath } from '../../scripts/lib/media';
import { disableMetadataProbe } from '../../scripts/lib/no-metadata-probe';
import { freePort } from '../../scripts/lib/ports';
import { seedBaseConfig } from '../../scripts/lib/seed/seed-config';
import { FakeAuth } from '../api/fake-auth';
import { testEnv } from '../api/test-env';
import { addTrack } from '../api/contest-fixtures';
import { measureClipRenditions } from './clip-renditions';
import { jsonClient, unmappedStacks } from './http-client';
import { startVotersThread, votePush } from './voters-thread';

const VOTERS = 50;
/** Crowds voting before the measured ones (JIT warm-up). */
const WARM_UP_CROWDS = 5;
/** Measured crowds per locking mode: a crowd votes for about a second, too short alone for a steady p95. */
const MEASURED_ROUNDS = 3;
const TRACKS = 60;
const BIG_USERS = 1000;
const BIG_TRACKS = 2000;
const VOTES_PER_BIG_USER = 10;
const TYPES: SongType[] = ['human', 'ai', 'hybrid'];

type Api = ReturnType<typeof client>;

function client(base: string) {
  const send = jsonClient(base, VOTERS * 2);
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const { status, body: json } = await send(method, path, body, token);
    if (status >= 400) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    async voter(name: string): Promise<string> {
      const res = await call('POST', '/accounts/signup', { username: name, email: `${name}@example.test`, password: 'secret123' });
      return `test:${res.uid as string}`;
    },
    session: async (token: string): Promise<VoteSessionView> => (await call('POST', '/vote-sessions', {}, token)).session,
    vote: (token: string, session: VoteSessionView, clipId: string, guess: SongType) => call('POST', '/sync/votes/push', votePush(session.id, clipId, guess), token),
    leaderboards: () => call('GET', '/public/leaderboards'),
    insights: () => call('GET', '/public/insights'),
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

type Locking = 'document' | 'global';
/** One measured crowd: each vote's latency, its wall time, the process's CPU time, the threads' busy shares, aborts and emulator requests. */
type Crowd = { latencies: number[]; wallMs: number; cpuMs: number; busy: { api: number; emulator: number }; aborted: number; calls: number };
type CrowdSummary = ReturnType<typeof summarize>;

/** One locking mode's figures over all of its crowds (busy shares weighted by each crowd's wall time). */
function summarize(crowds: Crowd[]) {
  const all = sorted(crowds.flatMap((c) => c.latencies));
  const votes = all.length;
  const wall = crowds.reduce((t, c) => t + c.wallMs, 0);
  const busy = (thread: keyof Crowd['busy']) => crowds.reduce((t, c) => t + c.busy[thread] * c.wallMs, 0) / wall;
  return {
    votes,
    perSecond: (votes / wall) * 1000,
    p50: pct(all, 50),
    p95: pct(all, 95),
    crowdP95s: crowds.map((c) => pct(sorted(c.latencies), 95)),
    max: all.at(-1)!,
    aborted: crowds.reduce((t, c) => t + c.aborted, 0),
    calls: crowds.reduce((t, c) => t + c.calls, 0) / votes,
    cpuMs: crowds.reduce((t, c) => t + c.cpuMs, 0) / votes,
    busy: { api: busy('api'), emulator: busy('emulator') },
  };
}

/** Reads, writes and requests of `run`, which must finish before a scheduled summary refresh can start. */
async function cost(emulator: FirestoreEmulatorThread, run: () => Promise<number>): Promise<Cost & { ms: number }> {
  await sleep(LEADERBOARD_REFRESH_DEBOUNCE_MS + 500); // let any scheduled refresh finish first
  await emulator.resetOps();
  const t0 = performance.now();
  const per = await run();
  const ms = performance.now() - t0;
  if (ms >= LEADERBOARD_REFRESH_DEBOUNCE_MS) console.warn(`  (measurement took ${ms.toFixed(0)} ms: a summary refresh may be included)`);
  return { ...(await emulator.ops()), per, ms };
}

type Cost = { reads: number; writes: number; calls: number; per: number };
/** One data size's column of the cost table. */
type Column = { size: string; votes: number; rows: Array<[what: string, cost: Cost]> };
const columns: Column[] = [];

async function measureSize(what: string, api: Api, deps: Deps, emulator: FirestoreEmulatorThread, tag: string) {
  // Whatever earlier votes left (the crowds') is rolled up and added first: the insights refresh measured is these 20 votes'.
  await refreshLeaderboardsNow(deps);
  const tokens = [await api.voter(`${tag}_a`), await api.voter(`${tag}_b`)];
  const sessions = await Promise.all(tokens.map((t) => api.session(t)));
  const votes = await cost(emulator, async () => {
    let n = 0;
    for (const [i, t] of tokens.entries()) {
      for (const c of sessions[i]!.clips) await api.vote(t, sessions[i]!, c.clip_id, TYPES[n++ % 3]!);
    }
    return n;
  });
  // The rollup of these votes leaves insight deltas; a refresh adds them into the one aggregate document.
  await rollUpVoteCounts(deps);
  const insightsRefresh = await cost(emulator, async () => {
    await refreshInsights(deps);
    return 1;
  });
  const insightsView = await cost(emulator, async () => {
    await api.insights();
    return 1;
  });
  const newcomer = await api.voter(`${tag}_c`);
  const open = await cost(emulator, async () => {
    await api.session(newcomer);
    return 1;
  });
  await refreshLeaderboardsNow(deps);
  const view = await cost(emulator, async () => {
    await api.leaderboards();
    return 1;
  });
  const refresh = await cost(emulator, async () => {
    await refreshLeaderboardsNow(deps);
    return 1;
  });
  const votesNow = (await deps.db.collection('votes').count().get()).data().count;
  columns.push({
    size: what,
    votes: votesNow,
    rows: [
      [`per vote (single-vote pushes)`, votes],
      ['per session open (new voter)', open],
      ['per leaderboard view (GET)', view],
      ['per leaderboard summary refresh', refresh],
      ['per insights refresh (20 new votes)', insightsRefresh],
      ['per insights view (GET)', insightsView],
    ],
  });
  console.log(`\nmeasured the cost at ${votesNow} votes (${what})`);
}

/** The cost rows of every measured size, side by side: documents read / written, and requests, per operation. */
function printCostTable() {
  const cell = (c: Cost) => `${(c.reads / c.per).toFixed(1)} r / ${(c.writes / c.per).toFixed(1)} w / ${(c.calls / c.per).toFixed(1)} req`;
  const line = (label: string, cells: string[]) => console.log(`  ${label.padEnd(34)}${cells.map((x) => x.padStart(34)).join('')}`);
  console.log('\nFirestore cost per operation (documents read / written, requests), by data size');
  line('', columns.map((c) => `${c.votes.toLocaleString('en')} votes`));
  line('', columns.map((c) => c.size));
  for (const [i, [what]] of columns[0]!.rows.entries()) line(what, columns.map((c) => cell(c.rows[i]![1])));
  // Each summary board is one query of at most 100 rows; the two user boards also read their rows' profiles.
  console.log('  (a summary refresh reads at most 3 x 100 rows, 2 x 100 profiles, and the marks and listings of the tracks rolled up since the last: it grows until the boards are full, then follows the tracks voted on)');
  console.log('  (an insights refresh reads the deltas of the tracks rolled up since the last one and the aggregate; a view reads the aggregate: neither follows the votes ever cast)');
}

/** Adds BIG_USERS users who voted VOTES_PER_BIG_USER times each on BIG_TRACKS tracks, with consistent stats. */
async function seedBig(db: Firestore, storage: DiskStorage) {
  const writes: Array<(b: FirebaseFirestore.WriteBatch) => void> = [];
  const tracks: TrackDoc[] = [];
  const base = await addTrack({ db, deps: { storage } }, { title: 'Big template' });
  for (let i = 0; i < BIG_TRACKS; i++) {
    const t: TrackDoc = { ...base, id: `big_t${i}`, title: `Big ${i}`, clip_id: `bigclip${i}`, song_type: TYPES[i % 3]!, created_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(), rand: newSampleKey() };
    tracks.push(t);
    writes.push((b) => b.set(db.collection('tracks').doc(t.id), t));
    writes.push((b) => b.set(db.collection('clips').doc(t.clip_id), { track_id: t.id, path: `clips/${base.clip_id}.mp3`, created_at: t.created_at }));
  }
  const counts = tracks.map(() => ({ total_votes: 0, correct_guesses: 0, incorrect_guesses: 0 }));
  const nowIso = new Date().toISOString();
  // The insights' aggregate of these votes, as if their tracks had left the contest (the largest it gets).
  const games: InsightGame[] = [];
  for (let u = 0; u < BIG_USERS; u++) {
    const uid = `big_u${u}`;
    let correct = 0;
    for (let j = 0; j < VOTES_PER_BIG_USER; j++) {
      const ti = (u * 7 + j * 13) % BIG_TRACKS;
      const t = tracks[ti]!;
      const guess = TYPES[(u + j) % 3]!;
      const ok = guess === t.song_type;
      correct += ok ? 1 : 0;
      games.push({ right: ok, rating: 1500, guess, type: t.song_type, genre: t.genre, n: j + 1, week: weekOf(new Date(Date.UTC(2025, 0, 1) + ((u * 13 + j) % 52) * 7 * 86_400_000).toISOString()) });
      const c = counts[ti]!;
      c.total_votes++;
      if (ok) c.correct_guesses++;
      else c.incorrect_guesses++;
      const id = `big_v${u}_${j}`;
      writes.push((b) =>
        b.set(db.collection('votes').doc(id), { user_id: uid, session_id: `big_s${u}`, clip_id: t.clip_id, track_id: t.id, guess, guessed_is_ai: guess !== 'human', is_correct: ok, status: 'scored', reveal: null, error: null, created_at: nowIso, updatedAt: FieldValue.serverTimestamp(), _deleted: false }),
      );
      writes.push((b) => b.set(db.collection('vote_keys').doc(`${uid}:${t.id}`), { user_id: uid, track_id: t.id, vote_id: id, created_at: nowIso }));
    }
    writes.push((b) => b.set(db.collection('profiles').doc(uid), { user_id: uid, username: `big_${u}`, full_name: `Big ${u}`, avatar_url: null, created_at: nowIso, updatedAt: FieldValue.serverTimestamp(), _deleted: false }));
    writes.push((b) => b.set(db.collection('user_vote_stats').doc(uid), { user_id: uid, total: VOTES_PER_BIG_USER, correct, updatedAt: FieldValue.serverTimestamp() }));
    writes.push((b) => b.set(db.collection('token_ledger').doc(), { user_id: uid, delta: 50, reason: 'signup_grant', ref: null, balance_after: 50, created_at: nowIso }));
    writes.push((b) => b.set(weeklyEarningsRef(db, weekOf(nowIso), uid), { week: weekOf(nowIso), user_id: uid, earned: 50 }));
  }
  const { open, typed } = countGames(games);
  writes.push((b) => b.set(globalInsightsRef(db), { counts: addCounts(open, typed), updated_at: nowIso }));
  tracks.forEach((t, i) => writes.push((b) => b.set(db.collection('track_stats').doc(t.id), { ...statsFromTrack(t, counts[i]!, 1), updatedAt: FieldValue.serverTimestamp(), _deleted: false })));
  for (let i = 0; i < writes.length; i += 500) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + 500)) w(batch);
    await batch.commit();
  }
  return writes.length;
}

async function main() {
  process.env.API_LOG = 'silent';
  unmappedStacks();
  const port = await freePort();
  const emulator = await startFirestoreEmulatorThread(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  disableMetadataProbe();
  const db = getFirestore(initializeApp({ projectId: 'demo-bench-voting' }, randomUUID()));
  await seedBaseConfig(db);
  const storage = new DiskStorage(await mkdtemp(join(tmpdir(), 'bench-voting-')), 'bench', () => Date.now());
  const deps = buildDeps({ db, auth: new FakeAuth(), storage, ffmpegPath, env: testEnv(), now: () => Date.now() }, { station: null, chain: null, mailer: null });
  // Every refresh below is the bench's own: the rollups and insight deltas it measures are not consumed behind its back.
  holdScheduledRefreshes(deps);
  const server = createApp(deps).listen(0, '127.0.0.1');
  // The voters' thread keeps its connections idle between crowds (sign-ups take a while): the
  // server's default 5 s would close them, and a request racing that close is reset.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const api = client(base);
  const votersThread = await startVotersThread(base);

  for (let i = 0; i < TRACKS; i++) await addTrack({ db, deps: { storage } }, { song_type: TYPES[i % 3]! });
  // Small size: 100 votes (8 voters x 10, plus the 20 the measurement adds).
  const early = await Promise.all(Array.from({ length: 8 }, (_, i) => api.voter(`early_${i}`)));
  for (const t of early) {
    const s = await api.session(t);
    for (const c of s.clips) await api.vote(t, s, c.clip_id, 'ai');
  }
  await measureSize(`${TRACKS} tracks`, api, deps, emulator, 'small');

  // Throughput: crowds of fresh voters under per-document locks (the default) and under the former
  // single global transaction lock, alternating (ABBA) so that both meet the same moments of the
  // machine; each figure is over all of its mode's crowds, beside each crowd's own p95.
  const crowd = async (tag: string): Promise<Crowd> => {
    // Signed up one after another: at once, they would all rewrite the one sign-up rate-limit
    // counter of their shared IP, which Firestore (and the emulator) aborts under contention.
    const tokens: string[] = [];
    for (let i = 0; i < VOTERS; i++) tokens.push(await api.voter(`crowd_${tag}_${i}`));
    const sessions = await Promise.all(tokens.map((t) => api.session(t)));
    const voters = tokens.map((token, i) => ({ token, sessionId: sessions[i]!.id, clipIds: sessions[i]!.clips.map((c) => c.clip_id) }));
    await emulator.resetLockStats();
    await emulator.resetOps();
    const busy0 = { api: performance.eventLoopUtilization(), emulator: emulator.utilization() };
    const cpu0 = process.cpuUsage();
    const { latencies, wallMs } = await votersThread.crowd(voters);
    const cpu = process.cpuUsage(cpu0);
    const busy = { api: performance.eventLoopUtilization(busy0.api).utilization, emulator: emulator.utilization(busy0.emulator).utilization };
    const { aborted } = await emulator.lockStats();
    const { calls } = await emulator.ops();
    // CPU time of the whole process (API, emulator, voters, GC).
    return { latencies, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, busy, aborted, calls };
  };
  // A fresh process runs its first thousand or so votes at about half speed (until V8 has
  // compiled the hot paths, the voters' thread's too): the measured crowds come after.
  for (let i = 0; i < WARM_UP_CROWDS; i++) await crowd(`warm${i}`);
  const crowds: Record<Locking, Crowd[]> = { document: [], global: [] };
  for (let round = 0; round < MEASURED_ROUNDS; round++) {
    const order: Locking[] = round % 2 === 0 ? ['document', 'global'] : ['global', 'document'];
    for (const locking of order) {
      await sleep(LEADERBOARD_REFRESH_DEBOUNCE_MS + 500); // no refresh running, no transaction open while switching
      await emulator.setLocking(locking);
      crowds[locking].push(await crowd(`${locking}${round}`));
    }
  }
  await sleep(LEADERBOARD_REFRESH_DEBOUNCE_MS + 500);
  await emulator.setLocking('document');
  const perDocument = summarize(crowds.document);
  const global = summarize(crowds.global);
  console.log(`\n${VOTERS} concurrent voters, one vote per push (${MEASURED_ROUNDS} crowds each, ${perDocument.votes} and ${global.votes} votes)`);
  const line = (what: string, r: CrowdSummary) =>
    console.log(
      `  ${what.padEnd(22)} ${r.perSecond.toFixed(0).padStart(5)} votes/s   p50 ${r.p50.toFixed(0).padStart(4)} ms   p95 ${r.p95.toFixed(0).padStart(4)} ms (per crowd ${r.crowdP95s.map((p) => p.toFixed(0)).join(', ')})   max ${r.max.toFixed(0).padStart(5)} ms   ` +
        `${r.aborted} transactions aborted and retried   ${r.calls.toFixed(1)} requests to the emulator and ${r.cpuMs.toFixed(1)} ms of CPU per vote   busy: API thread ${(r.busy.api * 100).toFixed(0)} %, emulator thread ${(r.busy.emulator * 100).toFixed(0)} %`,
    );
  line('per-document locks', perDocument);
  line('one global lock', global);

  await measureClipRenditions({ db, storage, ffmpegPath, base, newSession: async (tag) => api.session(await api.voter(tag)) });

  const seedT0 = performance.now();
  const seeded = await seedBig(db, storage);
  console.log(`\nseeded ${seeded} documents in ${(performance.now() - seedT0).toFixed(0)} ms`);
  await measureSize(`${TRACKS + BIG_TRACKS + 1} tracks, ${BIG_USERS} more users`, api, deps, emulator, 'big');
  printCostTable();

  await votersThread.stop();
  server.closeAllConnections();
  server.close();
  await emulator.stop();
  process.exit(0);
}

void main();
