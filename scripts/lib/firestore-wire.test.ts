import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { GeoPoint, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { expect, it } from 'vitest';
import { startFirestoreEmulator } from './firestore-emulator';
import { documentMessage, type WireDocument } from './firestore-wire';
import { freePort } from './ports';

type PackageDocument = WireDocument & { toV1Document(): { serialize(): Uint8Array } };

it('encodes every kind of value as the package does, byte for byte, and the client reads each back', async () => {
  const port = await freePort();
  const server = await startFirestoreEmulator(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: 'demo-wire' }, randomUUID());
  try {
    const db = getFirestore(app);
    const values = {
      text: 'héllo ✓ 🎵',
      empty: '',
      yes: true,
      no: false,
      zero: 0,
      count: 42,
      big: 2 ** 40,
      negative: -7,
      ratio: 0.25,
      below: -1.5,
      nothing: null,
      at: Timestamp.fromMillis(1_700_000_000_123),
      epoch: new Timestamp(0, 0),
      before: new Timestamp(-86_400, 500),
      bytes: Buffer.from([0, 1, 255]),
      ref: db.doc('wire/other'),
      place: new GeoPoint(48.85, 2.35),
      origin: new GeoPoint(0, 0),
      list: [1, 'two', { three: 3 }, null, false],
      none: [],
      nested: { inner: { deep: true, n: -3 }, blank: {} },
    };
    const ref = db.collection('wire').doc('all');
    await ref.set(values);
    const state = server.state as unknown as { getDocument(path: string): PackageDocument };
    const doc = state.getDocument('projects/demo-wire/databases/(default)/documents/wire/all');
    expect(Buffer.from(documentMessage(doc)).toString('hex')).toBe(Buffer.from(doc.toV1Document().serialize()).toString('hex'));
    // Read through the emulator's reads, which answer with this encoding.
    const [snap] = await db.getAll(ref);
    expect(snap!.data()).toEqual(values);
  } finally {
    await deleteApp(app);
    server.stop();
  }
});
