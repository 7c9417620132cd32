/** Everything that pulls in RxDB, loaded on demand (for the signed-in user's collections). */
// Readers and writers get the database once the signed-in user's collections are theirs (a
// sign-in after another user's session replaces them first): see settledDatabase.
export { settledDatabase as getDatabase } from './account-sync';
export { awaitInitialPull, awaitInitialPullOrError, forgetAccount, pullNow, syncAccount, votesPushed } from './account-sync';
