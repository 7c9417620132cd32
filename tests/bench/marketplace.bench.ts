/**
 * The marketplace's first view at two catalogue sizes (issue 56): the two section requests the
 * page makes on a first visit (featured and basic, no filters) through the real API, on the
 * emulator in a thread of its own (its op counter counts the documents read). Listings are seeded
 * straight to Firestore with the fields the write path makes (tests/api/listing-fixtures.ts,
 * searchFields). Documents and bytes must stay flat (within 20%) from 100 to 10,000 listings.
 * Prints one line per size: `marketplace first view: N documents, B KB, T ms at L listings`.
 * Then the leaderboard refresh's part in the listings (marketplace/refresh-copies.ts) at each
 * size, with one track marked: it reads the marked track's listings, never the catalogue, so it
 * must stay flat too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { GENRES } from '../../common/constants';
import { createApp } from '../../functions/src/app';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { markListingCopiesDue } from '../../functions/src/marketplace/refresh-copies';
import { buildDeps } from '../../functions/src/deps';
import { DiskStorage } from '../../functions/src/platform/storage/storage';
import { startFirestoreEmulatorThread } from '../../scripts/lib/firestore-emulator-thread';
import { ffmpegPath } from '../../scripts/lib/media';
import { disableMetadataProbe } from '../../scripts/lib/no-metadata-probe';
import { freePort } from '../../scripts/lib/ports';
import { seedBaseConfig } from '../../scripts/lib/seed/seed-config';
import { FakeAuth } from '../api/fake-auth';
import { addTrack } from '../api/contest-fixtures';
import { aStoredListing, storeListings } from '../api/listing-fixtures';
import { testEnv } from '../api/test-env';

const SIZES = [100, 10_000];
const TYPES = ['human', 'ai', 'hybrid'] as const;

const listingNo = (i: number) =>
  aStoredListing({
    id: `bench${String(i).padStart(6, '0')}`,
    title: `Bench Song ${i}`,
    artist_name: `Artist ${i % 97}`,
    genre: GENRES[i % GENRES.length],
    song_type: TYPES[i % 3],
    listing_type: i % 3 === 0 ? 'featured' : 'basic',
    price_tokens: 5 + (i % 50),
    accept_cash_app: i % 4 === 0,
    fool_rate: i % 5 === 0 ? null : (i * 7) % 100,
    cover_art_url: '/placeholders/cover-01.jpg',
    preview_url: `/api/marketplace/listings/bench${i}/preview`,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  });

async function main() {
  disableMetadataProbe();
  const port = await freePort();
  const emulator = await startFirestoreEmulatorThread(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const db = getFirestore(initializeApp({ projectId: 'demo-bench-marketplace' }, randomUUID()));
  const storage = new DiskStorage(await mkdtemp(join(tmpdir(), 'bench-mkt-')), 'bench', () => Date.now());
  const deps = buildDeps({ db, auth: new FakeAuth(), storage, ffmpegPath, env: testEnv(), now: () => Date.now() }, { station: null, chain: null, mailer: null });
  await seedBaseConfig(db);
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lines: Array<{ docs: number; kb: number }> = [];
  const refreshes: number[] = [];
  let stored = 0;
  try {
    for (const size of SIZES) {
      await storeListings(db, Array.from({ length: size - stored }, (_, n) => listingNo(stored + n)));
      stored = size;
      await emulator.resetOps();
      const t0 = performance.now();
      const answers = await Promise.all(
        ['featured', 'basic'].map(async (section) => {
          const res = await fetch(`${base}/api/marketplace/search?section=${section}`);
          if (res.status !== 200) throw new Error(`${section}: ${res.status} ${await res.text()}`);
          return res.text();
        }),
      );
      const ms = performance.now() - t0;
      const { reads } = await emulator.ops();
      const kb = answers.reduce((n, a) => n + Buffer.byteLength(a), 0) / 1024;
      lines.push({ docs: reads, kb });
      console.log(`marketplace first view: ${reads} documents, ${kb.toFixed(1)} KB, ${Math.round(ms)} ms at ${size} listings`);

      // The first listing's track, changed (as a rollup or the CMS marks it), then the refresh.
      const marked = `trk_${listingNo(0).id}`;
      if (size === SIZES[0]) await addTrack({ db, deps }, { id: marked, submission_type: 'marketplace', title: 'Bench Song 0' });
      await db.runTransaction(async (tx) => markListingCopiesDue(db, tx, marked));
      await emulator.resetOps();
      await refreshLeaderboardSummary(deps);
      const refreshed = (await emulator.ops()).reads;
      refreshes.push(refreshed);
      console.log(`leaderboard refresh with one track marked: ${refreshed} documents at ${size} listings`);
    }
  } finally {
    server.closeAllConnections();
    server.close();
    await emulator.stop();
  }
  const [small, large] = lines as [{ docs: number; kb: number }, { docs: number; kb: number }];
  const flat = (a: number, b: number) => Math.abs(b - a) <= 0.2 * a;
  if (!flat(small.docs, large.docs) || !flat(small.kb, large.kb)) {
    console.error('marketplace first view: documents or bytes grew by more than 20% with the catalogue');
    process.exitCode = 1;
  }
  if (!flat(refreshes[0]!, refreshes[1]!)) {
    console.error('leaderboard refresh: documents read grew by more than 20% with the catalogue');
    process.exitCode = 1;
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
