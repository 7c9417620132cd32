import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { conflict } from '../http/errors';
import { transactWithFiles } from './files-transaction';

type Fn = (tx: Transaction) => Promise<unknown>;
const unavailable = () => Object.assign(new Error('14 UNAVAILABLE'), { code: 14 });

/** A database whose runTransaction does what `sdk` does with the function, and a probe document that exists once `committed` is set. */
function world(sdk: (fn: Fn, tx: Transaction) => Promise<unknown>, probeRead: 'ok' | 'fails' = 'ok') {
  const state = { committed: false, probeReads: 0 };
  const snap = () => ({ exists: state.committed }) as DocumentSnapshot;
  const tx = { get: () => Promise.resolve(snap()) } as unknown as Transaction;
  const db = { runTransaction: (fn: Fn) => sdk(fn, tx) } as unknown as Firestore;
  const probe = {
    path: 'tracks/t1',
    get: () => {
      state.probeReads++;
      return probeRead === 'ok' ? Promise.resolve(snap()) : Promise.reject(unavailable());
    },
  } as unknown as DocumentReference;
  const remove = vi.fn(() => Promise.resolve());
  return { state, db, files: { probe, ours: (s: DocumentSnapshot) => s.exists, remove } };
}

/** transactWithFiles in world `w`, with a function resolving `result` (whose files the result uses or not). */
const make = (w: ReturnType<typeof world>, result = 'made', uses = true) =>
  transactWithFiles(
    w.db,
    w.files,
    () => Promise.resolve(result),
    () => uses,
  );

describe('transactWithFiles', () => {
  it('keeps the files the committed result uses, and removes them for a result that does not (a twin won)', async () => {
    const w = world((fn, tx) => fn(tx));
    await expect(make(w)).resolves.toBe('made');
    expect(w.files.remove).not.toHaveBeenCalled();
    await expect(make(w, 'replayed', false)).resolves.toBe('replayed');
    expect(w.files.remove).toHaveBeenCalledOnce();
  });

  it('a re-run after a lost commit answer returns the committed attempt’s result instead of running again', async () => {
    const w = world(async (fn, tx) => {
      await fn(tx);
      w.state.committed = true;
      return fn(tx);
    });
    const fn = vi.fn((): Promise<string> => (w.state.committed ? Promise.reject(conflict('Already done')) : Promise.resolve('first')));
    await expect(transactWithFiles(w.db, w.files, fn, () => true)).resolves.toBe('first');
    expect(fn).toHaveBeenCalledOnce();
    expect(w.files.remove).not.toHaveBeenCalled();
  });

  it('a re-run after a commit that did not go through (contention) runs the function again', async () => {
    const w = world(async (fn, tx) => {
      await fn(tx); // its commit is ABORTED: nothing written
      return fn(tx);
    });
    let calls = 0;
    const fn = vi.fn(() => Promise.resolve(`attempt ${++calls}`));
    await expect(transactWithFiles(w.db, w.files, fn, () => true)).resolves.toBe('attempt 2');
    expect(fn).toHaveBeenCalledTimes(2);
    expect(w.files.remove).not.toHaveBeenCalled();
  });

  it('a refusal, or a failure before any commit, removes the files without reading the probe', async () => {
    const refused = world((fn, tx) => fn(tx));
    await expect(
      transactWithFiles(
        refused.db,
        refused.files,
        () => Promise.reject(conflict('No')),
        () => true,
      ),
    ).rejects.toThrow('No');
    const down = world(() => Promise.reject(unavailable()));
    await expect(make(down)).rejects.toThrow('UNAVAILABLE');
    for (const w of [refused, down]) {
      expect(w.files.remove).toHaveBeenCalledOnce();
      expect(w.state.probeReads).toBe(0);
    }
  });

  it('when the SDK gives up after a commit: success if the probe shows it, files removed if not, kept if the probe cannot be read', async () => {
    const givesUp = (commits: boolean) => async (fn: Fn, tx: Transaction) => {
      await fn(tx);
      if (commits) w.state.committed = true;
      throw unavailable();
    };
    let w = world(givesUp(true));
    await expect(make(w)).resolves.toBe('made');
    expect(w.files.remove).not.toHaveBeenCalled();

    w = world(givesUp(false));
    await expect(make(w)).rejects.toThrow('UNAVAILABLE');
    expect(w.files.remove).toHaveBeenCalledOnce();

    w = world(givesUp(true), 'fails');
    await expect(make(w)).rejects.toThrow('UNAVAILABLE');
    expect(w.state.probeReads).toBe(1);
    expect(w.files.remove).not.toHaveBeenCalled();
  });
});
