/** Everything that pulls in RxDB, loaded on demand (signed-out visitors only for the marketplace). */
export { getDatabase } from './database';
export { awaitInitialPull, awaitInitialPullOrError, pullNow, syncAccount } from './account-sync';
export { syncPublicListings } from './public-sync';
