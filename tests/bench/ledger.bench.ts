/**
 * Ledger throughput on the in-process emulator (on a thread of its own): sign-ups, concurrent
 * daily claims and coupon redemptions through the real API. Prints figures; asserts nothing
 * about speed.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../functions/src/app';
import { buildDeps } from '../../functions/src/deps';
import { DiskStorage } from '../../functions/src/platform/storage/storage';
import { ffmpegPath } from '../../scripts/lib/media';
import { disableMetadataProbe } from '../../scripts/lib/no-metadata-probe';
import { startFirestoreEmulatorThread } from '../../scripts/lib/firestore-emulator-thread';
import { freePort } from '../../scripts/lib/ports';
import { seedBaseConfig } from '../../scripts/lib/seed/seed-config';
import { FakeAuth } from '../api/fake-auth';
import { testEnv } from '../api/test-env';
import { jsonClient, unmappedStacks } from './http-client';

const USERS = 100;

async function main() {
  process.env.API_LOG = 'silent';
  unmappedStacks();
  const port = await freePort();
  const emulator = await startFirestoreEmulatorThread(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  disableMetadataProbe();
  const db = getFirestore(initializeApp({ projectId: 'demo-bench' }, randomUUID()));
  await seedBaseConfig(db);
  await db.collection('coupons').doc('BENCH').set({ code: 'BENCH', tokens: 5, max_redemptions: null, expires_at: null, redemptions: 0 });
  const storage = new DiskStorage(await mkdtemp(join(tmpdir(), 'bench-storage-')), 'bench', () => Date.now());
  const server = createApp(buildDeps({ db, auth: new FakeAuth(), storage, ffmpegPath, env: testEnv(), now: () => Date.now() }, { station: null, chain: null, mailer: null })).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const send = jsonClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, USERS);
  const post = (path: string, body: unknown, token?: string) => send('POST', path, body, token);

  const timed = async (label: string, n: number, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    const ms = performance.now() - t0;
    console.log(`${label.padEnd(44)} ${n} ops in ${ms.toFixed(0)} ms  (${((n / ms) * 1000).toFixed(0)} ops/s)`);
  };

  const tokens: string[] = [];
  await timed('sign-ups (sequential)', USERS, async () => {
    for (let i = 0; i < USERS; i++) {
      const res = await post('/accounts/signup', { username: `bench_${i}`, email: `bench${i}@example.test`, password: 'secret123' });
      tokens.push(`test:${res.body.uid}`);
    }
  });
  await timed('daily claims (all users at once)', USERS, () => Promise.all(tokens.map((t) => post('/tokens/claim-daily', {}, t))));
  await timed('daily claims (one user, 50 at once)', 50, () => Promise.all(Array.from({ length: 50 }, () => post('/tokens/claim-daily', {}, tokens[0]))));
  await timed('coupon redemptions (all users at once)', USERS, () => Promise.all(tokens.map((t) => post('/coupons/redeem', { code: 'BENCH' }, t))));

  server.closeAllConnections();
  server.close();
  await emulator.stop();
  process.exit(0);
}

void main();
