import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCollectionName } from '@common/sync';
import { accountStream, RXDB_ACCOUNT_COLLECTIONS } from './account-feed';
import { getDatabase, resetPerUserCollections, type AccountCollectionName, type Database } from './database';
import { within } from '@/lib/within';
import { replicateOverHttp } from './replication';
import { SyncStream } from './sync-stream';
import { clearUnsentVotes, forgetUnsentVotes, unsentVotesMark } from './unsent-votes';

/**
 * The signed-in user's contest, orders and radio documents, replicated live; the client writes
 * votes (offline too). Profile, roles, balance and daily grant are the account feed's, whose
 * stream these replications share.
 */
const ACCOUNT_COLLECTIONS: readonly AccountCollectionName[] = RXDB_ACCOUNT_COLLECTIONS;
const PUSH_COLLECTIONS: ReadonlySet<SyncCollectionName> = new Set(['votes']);
/** Whose documents the per-user collections (contest, orders) hold on this device. */
const CONTEST_OWNER_KEY = 'foolrate:contest-owner';

type State = RxReplicationState<unknown, unknown>;
type Running = { uid: string; states: Map<SyncCollectionName, State>; stop: () => void };
let running: Running | null = null;
let queue: Promise<void> = Promise.resolve();
const started = new Map<string, { promise: Promise<void>; resolve: () => void }>();

function startedFor(uid: string) {
  let entry = started.get(uid);
  if (!entry) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    entry = { promise, resolve };
    started.set(uid, entry);
  }
  return entry;
}

async function stopRunning(): Promise<void> {
  if (!running) return;
  const stopping = running;
  running = null;
  stopping.stop();
  await Promise.all([...stopping.states.values()].map((s) => s.cancel()));
  started.delete(stopping.uid);
}

/** Starts (or stops, for null) the account replications; calls are applied in order. */
export function syncAccount(uid: string | null): Promise<void> {
  queue = queue.then(async () => {
    if (running?.uid === uid) return;
    await stopRunning();
    if (!uid) return;
    const db = await getDatabase();
    const owner = localStorage.getItem(CONTEST_OWNER_KEY);
    if (owner !== null && owner !== uid) await resetPerUserCollections(db);
    localStorage.setItem(CONTEST_OWNER_KEY, uid);
    // The account feed's stream; a stream of our own only if the feed follows someone else by now
    // (this call is then about to be superseded).
    const shared = accountStream(uid);
    const stream = shared ?? new SyncStream(ACCOUNT_COLLECTIONS);
    const states = new Map<SyncCollectionName, State>();
    for (const name of ACCOUNT_COLLECTIONS) {
      const push = PUSH_COLLECTIONS.has(name);
      states.set(name, replicateOverHttp({ collection: db[name], name, scope: uid, stream, push }) as State);
    }
    if (!shared) stream.start();
    const settle = settleUnsentVotes(uid, states.get('votes')!);
    const inserts = db.votes.insert$.subscribe(() => void settle());
    void settle();
    running = {
      uid,
      states,
      stop: () => {
        inserts.unsubscribe();
        if (!shared) stream.stop();
      },
    };
    startedFor(uid).resolve();
  });
  return queue;
}

/**
 * The database once the account changes asked so far are applied. Signing in on a device whose
 * per-user collections last held another user's documents replaces those collections
 * (resetPerUserCollections): a query made on one before that throws (RxDB's COL21, closed) or
 * never emits again, so a screen opened with the data layer's first load (the CMS Radio Queue)
 * showed 'Loading' until the page was reloaded.
 */
export async function settledDatabase(): Promise<Database> {
  for (let pending = queue; ; pending = queue) {
    // A failed change leaves the collections as they are: readers go on with them.
    await pending.catch(() => undefined);
    if (pending === queue) return getDatabase();
  }
}

/**
 * Whether every vote `uid` cast on this device has reached the server: at once when none is
 * waiting; else once the votes replication has pushed them, online and within `ms`.
 */
export async function votesPushed(uid: string, ms: number): Promise<boolean> {
  const mark = unsentVotesMark(uid);
  if (mark === null) return true;
  if (!navigator.onLine) return false;
  await syncAccount(uid);
  const votes = running?.uid === uid ? running.states.get('votes') : undefined;
  if (!votes) return false;
  const pushed = await within(votes.awaitInSync().then(() => !votes.isStopped()), ms, false);
  if (pushed) clearUnsentVotes(uid, mark);
  return pushed;
}

/**
 * Forgets a signed-out user on this device: stops their replications and empties the per-user
 * collections and their replication state, so whoever uses the device next finds none of their
 * votes, reveals, sessions, orders or radio submissions. Votes not pushed yet are dropped.
 */
export function forgetAccount(uid: string): Promise<void> {
  queue = queue.then(async () => {
    await stopRunning();
    await resetPerUserCollections(await getDatabase());
    localStorage.removeItem(CONTEST_OWNER_KEY);
    forgetUnsentVotes(uid);
  });
  return queue;
}

/** Clears the unsent-votes mark once the votes replication is in sync (one wait at a time). */
function settleUnsentVotes(uid: string, votes: State): () => Promise<void> {
  let settling = false;
  return async () => {
    if (settling) return;
    settling = true;
    try {
      for (let mark = unsentVotesMark(uid); mark !== null; mark = unsentVotesMark(uid)) {
        await votes.awaitInSync();
        if (votes.isStopped()) return;
        clearUnsentVotes(uid, mark);
      }
    } finally {
      settling = false;
    }
  };
}

/**
 * Pulls `names` now (after an API call changed them) instead of waiting for the stream, and
 * resolves once they are in sync again, or at once when the user's replication is not running.
 */
export async function pullNow(names: readonly SyncCollectionName[]): Promise<void> {
  const states = names.flatMap((name) => running?.states.get(name) ?? []);
  states.forEach((s) => s.reSync());
  await Promise.all(states.map((s) => s.awaitInSync()));
}

/**
 * Resolves once the user's replication of `name` has started and finished its first pull
 * (never while offline: callers race it with a time-out).
 */
export async function awaitInitialPull(uid: string, name: SyncCollectionName): Promise<void> {
  await startedFor(uid).promise;
  if (running?.uid !== uid) return;
  await running.states.get(name)?.awaitInitialReplication();
}

/**
 * Like awaitInitialPull, but rejects with the first replication error before that first pull
 * is done (a screen can then say it failed; replication keeps retrying meanwhile).
 */
export async function awaitInitialPullOrError(uid: string, name: SyncCollectionName): Promise<void> {
  await startedFor(uid).promise;
  if (running?.uid !== uid) return;
  const state = running.states.get(name);
  if (!state) return;
  await new Promise<void>((resolve, reject) => {
    const sub = state.error$.subscribe((err) => {
      sub.unsubscribe();
      reject(err);
    });
    state.awaitInitialReplication().then(
      () => {
        sub.unsubscribe();
        resolve();
      },
      (err: unknown) => {
        sub.unsubscribe();
        reject(err);
      },
    );
  });
}
