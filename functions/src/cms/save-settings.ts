import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { SETTINGS_MSG, GRANT_SETTINGS, type AppSettings } from '../../../common/cms/settings';
import { saveSettingsInput } from '../../../common/cms/settings-schema';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller, requireSuperAdmin } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/http/validate';
import { appConfigRef } from '../tokens/pricing';
import { migrationConfigRef, readSettings } from './settings';

type Leaves = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf of a settings object by its dotted path (`pricing.marketplace.featured`). */
function leaves(value: unknown, prefix = '', out: Leaves = {}): Leaves {
  if (!isPlainObject(value)) {
    out[prefix] = value;
    return out;
  }
  for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** `base` with the patch's leaves laid over it. */
function merged<T>(base: T, patch: unknown): T {
  if (!isPlainObject(patch) || !isPlainObject(base)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = merged(out[k], v);
  return out as T;
}

/** The fields a save changed, before and after, by dotted path. */
function changes(before: AppSettings, after: AppSettings): { before: Leaves; after: Leaves } {
  const b = leaves(before);
  const a = leaves(after);
  const keys = Object.keys(a).filter((k) => a[k] !== b[k]);
  return { before: Object.fromEntries(keys.map((k) => [k, b[k]])), after: Object.fromEntries(keys.map((k) => [k, a[k]])) };
}

/** What a save names that only super admins may change, with the refusal's words; null for what admins may. */
function superAdminPart(body: unknown): string | null {
  if (!isPlainObject(body)) return null;
  if (body.migration !== undefined) return SETTINGS_MSG.migrationSuperOnly;
  const pricing = body.pricing;
  if (isPlainObject(pricing) && GRANT_SETTINGS.some((k) => pricing[k] !== undefined)) return SETTINGS_MSG.grantsSuperOnly;
  return null;
}

/**
 * Router middleware: a save that names the migration settings or a setting that creates tokens
 * (GRANT_SETTINGS: the signup grant, the daily token, the referral reward) needs the super admin
 * role; admins keep the prices. Refused before anything is read or written.
 */
export const superAdminForGrantsAndMigration =
  (deps: Deps): RequestHandler =>
  async (req, res, next) => {
    const part = superAdminPart(req.body);
    if (part) return requireSuperAdmin(deps, part)(req, res, next);
    next();
  };

/** The whole save in one transaction: charges running meanwhile see either all the old prices or all the new ones. */
async function save(db: Firestore, actorId: string, patch: unknown, nowIso: string): Promise<AppSettings> {
  return db.runTransaction(async (tx) => {
    const current = await readSettings(db, tx);
    const next = merged(current, patch);
    const diff = changes(current, next);
    if (Object.keys(diff.after).length === 0) return current;
    if (Object.keys(diff.after).some((k) => !k.startsWith('migration.'))) {
      // Each map replaced whole: a deep merge would address the ad slots as `…prime.60` field paths.
      tx.set(appConfigRef(db), { id: 1, data: { pricing: next.pricing, orders: next.orders } }, { mergeFields: ['id', 'data.pricing', 'data.orders'] });
    }
    if (Object.keys(diff.after).some((k) => k.startsWith('migration.'))) {
      tx.set(migrationConfigRef(db), { id: 1, ...next.migration }, { merge: true });
    }
    recordAudit(db, tx, { action: 'config.update', actorId, before: diff.before, after: diff.after }, nowIso);
    return next;
  });
}

/**
 * POST /api/cms/config — admin (the migration settings and the token grants: super admin, see superAdminForGrantsAndMigration);
 * changes the named settings, validated (whole numbers, no negative costs, maxima: a 400 naming
 * the field), in one transaction with its audit entry. Answers the settings now in force.
 */
export const saveSettings =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const patch = parse(saveSettingsInput, req.body ?? {});
    res.json(await save(deps.db, caller.uid, patch, new Date(deps.now()).toISOString()));
  };
