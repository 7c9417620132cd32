import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { yieldToMain } from '@/lib/yield-to-main';
import {
  listingSchema,
  orderSchema,
  radioSubmissionSchema,
  voteSchema,
  voteSessionSchema,
  type ListingDoc,
  type OrderRxDoc,
  type RadioSubmissionRxDoc,
  type VoteDoc,
  type VoteSession,
} from './schemas';

/**
 * The document type of each collection RxDB keeps. The user's profile, roles, balance and
 * daily grant are not here: the account feed keeps them (account-feed.ts).
 */
type DocOf = {
  votes: VoteDoc;
  vote_sessions: VoteSession;
  orders: OrderRxDoc;
  marketplace_listings: ListingDoc;
  radio_submissions: RadioSubmissionRxDoc;
};

/** One typed collection per replicated document: toMutableJSON() gives the common type. */
export type Collections = { [K in keyof DocOf]: RxCollection<DocOf[K]> };

/** The signed-in user's collections in RxDB (everything but the public listings). */
export type AccountCollectionName = Exclude<keyof DocOf, 'marketplace_listings'>;

export type Database = RxDatabase<Collections>;

/**
 * Collections that hold one user's data at a time: the contest's (documents without a user
 * id), the user's orders (as buyer or seller) and radio submissions (their own; an admin's
 * device holds every one).
 */
const perUserCollections = {
  // Version 1 added the reveal's optional `others` (how the other voters guessed): nothing to fill in.
  votes: { schema: voteSchema, migrationStrategies: { 1: (doc: Record<string, unknown>) => doc, 2: (doc: Record<string, unknown>) => ({ ...doc, rating: null }) } },
  vote_sessions: { schema: voteSessionSchema },
  orders: { schema: orderSchema },
  radio_submissions: { schema: radioSubmissionSchema },
};

/**
 * Empties the per-user collections and their replication state (another user signed in on
 * this device: their replication would otherwise push the previous user's votes as theirs,
 * and the previous user's orders would stay on the device).
 */
export async function resetPerUserCollections(database: Database): Promise<void> {
  await Promise.all(Object.keys(perUserCollections).map((name) => database[name as keyof typeof perUserCollections].remove()));
  await database.addCollections(perUserCollections);
}

addRxPlugin(RxDBMigrationSchemaPlugin);

let db: Promise<Database> | null = null;

/** Every collection the database holds, in the order they are added: the listings (all the marketplace needs) first. */
const collections = {
  marketplace_listings: {
    schema: listingSchema,
    // Version 1 added in_contest; until the server sends the listing again, it is not known to be in the contest.
    migrationStrategies: { 1: (doc: Record<string, unknown>) => ({ ...doc, in_contest: false }) },
  },
  ...perUserCollections,
};

/**
 * The one local database, created on first use: the database, then one collection at a time,
 * each in a task of its own (on a slow phone, all at once is one task of over 100 ms).
 */
export function getDatabase(): Promise<Database> {
  db ??= (async () => {
    await yieldToMain();
    const database = await createRxDatabase<Collections>({
      name: 'foolrate',
      storage: getRxStorageDexie(),
      multiInstance: true,
      closeDuplicates: true,
    });
    for (const [name, collection] of Object.entries(collections)) {
      await yieldToMain();
      await database.addCollections({ [name]: collection });
    }
    return database;
  })();
  return db;
}
