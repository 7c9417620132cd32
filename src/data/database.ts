import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { SyncCollectionName } from '@common/sync';
import {
  balanceSchema,
  dailyGrantSchema,
  profileSchema,
  userRolesSchema,
  type BalanceDoc,
  type DailyGrantDoc,
  type ProfileDoc,
  type UserRolesDoc,
} from './schemas';

export type Collections = {
  profiles: RxCollection<ProfileDoc>;
  user_roles: RxCollection<UserRolesDoc>;
  token_balances: RxCollection<BalanceDoc>;
  daily_token_grants: RxCollection<DailyGrantDoc>;
} & Record<SyncCollectionName, RxCollection>;

export type Database = RxDatabase<Collections>;

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
    });
    return database;
  })();
  return db;
}
