/** Everything that pulls in RxDB, loaded on demand (signed-out visitors only for the marketplace). */
export { getDatabase } from './database';
export { awaitInitialPull, awaitInitialPullOrError, forgetAccount, pullNow, syncAccount, votesPushed } from './account-sync';
export { syncPublicListings } from './public-sync';
