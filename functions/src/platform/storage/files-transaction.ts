import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { log } from '../log';

/** Files a request stored before the transaction that makes its documents point at them. */
export type StoredFiles = {
  /** The document whose snapshot tells whether this request's change was committed. */
  probe: DocumentReference;
  /** True when `probe` shows this request's change (its own new id, or its own file path). */
  ours: (snap: DocumentSnapshot) => boolean;
  /** Deletes the files (logging, not throwing, what cannot be deleted). */
  remove: () => Promise<void>;
};

/**
 * Runs `fn` in a transaction, then keeps the files if the committed result `uses` them and
 * removes them otherwise (a refusal, a failure, a twin that won with the same key).
 *
 * Firestore can commit an attempt and lose the answer (UNAVAILABLE, DEADLINE_EXCEEDED): the
 * SDK then runs `fn` again, which would find the change already made and refuse it or replay
 * it, and the files the committed documents point at would be removed. So once an attempt has
 * reached its commit, every later one first checks `probe`: the change is there, so that
 * attempt's result is the answer. If the SDK gives up instead, `probe` is read once more. When
 * it cannot be read, the files stay: an orphan file costs storage, a document pointing at a
 * deleted one is broken.
 */
export async function transactWithFiles<T>(db: Firestore, files: StoredFiles, fn: (tx: Transaction) => Promise<T>, uses: (result: T) => boolean): Promise<T> {
  let attempted: { result: T } | null = null;
  let result: T;
  try {
    result = await db.runTransaction(async (tx) => {
      if (attempted && files.ours(await tx.get(files.probe))) return attempted.result;
      const outcome = await fn(tx);
      attempted = { result: outcome };
      return outcome;
    });
  } catch (err) {
    const committed = attempted && !(err instanceof HttpError) ? await committedDespite(files, err) : false;
    if (committed) return attempted!.result;
    await files.remove();
    throw err;
  }
  if (!uses(result)) await files.remove();
  return result;
}

/** After the SDK gave up with `err` on an attempt that reached its commit: whether it went through (rethrows `err` when `probe` cannot be read). */
async function committedDespite(files: StoredFiles, err: unknown): Promise<boolean> {
  let snap: DocumentSnapshot;
  try {
    snap = await files.probe.get();
  } catch (readErr) {
    log.mediaKept(files.probe.path, readErr);
    throw err;
  }
  return files.ours(snap);
}
