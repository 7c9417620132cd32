import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { SyncCollectionName } from '@common/sync';
import {
  balanceSchema,
  dailyGrantSchema,
  profileSchema,
  userRolesSchema,
  voteSchema,
  voteSessionSchema,
  type BalanceDoc,
  type DailyGrantDoc,
  type ProfileDoc,
  type UserRolesDoc,
  type VoteRxDoc,
  type VoteSessionRxDoc,
} from './schemas';

export type Collections = {
  profiles: RxCollection<ProfileDoc>;
  user_roles: RxCollection<UserRolesDoc>;
  token_balances: RxCollection<BalanceDoc>;
  daily_token_grants: RxCollection<DailyGrantDoc>;
  votes: RxCollection<VoteRxDoc>;
  vote_sessions: RxCollection<VoteSessionRxDoc>;
} & Record<SyncCollectionName, RxCollection>;

export type Database = RxDatabase<Collections>;

/** The contest's collections: documents without a user id, so they hold one user's data at a time. */
const contestCollections = {
  votes: { schema: voteSchema },
  vote_sessions: { schema: voteSessionSchema },
};

/**
 * Empties the contest collections and their replication state (another user signed in on
 * this device: their replication would otherwise push the previous user's votes as theirs).
 */
export async function resetContestCollections(database: Database): Promise<void> {
  await Promise.all([database.votes.remove(), database.vote_sessions.remove()]);
  await database.addCollections(contestCollections);
}

let db: Promise<Database> | null = null;

/** The one local database, created on first use. */
export function getDatabase(): Promise<Database> {
  db ??= (async () => {
    const database = await createRxDatabase<Collections>({
      name: 'foolrate',
      storage: getRxStorageDexie(),
      multiInstance: true,
      closeDuplicates: true,
    });
    await database.addCollections({
      profiles: { schema: profileSchema },
      user_roles: { schema: userRolesSchema },
      token_balances: { schema: balanceSchema },
      daily_token_grants: { schema: dailyGrantSchema },
      ...contestCollections,
    });
    return database;
  })();
  return db;
}
