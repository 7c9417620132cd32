import type { Firestore } from 'firebase-admin/firestore';
import type { PublicMigration } from '../../../common/migration/migration';
import { COL } from '../platform/firestore/collections';
import { configFrom, migrationConfigRef } from './migration-refs';

/** The home card's countdown from a migration_config/1 snapshot's data and a count of the profiles. */
export async function publicMigration(db: Firestore, config?: Record<string, unknown>): Promise<PublicMigration> {
  const [data, count] = await Promise.all([
    config ? Promise.resolve(config) : migrationConfigRef(db).get().then((s) => s.data()),
    db.collection(COL.profiles).count().get(),
  ]);
  const c = configFrom(data);
  const userCount = count.data().count;
  return { user_count: userCount, user_threshold: c.user_threshold, users_needed: Math.max(0, c.user_threshold - userCount), migration_enabled: c.migration_enabled };
}
