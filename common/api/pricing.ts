import { z } from 'zod';
import type { TokenPricing } from '../cms/settings';
import type { AdPrices } from '../radio/radio';

/** A price in force: a whole number of tokens (functions/src/tokens/pricing.ts falls back to the default otherwise). */
const tokens = z.int().min(0);
// Written out, so the type check catches a tier or a duration added to AD_TIERS or AD_DURATIONS.
const adSlots = z.strictObject({ 15: tokens, 30: tokens, 60: tokens });
const adPrices: z.ZodType<AdPrices> = z.strictObject({ standard: adSlots, premium: adSlots, prime: adSlots }).meta({ title: 'AdPrices' });

/** The prices in force (app_config/1's pricing, defaults filled in): the public config's and the CMS settings' answers. */
export const tokenPricing: z.ZodType<TokenPricing> = z
  .strictObject({
    signup_grant: tokens,
    daily_drip: tokens,
    vote_session_cost: tokens,
    contest_entry_cost: tokens,
    marketplace: z.strictObject({ basic: tokens, featured: tokens }),
    referral_reward: tokens,
    radio_upload_cost: tokens,
    radio_ads: adPrices,
  })
  .meta({ title: 'TokenPricing' });
