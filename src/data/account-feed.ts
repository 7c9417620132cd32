import { create } from 'zustand';
import type { BalanceDoc, DailyGrantDoc, ProfileDoc, UserRolesDoc } from '@common/accounts/accounts';
import type { PullResponse } from '@common/sync';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { syncFailures } from './sync-errors';
import { SyncStream, type PullStreamItem } from './sync-stream';

/**
 * The signed-in user's four own documents (profile, roles, balance, daily grant): what the
 * header and the home page show. They come over the same replication protocol as RxDB's
 * collections (pull, then the SSE stream with RESYNC) but live in a small store cached in
 * localStorage, so a signed-in home page loads no RxDB (docs/adr/0020-account-data-on-the-device.md).
 */
export const OWN_COLLECTIONS = ['profiles', 'user_roles', 'token_balances', 'daily_token_grants'] as const;
export type OwnCollection = (typeof OWN_COLLECTIONS)[number];
/** The user's collections RxDB replicates once a page loads it (account-sync.ts). */
export const RXDB_ACCOUNT_COLLECTIONS = ['votes', 'vote_sessions', 'orders', 'radio_submissions'] as const;
type OwnDocs = { profiles: ProfileDoc; user_roles: UserRolesDoc; token_balances: BalanceDoc; daily_token_grants: DailyGrantDoc };

/** Each document: undefined while not known yet, null when the user has none. */
export type AccountDocs = { [K in OwnCollection]?: OwnDocs[K] | null };
type FeedState = { uid: string | null; docs: AccountDocs };

export const useAccountFeed = create<FeedState>(() => ({ uid: null, docs: {} }));

const cacheKey = (uid: string) => `foolrate:account:${uid}`;

function readCache(uid: string): AccountDocs {
  try {
    return JSON.parse(localStorage.getItem(cacheKey(uid)) ?? '{}') as AccountDocs;
  } catch {
    return {};
  }
}

function writeCache(uid: string, docs: AccountDocs): void {
  try {
    localStorage.setItem(cacheKey(uid), JSON.stringify(docs));
  } catch {
    // No storage (private mode): the documents are pulled again on the next visit.
  }
}

const isOwn = (name: string): name is OwnCollection => (OWN_COLLECTIONS as readonly string[]).includes(name);

/** The user followed now: their stream, and the one pending retry per collection whose pull failed. */
type Running = { uid: string; stream: SyncStream; retries: Map<OwnCollection, ReturnType<typeof setTimeout>> };
let running: Running | null = null;

type Incoming = Record<string, unknown> & { _deleted?: boolean; updatedAt?: number };

function setDocs(run: Running, docs: AccountDocs): void {
  useAccountFeed.setState({ docs });
  writeCache(run.uid, docs);
}

/**
 * Applies changed documents of `name` for the running user (the user's own has id = uid),
 * unless what is shown is newer: a slow pull must not undo what the stream just brought.
 */
function apply(run: Running, name: OwnCollection, documents: Incoming[]): void {
  if (running !== run) return;
  const doc = documents.findLast((d) => d.id === run.uid);
  if (!doc) return;
  const current = useAccountFeed.getState().docs[name] as { updatedAt?: number } | null | undefined;
  if (current && (current.updatedAt ?? 0) > (doc.updatedAt ?? 0)) return;
  const { _deleted, ...fields } = doc;
  setDocs(run, { ...useAccountFeed.getState().docs, [name]: _deleted ? null : fields });
}

/** Marks `name` as absent if nothing is known of it yet (never hides a document already shown). */
function markAbsent(run: Running, name: OwnCollection, persist: boolean): void {
  if (running !== run || useAccountFeed.getState().docs[name] !== undefined) return;
  const docs = { ...useAccountFeed.getState().docs, [name]: null };
  if (persist) setDocs(run, docs);
  else useAccountFeed.setState({ docs });
}

/** After a failed pull, the next try (RxDB's replications wait as long); offline, the stream's reconnect pulls. */
const RETRY_MS = 5_000;
const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** Pulls `name` from the start: it holds one document, the user's own. */
async function pull(run: Running, name: OwnCollection): Promise<void> {
  try {
    const res = (await call(endpoints.sync.pull, { params: { collection: name }, query: { limit: 10 } })) as PullResponse<Incoming>;
    syncFailures.succeeded();
    apply(run, name, res.documents);
    // Nothing on the server: the user has none (e.g. never claimed the daily token).
    markAbsent(run, name, true);
  } catch (err) {
    syncFailures.failed(err);
    // Offline with nothing cached: screens show "none" rather than loading for ever.
    markAbsent(run, name, false);
    if (online() && !run.retries.has(name)) {
      run.retries.set(name, setTimeout(() => {
        run.retries.delete(name);
        if (running === run) void pull(run, name);
      }, RETRY_MS));
    }
  }
}

/**
 * Follows `uid`'s own documents (or stops, for null): the cached copy at once, then a pull,
 * then live changes. Switching user or signing out forgets the previous user's copy.
 */
export function followAccount(uid: string | null): void {
  if (running?.uid === uid) return;
  if (running) {
    running.stream.stop();
    running.retries.forEach((timer) => clearTimeout(timer));
    forget(running.uid);
  }
  running = null;
  if (!uid) {
    useAccountFeed.setState({ uid: null, docs: {} });
    return;
  }
  // One connection for all the user's collections: RxDB's replications listen on it too, so a
  // page never holds two streams (each holds a function instance while open).
  const run: Running = { uid, stream: new SyncStream([...OWN_COLLECTIONS, ...RXDB_ACCOUNT_COLLECTIONS]), retries: new Map() };
  running = run;
  useAccountFeed.setState({ uid, docs: readCache(uid) });
  for (const name of OWN_COLLECTIONS) {
    void pull(run, name);
    // Every (re)connection starts with RESYNC: pull what the stream may have missed.
    run.stream.listen(name, (item: PullStreamItem) => (item === 'RESYNC' ? void pull(run, name) : apply(run, name, item.documents)));
  }
  run.stream.start();
}

/** The signed-in user's stream (changes and RESYNC of all their collections), or null. */
export const accountStream = (uid: string): SyncStream | null => (running?.uid === uid ? running.stream : null);

function forget(uid: string): void {
  try {
    localStorage.removeItem(cacheKey(uid));
  } catch {
    // No storage: nothing was kept.
  }
}

/** After an API write: pulls the named own collections now; resolves when they are in. */
export async function pullOwnNow(names: readonly string[]): Promise<void> {
  const run = running;
  if (!run) return;
  await Promise.all(names.filter(isOwn).map((name) => pull(run, name)));
}
