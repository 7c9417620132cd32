/**
 * The Firestore behaviours the product relies on, pinned against the in-process stand-in
 * (firestore-emulator.ts) through firebase-admin, as the API uses it. Each case names the
 * Firestore documentation it follows: a change to the stand-in that drifts from Firestore
 * fails here first, before a product test shows it in a roundabout way.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldPath, FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreServer } from './firestore-emulator';
import { freePort } from './ports';

let server: FirestoreServer;
let app: App;
let db: Firestore;

beforeAll(async () => {
  const port = await freePort();
  // As the API tests and the local stack run it: document locking, firestore.indexes.json.
  server = await startFirestoreEmulator(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  app = initializeApp({ projectId: 'demo-conformance' }, randomUUID());
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

const fresh = (name: string) => db.collection(`${name}-${randomUUID()}`);
const ids = (snap: FirebaseFirestore.QuerySnapshot) => snap.docs.map((d) => d.id);
const codeOf = async (p: Promise<unknown>): Promise<number | undefined> => {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: number }).code;
  }
};

describe('value ordering: https://firebase.google.com/docs/firestore/manage-data/data-types#value_type_ordering', () => {
  // JavaScript numbers with a fraction (and NaN) go over the wire as doubles, whole ones as integers.
  const numbers = { nan: NaN, minus: -1, one: 1, oneAndHalf: 1.5, two: 2, twoAndHalf: 2.5, three: 3 };

  const seed = async () => {
    const col = fresh('numbers');
    await Promise.all(Object.entries(numbers).map(([id, n]) => col.doc(id).set({ n })));
    return col;
  };

  it('orders integers and doubles together by numeric value, NaN first', async () => {
    const col = await seed();
    expect(ids(await col.orderBy('n').get())).toEqual(['nan', 'minus', 'one', 'oneAndHalf', 'two', 'twoAndHalf', 'three']);
    expect(ids(await col.orderBy('n', 'desc').get())).toEqual(['three', 'twoAndHalf', 'two', 'oneAndHalf', 'one', 'minus', 'nan']);
  });

  it('compares integers and doubles by value in range filters', async () => {
    const col = await seed();
    expect(ids(await col.where('n', '>', 1.2).orderBy('n').get())).toEqual(['oneAndHalf', 'two', 'twoAndHalf', 'three']);
    expect(ids(await col.where('n', '>=', 2).orderBy('n').get())).toEqual(['two', 'twoAndHalf', 'three']);
    expect(ids(await col.where('n', '<', 2).where('n', '>', -1).orderBy('n').get())).toEqual(['one', 'oneAndHalf']);
  });

  it('compares integers and doubles by value in cursors', async () => {
    const col = await seed();
    expect(ids(await col.orderBy('n').startAfter(1.5).get())).toEqual(['two', 'twoAndHalf', 'three']);
    expect(ids(await col.orderBy('n', 'desc').startAt(2).endBefore(1).get())).toEqual(['two', 'oneAndHalf']);
  });

  it('orders values of different types by type: null, booleans, numbers, timestamps, strings', async () => {
    const col = fresh('mixed');
    const values: Record<string, unknown> = { a: 'text', b: Timestamp.fromMillis(0), c: 7, d: true, e: false, f: null, g: 0.5 };
    await Promise.all(Object.entries(values).map(([id, v]) => col.doc(id).set({ v })));
    expect(ids(await col.orderBy('v').get())).toEqual(['f', 'e', 'd', 'g', 'c', 'b', 'a']);
    // A range filter only matches values of its own type.
    expect(ids(await col.where('v', '>', 0).orderBy('v').get())).toEqual(['g', 'c']);
  });

  it('leaves out the documents that lack an ordered field (https://firebase.google.com/docs/firestore/query-data/order-limit-data#limitations)', async () => {
    const col = fresh('missing');
    await col.doc('with').set({ n: 1 });
    await col.doc('without').set({ other: 1 });
    expect(ids(await col.orderBy('n').get())).toEqual(['with']);
  });

  it('reads nested fields by dotted paths (https://firebase.google.com/docs/firestore/query-data/queries#query_operators)', async () => {
    const col = fresh('nested');
    await col.doc('x').set({ m: { n: 2 } });
    await col.doc('y').set({ m: { n: 1.5 } });
    expect(ids(await col.where('m.n', '>', 1).orderBy('m.n').get())).toEqual(['y', 'x']);
  });
});

describe('collection groups: https://firebase.google.com/docs/firestore/query-data/queries#collection-group-query', () => {
  it('queries every collection of an id, at any depth, and no other', async () => {
    const group = `shards${randomUUID().slice(0, 8)}`;
    await db.doc(`parents/a/${group}/1`).set({ dirty: true, n: 2 });
    await db.doc(`parents/b/${group}/1`).set({ dirty: true, n: 1.5 });
    await db.doc(`parents/b/${group}/2`).set({ dirty: false, n: 3 });
    await db.doc(`parents/a/deeper/x/${group}/9`).set({ dirty: true, n: 4 });
    await db.doc(`${group}/root`).set({ dirty: true, n: 0 });
    await db.doc(`parents/a/${group}x/1`).set({ dirty: true, n: 5 });
    const dirty = await db.collectionGroup(group).where('dirty', '==', true).get();
    expect(dirty.docs.map((d) => d.ref.path).sort()).toEqual(
      [`${group}/root`, `parents/a/${group}/1`, `parents/a/deeper/x/${group}/9`, `parents/b/${group}/1`].sort(),
    );
    const ordered = await db.collectionGroup(group).orderBy('n').get();
    expect(ordered.docs.map((d) => d.get('n') as number)).toEqual([0, 1.5, 2, 3, 4]);
  });

  it('a listener on a collection group hears a document added under any parent', async () => {
    const group = `live${randomUUID().slice(0, 8)}`;
    const heard = new Promise<string[]>((resolve) => {
      const stop = db.collectionGroup(group).onSnapshot((snap) => {
        if (snap.size === 0) return;
        stop();
        resolve(snap.docs.map((d) => d.ref.path));
      });
    });
    await db.doc(`parents/p/${group}/new`).set({ n: 1 });
    expect(await heard).toEqual([`parents/p/${group}/new`]);
  });
});

describe("'in', 'array-contains-any' and 'not-in': https://firebase.google.com/docs/firestore/query-data/queries#in_not-in_and_array-contains-any", () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('takes up to 30 values for in and array-contains-any, and refuses more with INVALID_ARGUMENT (3)', async () => {
    const col = fresh('in');
    await col.doc('x').set({ n: 29, tags: [29] });
    expect(ids(await col.where('n', 'in', values(30)).get())).toEqual(['x']);
    expect(ids(await col.where('tags', 'array-contains-any', values(30)).get())).toEqual(['x']);
    expect(await codeOf(col.where('n', 'in', values(31)).get())).toBe(3);
    expect(await codeOf(col.where('tags', 'array-contains-any', values(31)).get())).toBe(3);
  });

  it('takes up to 10 values for not-in, and refuses more with INVALID_ARGUMENT (3)', async () => {
    const col = fresh('notin');
    await col.doc('x').set({ n: 50 });
    await col.doc('y').set({ n: 5 });
    expect(ids(await col.where('n', 'not-in', values(10)).get())).toEqual(['x']);
    expect(await codeOf(col.where('n', 'not-in', values(11)).get())).toBe(3);
  });
});

describe('transactions: https://firebase.google.com/docs/firestore/transaction-data-contention', () => {
  it('a transaction whose read document another transaction writes meanwhile runs again, so no update is lost', async () => {
    const ref = fresh('counters').doc('c');
    await ref.set({ value: 0 });
    let read = 0;
    let bothRead!: () => void;
    const gate = new Promise<void>((resolve) => (bothRead = resolve));
    let attempts = 0;
    const increment = () =>
      db.runTransaction(async (tx) => {
        attempts++;
        const value = (await tx.get(ref)).get('value') as number;
        if (++read === 2) bothRead();
        if (read <= 2) await gate;
        tx.set(ref, { value: value + 1 });
      });
    await Promise.all([increment(), increment()]);
    expect((await ref.get()).get('value')).toBe(2);
    expect(attempts).toBe(3);
  });

  it("a write outside the transaction to a document it read waits for the transaction's end (server client libraries lock what they read)", async () => {
    const ref = fresh('locked').doc('d');
    await ref.set({ value: 'before' });
    const ended: string[] = [];
    let outside: Promise<unknown> | null = null;
    await db.runTransaction(async (tx) => {
      await tx.get(ref);
      outside = ref.set({ value: 'outside' }).then(() => ended.push('outside'));
      tx.set(ref, { value: 'transaction' });
    });
    ended.push('transaction');
    await outside;
    expect(ended).toEqual(['transaction', 'outside']);
    expect((await ref.get()).get('value')).toBe('outside');
  });
});

describe('writes', () => {
  it('create on an existing document fails with ALREADY_EXISTS (6), in a transaction too (https://firebase.google.com/docs/firestore/manage-data/add-data#add_a_document)', async () => {
    const ref = fresh('create').doc('x');
    await ref.create({ n: 1 });
    expect(await codeOf(ref.create({ n: 2 }))).toBe(6);
    expect(await codeOf(db.runTransaction(async (tx) => void tx.create(ref, { n: 3 })))).toBe(6);
    expect((await ref.get()).get('n')).toBe(1);
  });

  it('FieldValue.delete() removes the field, in update() and set(merge), in a transaction or not (https://firebase.google.com/docs/firestore/manage-data/delete-data#fields)', async () => {
    const ref = fresh('deletes').doc('x');
    await ref.set({ a: 1, b: 2, c: 3, d: 4, m: { keep: 1, drop: 2 } });
    await db.runTransaction(async (tx) => {
      await tx.get(ref);
      tx.update(ref, { a: FieldValue.delete() });
    });
    await ref.update({ b: FieldValue.delete(), 'm.drop': FieldValue.delete() });
    await ref.set({ c: FieldValue.delete() }, { merge: true });
    expect((await ref.get()).data()).toEqual({ d: 4, m: { keep: 1 } });
  });

  it('set without merge replaces the whole document (https://firebase.google.com/docs/firestore/manage-data/add-data#set_a_document)', async () => {
    const ref = fresh('replace').doc('x');
    await ref.set({ a: 1, b: 2 });
    await ref.set({ a: 3, n: FieldValue.increment(1) });
    await db.runTransaction(async (tx) => void tx.set(ref, { a: 4, n: FieldValue.increment(1) }, { merge: true }));
    expect((await ref.get()).data()).toEqual({ a: 4, n: 2 });
  });
});

describe('cursors: https://firebase.google.com/docs/firestore/query-data/query-cursors', () => {
  const seed = async () => {
    const col = fresh('pages');
    // Ties on n: paging by document snapshot continues after the document, by value after all equal ones.
    const n: Record<string, number> = { a: 1, b: 2, c: 2, d: 2, e: 3.5, f: 4, g: 4 };
    await Promise.all(Object.entries(n).map(([id, v]) => col.doc(id).set({ n: v })));
    return col;
  };

  it('pages with startAfter(document snapshot) through ties, and stops', async () => {
    const col = await seed();
    const seen: string[] = [];
    let page = await col.orderBy('n').limit(2).get();
    while (!page.empty) {
      seen.push(...ids(page));
      page = await col.orderBy('n').startAfter(page.docs.at(-1)!).limit(2).get();
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('startAfter(values) skips every document equal on them; startAt includes them', async () => {
    const col = await seed();
    expect(ids(await col.orderBy('n').startAfter(2).get())).toEqual(['e', 'f', 'g']);
    expect(ids(await col.orderBy('n').startAt(2).limit(2).get())).toEqual(['b', 'c']);
    expect(ids(await col.orderBy('n').orderBy(FieldPath.documentId()).startAfter(2, 'c').get())).toEqual(['d', 'e', 'f', 'g']);
    expect(ids(await col.orderBy('n', 'desc').startAfter(4).endAt(2).get())).toEqual(['e', 'd', 'c', 'b']);
  });

  it('offset skips after the cursor, before the limit', async () => {
    const col = await seed();
    expect(ids(await col.orderBy('n').startAfter(1).offset(2).limit(2).get())).toEqual(['d', 'e']);
  });
});
