/** Everything that pulls in RxDB, loaded on demand (signed-out visitors never need it). */
export { getDatabase } from './database';
export { awaitInitialPull, resyncAccount, syncAccount } from './account-sync';
