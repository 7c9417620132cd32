/**
 * A mark, per user, that this device holds votes the server may not have yet. A signed-in
 * visit loads RxDB (whose replication pushes them) only when a page needs it, or at once when
 * this mark is set: votes cast offline sync on the next visit whatever page it opens.
 */
const key = (uid: string) => `foolrate:unsent-votes:${uid}`;

/** Set before a vote is stored locally; its value changes with every vote. */
export function markUnsentVotes(uid: string): void {
  try {
    localStorage.setItem(key(uid), `${Date.now()}-${Math.random()}`);
  } catch {
    // No storage: the votes still push while this page stays open.
  }
}

export function unsentVotesMark(uid: string): string | null {
  try {
    return localStorage.getItem(key(uid));
  } catch {
    return null;
  }
}

/** Clears the mark if no vote was stored since `mark` was read (that vote is not pushed yet). */
export function clearUnsentVotes(uid: string, mark: string): void {
  try {
    if (localStorage.getItem(key(uid)) === mark) localStorage.removeItem(key(uid));
  } catch {
    // No storage: nothing to clear.
  }
}

/** Drops the mark whatever it holds (the user signed out: their unsent votes are gone with them). */
export function forgetUnsentVotes(uid: string): void {
  try {
    localStorage.removeItem(key(uid));
  } catch {
    // No storage: nothing was marked.
  }
}
