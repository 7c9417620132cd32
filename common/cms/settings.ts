import { DEFAULT_MIGRATION_THRESHOLD, DEFAULT_PRICING } from '../constants';
import { DEFAULT_CASH_ORDER_EXPIRY_HOURS } from '../marketplace/orders';
import { DEFAULT_AD_PRICES, type AdPrices } from '../radio/radio';

/**
 * The settings the CMS's Token Economy and Config tabs edit (app_config/1 and migration_config/1),
 * their defaults and texts. No zod here: the CMS screens import it, and building a zod object
 * schema probes eval, which the CSP forbids; the request schema is in app-config-schema.ts.
 */

/** The highest token amount any one price or grant may be set to. */
export const TOKEN_SETTING_MAX = 100_000;
/**
 * The settings that create tokens from nothing (every account's grant, each day's, each
 * referral's), with their own maxima: only super admins change them (functions/src/cms/save-settings.ts).
 * A new grant belongs here.
 */
export const GRANT_SETTING_MAX = { signup_grant: 1_000, daily_drip: 100, referral_reward: 1_000 } as const;
export type GrantSetting = keyof typeof GRANT_SETTING_MAX;
export const GRANT_SETTINGS = Object.keys(GRANT_SETTING_MAX) as GrantSetting[];
export const CASH_EXPIRY_HOURS_MAX = 720;
export const USER_THRESHOLD_MAX = 100_000_000;

export type TokenPricing = {
  signup_grant: number;
  daily_drip: number;
  vote_session_cost: number;
  contest_entry_cost: number;
  marketplace: { basic: number; featured: number };
  referral_reward: number;
  radio_upload_cost: number;
  radio_ads: AdPrices;
};

/** GET /api/cms/config */
export type AppSettings = {
  pricing: TokenPricing;
  orders: { cash_expiry_hours: number };
  migration: { user_threshold: number; migration_enabled: boolean };
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
/** The body of POST /api/cms/config (validated by saveSettingsInput, app-config-schema.ts). */
export type SaveSettingsInput = DeepPartial<AppSettings>;

export const DEFAULT_SETTINGS: AppSettings = {
  pricing: {
    signup_grant: DEFAULT_PRICING.signup_grant,
    daily_drip: DEFAULT_PRICING.daily_drip,
    vote_session_cost: DEFAULT_PRICING.vote_session_cost,
    contest_entry_cost: DEFAULT_PRICING.contest_entry_cost,
    marketplace: { ...DEFAULT_PRICING.marketplace },
    referral_reward: DEFAULT_PRICING.referral_reward,
    radio_upload_cost: DEFAULT_PRICING.radio_upload_cost,
    radio_ads: DEFAULT_AD_PRICES,
  },
  orders: { cash_expiry_hours: DEFAULT_CASH_ORDER_EXPIRY_HOURS },
  migration: { user_threshold: DEFAULT_MIGRATION_THRESHOLD, migration_enabled: false },
};

/** A form field's text as a number: anything that does not parse becomes 0 (spec); the server still validates. */
export function numberOrZero(text: string): number {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : 0;
}

export const SETTINGS_MSG = {
  tokensTitle: 'Token Economy Settings',
  tokensSubtitle: 'Token Economy Settings: configure token pricing, rewards and costs',
  configTitle: 'System Configuration',
  loadFailed: 'Failed to load configuration.',
  saveFailed: 'Failed to save configuration.',
  saved: 'Configuration saved',
  migrationSuperOnly: 'Only super admins can change migration settings',
  grantsSuperOnly: 'Only super admins can change token grants',
} as const;
