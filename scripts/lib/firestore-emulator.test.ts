import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreOps, startFirestoreEmulator, type FirestoreLocking, type FirestoreServer } from './firestore-emulator';
import { missingIndex, type IndexSpec, type QueryShape } from './firestore-indexes';
import { freePort } from './ports';

type Emulator = { server: FirestoreServer; app: App; db: Firestore };
const emulators = new Map<FirestoreLocking | 'short lease', Emulator>();

beforeAll(async () => {
  for (const name of ['document', 'none', 'short lease'] as const) {
    const port = await freePort();
    const server = await startFirestoreEmulator(port, name === 'short lease' ? { leaseMs: 300 } : { locking: name });
    // firebase-admin reads the emulator's address when it makes the Firestore instance.
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    const app = initializeApp({ projectId: 'demo-locks' }, randomUUID());
    emulators.set(name, { server, app, db: getFirestore(app) });
  }
});

afterAll(async () => {
  for (const { server, app } of emulators.values()) {
    await deleteApp(app);
    server.stop();
  }
});

/** Resolves for everyone once `n` have arrived: makes first attempts overlap for sure. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === n) open();
    return opened;
  };
}

/** `n` transactions that each read a counter, wait until all have read it, then write it plus one. */
async function raceIncrements(db: Firestore, n: number): Promise<{ value: number; attempts: number }> {
  const ref = db.collection('counters').doc(randomUUID());
  await ref.set({ value: 0 });
  const allRead = barrier(n);
  let attempts = 0;
  await Promise.all(
    Array.from({ length: n }, () => {
      let first = true;
      return db.runTransaction(async (tx) => {
        attempts++;
        const value = ((await tx.get(ref)).get('value') as number) + 1;
        if (first) {
          first = false;
          await allRead();
        }
        tx.set(ref, { value });
      });
    }),
  );
  return { value: (await ref.get()).get('value') as number, attempts };
}

describe('read-modify-write races', () => {
  it('lose updates without locking', async () => {
    const { value } = await raceIncrements(emulators.get('none')!.db, 8);
    expect(value).toBe(1);
  });

  it('lose none with per-document locks: the conflicting transactions are aborted and retried', async () => {
    const { value, attempts } = await raceIncrements(emulators.get('document')!.db, 8);
    expect(value).toBe(8);
    expect(attempts).toBeGreaterThan(8);
  });

  it('that cross (each reads both documents, writes the other: a deadlock) end serializable', async () => {
    const run = async (db: Firestore) => {
      const x = db.collection('cells').doc(randomUUID());
      const y = db.collection('cells').doc(randomUUID());
      await Promise.all([x.set({ v: 'x' }), y.set({ v: 'y' })]);
      const allRead = barrier(2);
      const copy = (from: typeof x, to: typeof x) => {
        let first = true;
        return db.runTransaction(async (tx) => {
          const [a] = [await tx.get(to), await tx.get(from)].reverse();
          if (first) {
            first = false;
            await allRead();
          }
          tx.set(to, { v: a!.get('v') as string });
        });
      };
      await Promise.all([copy(x, y), copy(y, x)]);
      return [(await x.get()).get('v') as string, (await y.get()).get('v') as string];
    };
    // Without locks both copies read the old values: swapped, which no serial order gives.
    expect(await run(emulators.get('none')!.db)).toEqual(['y', 'x']);
    const [x, y] = await run(emulators.get('document')!.db);
    expect(x).toBe(y);
  });
});

