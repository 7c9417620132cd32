import { numberOrZero, type AppSettings, type SaveSettingsInput } from '@common/cms/settings';
import { AD_DURATIONS, AD_TIERS } from '@common/radio/radio';
import type { ApiError } from '@/lib/api/api-error';

/** The settings form's fields: dotted paths into AppSettings, with their labels, grouped. */
export type SettingField = { path: string; label: string };
/** `superAdminOnly`: settings that create tokens (GRANT_SETTINGS), which only super admins change. */
export type SettingGroup = { title: string; fields: SettingField[]; superAdminOnly?: boolean };

const AD_TIER_LABELS: Record<(typeof AD_TIERS)[number], string> = { standard: 'Standard', premium: 'Premium', prime: 'Prime' };

export const ECONOMY_GROUPS: SettingGroup[] = [
  {
    title: 'Rewards',
    superAdminOnly: true,
    fields: [
      { path: 'pricing.signup_grant', label: 'Signup grant' },
      { path: 'pricing.daily_drip', label: 'Daily drip' },
      { path: 'pricing.referral_reward', label: 'Referral reward' },
    ],
  },
  {
    title: 'Costs',
    fields: [
      { path: 'pricing.vote_session_cost', label: 'Vote session cost' },
      { path: 'pricing.contest_entry_cost', label: 'Contest entry cost' },
      { path: 'pricing.marketplace.basic', label: 'Marketplace basic' },
      { path: 'pricing.marketplace.featured', label: 'Marketplace featured' },
      { path: 'pricing.radio_upload_cost', label: 'Radio upload cost' },
    ],
  },
  {
    title: 'Radio ads',
    fields: AD_TIERS.flatMap((tier) => AD_DURATIONS.map((d) => ({ path: `pricing.radio_ads.${tier}.${d}`, label: `${AD_TIER_LABELS[tier]} ${d} s ad` }))),
  },
  { title: 'Orders', fields: [{ path: 'orders.cash_expiry_hours', label: 'Cash order expiry (hours)' }] },
];

export const MIGRATION_THRESHOLD_FIELD: SettingField = { path: 'migration.user_threshold', label: 'Migration user threshold' };

export type FormValues = Record<string, string>;

const at = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);

function put(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = obj;
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

const numberFields = (withMigration: boolean) => [...ECONOMY_GROUPS.flatMap((g) => g.fields), ...(withMigration ? [MIGRATION_THRESHOLD_FIELD] : [])];

/** The form's text values from the settings in force. */
export function valuesFrom(settings: AppSettings): FormValues {
  return Object.fromEntries(numberFields(true).map((f) => [f.path, String(at(settings, f.path) ?? 0)]));
}

/**
 * The save body: the fields the admin changed since the form was filled (`loaded`), parsed (text
 * that does not parse becomes 0, as the spec says; the server still validates); the migration
 * settings only in the Config tab, the rewards only when `grants` (a super admin). Unchanged fields are not sent, so a save does not put back
 * values another admin changed meanwhile.
 */
export function bodyFrom(values: FormValues, loaded: FormValues, migration: { enabled: boolean; loadedEnabled: boolean } | null, grants = true): SaveSettingsInput {
  const body: Record<string, unknown> = {};
  const rewards = new Set(ECONOMY_GROUPS.filter((g) => g.superAdminOnly).flatMap((g) => g.fields.map((f) => f.path)));
  for (const f of numberFields(migration !== null)) {
    if (!grants && rewards.has(f.path)) continue;
    const text = values[f.path] ?? '';
    if (text !== (loaded[f.path] ?? '')) put(body, f.path, numberOrZero(text));
  }
  if (migration && migration.enabled !== migration.loadedEnabled) put(body, 'migration.migration_enabled', migration.enabled);
  return body as SaveSettingsInput;
}

/**
 * The server's refusal in the form's words: `pricing.daily_drip: Must not be negative` names the
 * field by its label (`Daily drip: Must not be negative`); any other message stays as it is.
 */
export function saveErrorText(err: ApiError): string {
  const field = numberFields(true).find((f) => f.path === err.field);
  return field ? `${field.label}: ${err.withoutField}` : err.message;
}
