import { z } from 'zod';
import { CASH_EXPIRY_HOURS_MAX, GRANT_SETTING_MAX, TOKEN_SETTING_MAX, USER_THRESHOLD_MAX } from './settings';
import { AD_DURATIONS, AD_TIERS } from '../radio/radio';
import { formatCount } from '../format';

/** The body of POST /api/cms/config: every field optional, a save changes what it names. */

const whole = (min: number, max: number) =>
  z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, min === 0 ? 'Must not be negative' : `Must be at least ${min}`)
    .max(max, `Must be at most ${formatCount(max)}`);
const tokens = whole(0, TOKEN_SETTING_MAX);

const adSlots = z.strictObject(Object.fromEntries(AD_DURATIONS.map((d) => [`${d}`, tokens.optional()])) as Record<`${(typeof AD_DURATIONS)[number]}`, z.ZodOptional<typeof tokens>>);
const adTiers = z.strictObject(Object.fromEntries(AD_TIERS.map((t) => [t, adSlots.optional()])) as Record<(typeof AD_TIERS)[number], z.ZodOptional<typeof adSlots>>);

export const saveSettingsInput = z.strictObject({
  pricing: z
    .strictObject({
      /** The grants (GRANT_SETTINGS): super admins only, each with its own maximum. */
      signup_grant: whole(0, GRANT_SETTING_MAX.signup_grant).optional(),
      daily_drip: whole(0, GRANT_SETTING_MAX.daily_drip).optional(),
      vote_session_cost: tokens.optional(),
      contest_entry_cost: tokens.optional(),
      marketplace: z.strictObject({ basic: tokens.optional(), featured: tokens.optional() }).optional(),
      referral_reward: whole(0, GRANT_SETTING_MAX.referral_reward).optional(),
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

