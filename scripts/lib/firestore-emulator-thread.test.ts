import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { expect, it } from 'vitest';
import { startFirestoreEmulatorThread } from './firestore-emulator-thread';
import { freePort } from './ports';

it('serves Firestore from its own thread, counts its reads, writes and requests and switches its locking there', async () => {
  const port = await freePort();
  const emulator = await startFirestoreEmulatorThread(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: 'demo-thread' }, randomUUID());
  const db = getFirestore(app);
  try {
    await emulator.resetOps();
    await db.collection('things').doc('a').set({ n: 1 });
    await db.collection('things').doc('b').set({ n: 2 });
    const listed = await db.collection('things').orderBy('n').get();
    expect(listed.docs.map((d) => d.id)).toEqual(['a', 'b']);
    expect(await emulator.ops()).toEqual({ reads: 2, writes: 2, calls: 3 });

    await emulator.resetLockStats();
    await db.runTransaction(async (tx) => tx.set(db.collection('things').doc('a'), { n: ((await tx.get(db.collection('things').doc('a'))).get('n') as number) + 1 }));
    expect((await db.collection('things').doc('a').get()).get('n')).toBe(2);
    expect(await emulator.lockStats()).toEqual({ aborted: 0, waited: 0 });

    // A transaction holds its read's lock: the switch is refused until it ends.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let didRead!: () => void;
    const read = new Promise<void>((resolve) => (didRead = resolve));
    const open = db.runTransaction(async (tx) => {
      await tx.get(db.collection('things').doc('b'));
      didRead();
      await held;
    });
    await read;
    await expect(emulator.setLocking('global')).rejects.toThrow('1 documents are still locked');
    release();
    await open;
    await emulator.setLocking('global');
    await db.runTransaction(async (tx) => tx.set(db.collection('things').doc('b'), { n: ((await tx.get(db.collection('things').doc('b'))).get('n') as number) + 1 }));
    expect((await db.collection('things').doc('b').get()).get('n')).toBe(3);
    expect(emulator.utilization().utilization).toBeGreaterThan(0);
  } finally {
    await deleteApp(app);
    await emulator.stop();
  }
});
