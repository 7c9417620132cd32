import { z } from 'zod';
import { DEFAULT_MIGRATION_THRESHOLD, DEFAULT_PRICING } from './constants';
import { DEFAULT_CASH_ORDER_EXPIRY_HOURS } from './orders';
import { AD_DURATIONS, AD_TIERS, DEFAULT_AD_PRICES, type AdPrices } from './radio';

/**
 * The settings the CMS's Token Economy and Config tabs edit (app_config/1 and migration_config/1),
 * and the body of POST /api/cms/config. Every field is optional: a save changes what it names.
 */

/** The highest token amount any one price or grant may be set to. */
export const TOKEN_SETTING_MAX = 100_000;
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

const whole = (min: number, max: number) =>
  z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, min === 0 ? 'Must not be negative' : `Must be at least ${min}`)
    .max(max, `Must be at most ${max.toLocaleString('en-US')}`);
const tokens = whole(0, TOKEN_SETTING_MAX);

const adSlots = z.strictObject(Object.fromEntries(AD_DURATIONS.map((d) => [`${d}`, tokens.optional()])) as Record<`${(typeof AD_DURATIONS)[number]}`, z.ZodOptional<typeof tokens>>);
const adTiers = z.strictObject(Object.fromEntries(AD_TIERS.map((t) => [t, adSlots.optional()])) as Record<(typeof AD_TIERS)[number], z.ZodOptional<typeof adSlots>>);

export const saveConfigInput = z.strictObject({
  pricing: z
    .strictObject({
      signup_grant: tokens.optional(),
      daily_drip: tokens.optional(),
      vote_session_cost: tokens.optional(),
      contest_entry_cost: tokens.optional(),
      marketplace: z.strictObject({ basic: tokens.optional(), featured: tokens.optional() }).optional(),
      referral_reward: tokens.optional(),
      radio_upload_cost: tokens.optional(),
      radio_ads: adTiers.optional(),
    })
    .optional(),
  orders: z.strictObject({ cash_expiry_hours: whole(1, CASH_EXPIRY_HOURS_MAX).optional() }).optional(),
  /** Super admins only. */
  migration: z
    .strictObject({
      user_threshold: whole(1, USER_THRESHOLD_MAX).optional(),
      migration_enabled: z.boolean({ error: 'Must be true or false' }).optional(),
    })
    .optional(),
});
export type SaveConfigInput = z.input<typeof saveConfigInput>;

/** A form field's text as a number: anything that does not parse becomes 0 (spec); the server still validates. */
export function numberOrZero(text: string): number {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : 0;
}

export const CONFIG_MSG = {
  tokensTitle: 'Token Economy Settings',
  tokensSubtitle: 'Token Economy Settings: configure token pricing, rewards and costs',
  configTitle: 'System Configuration',
  loadFailed: 'Failed to load configuration.',
  saveFailed: 'Failed to save configuration.',
  saved: 'Configuration saved',
  migrationSuperOnly: 'Only super admins can change migration settings',
} as const;