describe('per-document locks', () => {
  it('make a plain write to a document a transaction queried wait for it; plain reads do not wait', async () => {
    const db = emulators.get('document')!.db;
    const ref = db.collection('items').doc(randomUUID());
    const other = db.collection('items').doc(randomUUID());
    const tag = randomUUID();
    await Promise.all([ref.set({ tag, value: 1 }), other.set({ value: 1 })]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let queried!: () => void;
    const hasQueried = new Promise<void>((resolve) => (queried = resolve));
    const txDone = db.runTransaction(async (tx) => {
      const [doc] = (await tx.get(db.collection('items').where('tag', '==', tag))).docs;
      queried();
      await released;
      tx.update(doc!.ref, { value: (doc!.get('value') as number) + 1 });
    });
    await hasQueried;
    let written = false;
    const plainWrite = ref.update({ value: 100 }).then(() => (written = true));
    // A plain read and a write to another document go through while the transaction holds its lock.
    expect((await ref.get()).get('value')).toBe(1);
    await other.update({ value: 2 });
    expect(written).toBe(false);
    release();
    await txDone;
    await plainWrite;
    expect((await ref.get()).get('value')).toBe(100);
  });

  it('free the locks of a transaction whose client vanished once its lease is over; its late commit is refused', async () => {
    const db = emulators.get('short lease')!.db;
    const ref = db.collection('items').doc(randomUUID());
    await ref.set({ value: 1 });
    let wakeUp!: () => void;
    const back = new Promise<void>((resolve) => (wakeUp = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    let attempts = 0;
    const abandoned = db.runTransaction(async (tx) => {
      attempts++;
      const value = (await tx.get(ref)).get('value') as number;
      if (attempts === 1) {
        read();
        await back; // the client stalls past the lease
      }
      tx.update(ref, { value: value + 1 });
    });
    await hasRead;
    await ref.update({ value: 100 }); // waits for the lease, not for the stalled client
    wakeUp();
    await abandoned;
    expect(attempts).toBe(2);
    expect((await ref.get()).get('value')).toBe(101);
  });
});

describe('documents', () => {
  it('added one by one (writes and reads of missing ones) all stay, each readable and listed', async () => {
    const { db } = emulators.get('document')!;
    const col = db.collection(`many_${randomUUID()}`);
    await col.doc('first').set({ n: -1 });
    for (let i = 0; i < 200; i++) {
      expect((await col.doc(`missing_${i}`).get()).exists).toBe(false);
      await col.doc(`d${i}`).set({ n: i });
    }
    expect((await col.doc('first').get()).get('n')).toBe(-1);
    expect((await col.doc('d123').get()).get('n')).toBe(123);
    const listed = await col.orderBy('n').get();
    expect(listed.docs.map((d) => d.get('n') as number)).toEqual([-1, ...Array.from({ length: 200 }, (_, i) => i)]);
  });
});

describe('reads', () => {
  it('give every document as last written, after each kind of change', async () => {
    const { db } = emulators.get('document')!;
    const ref = db.collection(`changes_${randomUUID()}`).doc('d');
    const read = async () => {
      const [snap] = await db.getAll(ref);
      return snap!.exists ? snap!.data() : 'missing';
    };
    expect(await read()).toBe('missing');
    await ref.set({ n: 1, tags: ['a'] });
    expect(await read()).toEqual({ n: 1, tags: ['a'] });
    await ref.set({ label: 'x' }, { merge: true });
    expect(await read()).toEqual({ n: 1, tags: ['a'], label: 'x' });
    await ref.update({ n: FieldValue.increment(2) });
    expect(await read()).toEqual({ n: 3, tags: ['a'], label: 'x' });
    await db.runTransaction(async (tx) => {
      const n = (await tx.get(ref)).get('n') as number;
      tx.update(ref, { n: n * 10 });
    });
    expect(await read()).toEqual({ n: 30, tags: ['a'], label: 'x' });
    await ref.delete();
    expect(await read()).toBe('missing');
    await ref.create({ n: 0 });
    expect(await read()).toEqual({ n: 0 });
  });
});

describe('counts', () => {
  it('bill one read per document fetched and one write per document written, and count the requests that carried them', async () => {
    const { db } = emulators.get('document')!;
    const col = db.collection(`billed_${randomUUID()}`);
    const counted = () => ({ reads: firestoreOps.reads, writes: firestoreOps.writes, calls: firestoreOps.calls });
    firestoreOps.reset();
    await db.getAll(col.doc('a'), col.doc('b'), col.doc('c'));
    expect(counted()).toEqual({ reads: 3, writes: 0, calls: 1 });
    await db.batch().set(col.doc('a'), { n: 1 }).set(col.doc('b'), { n: 2 }).commit();
    expect(counted()).toEqual({ reads: 3, writes: 2, calls: 2 });
    // A transaction starts with its first read and ends with its commit: two requests.
    await db.runTransaction(async (tx) => {
      const [a, b] = await tx.getAll(col.doc('a'), col.doc('b'));
      tx.set(col.doc('c'), { n: (a!.get('n') as number) + (b!.get('n') as number) });
    });
    expect(counted()).toEqual({ reads: 5, writes: 3, calls: 4 });
  });
});

describe('composite indexes', () => {
  const refusal = (query: { get(): Promise<unknown> }) =>
    query.get().then(
      () => null,
      (err: { code?: number; details?: string }) => ({ code: err.code, details: err.details }),
    );

  it('a query that needs one the index file lacks is refused as Firestore refuses it, naming the index; nothing else is', async () => {
    const { db } = emulators.get('document')!;
    const c = db.collection('index_probe');
    await c.doc('one').set({ a: 1, b: 2, c: 3, tags: ['x'] });
    expect(await refusal(c.where('a', '==', 1).orderBy('b', 'desc'))).toEqual({
      code: 9,
      details: 'The query requires an index: index_probe (a ASCENDING, b DESCENDING, __name__ DESCENDING). Add it to firestore.indexes.json.',
    });
    expect((await refusal(c.where('a', '==', 1).where('b', '>', 0)))?.code).toBe(9);
    expect((await refusal(c.where('tags', 'array-contains', 'x').orderBy('b')))?.code).toBe(9);
    expect((await refusal(c.orderBy('a').orderBy('b')))?.code).toBe(9);
    expect((await refusal(c.where('a', '==', 1).where('b', '>', 0).count()))?.code).toBe(9);
    // Single-field indexes serve equalities alone, and one ordered field alone.
    expect((await c.where('a', '==', 1).where('c', '==', 3).where('tags', 'array-contains', 'x').get()).size).toBe(1);
    expect((await c.where('b', '>', 0).orderBy('b', 'desc').get()).size).toBe(1);
    expect((await c.where('a', '==', 1).orderBy('a').get()).size).toBe(1);
  });

  it('a query an index of firestore.indexes.json serves runs, in its directions only', async () => {
    const { db } = emulators.get('document')!;
    const weeks = db.collection('weekly_earnings');
    await weeks.doc('probe').set({ week: 'probe-week', earned: 5, user_id: 'u' });
    expect((await weeks.where('week', '==', 'probe-week').orderBy('earned', 'desc').orderBy('user_id').get()).size).toBe(1);
    expect((await refusal(weeks.where('week', '==', 'probe-week').orderBy('earned', 'asc').orderBy('user_id')))?.code).toBe(9);
    const sync = db.collection('radio_submissions').where('user_id', '==', 'u').orderBy('updatedAt').orderBy('__name__');
    expect((await sync.get()).size).toBe(0);
  });
});

describe('composite index needs', () => {
  const q = (where: Array<[string, number]>, orderBy: Array<[string, 1 | 2]>, unary: Array<[string, number]> = []): QueryShape => ({
    from: [{ collection_id: 'c' }],
    has_where: true,
    where: {
      has_composite_filter: true,
      composite_filter: {
        op: 1,
        filters: [
          ...where.map(([field_path, op]) => ({ has_field_filter: true, field_filter: { field: { field_path }, op } })),
          ...unary.map(([field_path, op]) => ({ has_unary_filter: true, unary_filter: { field: { field_path }, op } })),
        ],
      },
    },
    order_by: orderBy.map(([field_path, direction]) => ({ field: { field_path }, direction })),
  });
  const EQ = 5;
  const GT = 3;
  const index = (...fields: Array<[string, 'ASCENDING' | 'DESCENDING']>): IndexSpec => ({ collectionGroup: 'c', queryScope: 'COLLECTION', fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })) });

  it('orders an inequality not ordered by explicitly in the last order’s direction, as the document name', () => {
    const query = q([['a', EQ], ['b', GT]], [['c', 2]]);
    expect(missingIndex(query, [])).toBe('c (a ASCENDING, c DESCENDING, b DESCENDING, __name__ DESCENDING)');
    expect(missingIndex(query, [index(['a', 'ASCENDING'], ['c', 'DESCENDING'], ['b', 'DESCENDING'])])).toBeNull();
    expect(missingIndex(query, [index(['a', 'ASCENDING'], ['c', 'DESCENDING'], ['b', 'ASCENDING'])])).not.toBeNull();
  });

  it('counts == null as an equality and != null as an inequality', () => {
    expect(missingIndex(q([], [['y', 1]], [['x', 3]]), [])).toBe('c (x ASCENDING, y ASCENDING, __name__ ASCENDING)');
    expect(missingIndex(q([['a', EQ]], [], [['x', 5]]), [])).toBe('c (a ASCENDING, x ASCENDING, __name__ ASCENDING)');
    expect(missingIndex(q([], [], [['x', 5]]), [])).toBeNull();
  });
});

