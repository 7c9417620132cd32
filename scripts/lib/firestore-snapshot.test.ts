import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { expect, it } from 'vitest';
import { startFirestoreEmulator } from './firestore-emulator';
import { loadSnapshot, saveSnapshot } from './firestore-snapshot';
import { freePort } from './ports';

it('saves and restores root collections and subcollections at any depth, timestamps kept', async () => {
  const port = await freePort();
  const server = await startFirestoreEmulator(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const from = initializeApp({ projectId: 'demo-snapshot-from' }, randomUUID());
  const to = initializeApp({ projectId: 'demo-snapshot-to' }, randomUUID());
  try {
    const a = getFirestore(from);
    const at = Timestamp.fromMillis(1_700_000_000_123);
    await a.doc('track_stats/t1').set({ total_votes: 3, at });
    await a.doc('track_stats/t1/vote_shards/0').set({ total: 2, dirty: false });
    await a.doc('track_stats/t2/vote_shards/4').set({ total: 1, dirty: true });
    await a.doc('x/y/z/w/deep/1').set({ n: 1.5 });
    const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'firestore.json');
    expect(await saveSnapshot(server, a, 'demo-snapshot-from', file)).toBe(4);
    const b = getFirestore(to);
    expect(await loadSnapshot(b, file)).toBe(4);
    expect((await b.doc('track_stats/t1').get()).data()).toEqual({ total_votes: 3, at });
    expect((await b.collectionGroup('vote_shards').get()).docs.map((d) => [d.ref.path, d.data()])).toEqual([
      ['track_stats/t1/vote_shards/0', { total: 2, dirty: false }],
      ['track_stats/t2/vote_shards/4', { total: 1, dirty: true }],
    ]);
    expect((await b.doc('x/y/z/w/deep/1').get()).get('n')).toBe(1.5);
  } finally {
    await deleteApp(from);
    await deleteApp(to);
    server.stop();
  }
});
