import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { DEFAULT_SETTINGS, type AppSettings } from '../../../common/cms/settings';
import { COL } from '../platform/firestore/collections';
import { appConfigRef, pricingFrom } from '../tokens/pricing';

export const migrationConfigRef = (db: Firestore) => db.collection(COL.migrationConfig).doc('1');

const wholeAtLeast = (v: unknown, min: number, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fallback);

/** The settings in force, from app_config/1 and migration_config/1, each missing or broken one from the defaults. */
export function settingsFrom(app: Record<string, unknown> | undefined, migration: Record<string, unknown> | undefined): AppSettings {
  const orders = ((app?.data as Record<string, unknown> | undefined)?.orders ?? {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  return {
    pricing: pricingFrom(app),
    orders: { cash_expiry_hours: wholeAtLeast(orders.cash_expiry_hours, 1, d.orders.cash_expiry_hours) },
    migration: {
      user_threshold: wholeAtLeast(migration?.user_threshold, 1, d.migration.user_threshold),
      migration_enabled: migration?.migration_enabled === true,
    },
  };
}

/** Both settings documents, read in the caller's transaction (or outside one). */
export async function readSettings(db: Firestore, tx?: Transaction): Promise<AppSettings> {
  const [app, migration] = tx
    ? await Promise.all([tx.get(appConfigRef(db)), tx.get(migrationConfigRef(db))])
    : await db.getAll(appConfigRef(db), migrationConfigRef(db));
  return settingsFrom(app?.data(), migration?.data());
}