describe('query listeners', () => {
  it('hear every change in their collection, run no query for a write elsewhere, and leave nothing behind once closed', async () => {
    const { server, db } = emulators.get('document')!;
    const state = server.state as unknown as { v1Query(...args: unknown[]): unknown[]; emitter: { listenerCount(event: string): number } };
    const before = ['create-document', 'update-document', 'delete-document'].map((e) => state.emitter.listenerCount(e));
    const watched = db.collection(`watched-${randomUUID()}`);
    const elsewhere = db.collection(`elsewhere-${randomUUID()}`);
    const seen: string[][] = [];
    let heard: (() => void) | null = null;
    const next = () => new Promise<void>((resolve) => (heard = resolve));
    let snap = next();
    const stop = watched.onSnapshot((s) => {
      seen.push(s.docs.map((d) => `${d.id}=${String(d.get('v'))}`));
      heard?.();
    });
    await snap;

    const queries = { n: 0 };
    const v1Query = state.v1Query;
    state.v1Query = function (...args: unknown[]) {
      queries.n++;
      return v1Query.apply(this, args);
    };
    try {
      for (let i = 0; i < 5; i++) await elsewhere.doc(`o${i}`).set({ v: i });
      await elsewhere.doc('o0').delete();
      expect(queries.n, 'queries run for writes to another collection').toBe(0);

      snap = next();
      await watched.doc('a').set({ v: 1 });
      await snap;
      snap = next();
      await watched.doc('a').update({ v: 2 });
      await snap;
      snap = next();
      await watched.doc('a').delete();
      await snap;
    } finally {
      state.v1Query = v1Query;
      stop();
    }
    expect(seen).toEqual([[], ['a=1'], ['a=2'], []]);
    await expect.poll(() => ['create-document', 'update-document', 'delete-document'].map((e) => state.emitter.listenerCount(e))).toEqual(before);
  });
});
