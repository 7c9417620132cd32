import { DEFAULT_PRICING } from '@common/constants';
import { AD_DURATIONS, AD_TIERS, DEFAULT_AD_PRICES, type AdPrices } from '@common/radio/radio';

export type RadioPricing = { upload: number; ads: AdPrices; featured: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const price = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback);

/** The radio prices (and the featured listing price) from app_config's pricing (GET /api/public/config), each missing one from the defaults. */
export function radioPricingFrom(pricing: unknown): RadioPricing {
  const p = isRecord(pricing) ? pricing : {};
  const ads = isRecord(p.radio_ads) ? p.radio_ads : {};
  const tiers = Object.fromEntries(
    AD_TIERS.map((tier) => {
      const given = isRecord(ads[tier]) ? ads[tier] : {};
      return [tier, Object.fromEntries(AD_DURATIONS.map((d) => [`${d}`, price(given[`${d}`], DEFAULT_AD_PRICES[tier][`${d}`])]))];
    }),
  ) as AdPrices;
  const market = isRecord(p.marketplace) ? p.marketplace : {};
  return { upload: price(p.radio_upload_cost, DEFAULT_PRICING.radio_upload_cost), ads: tiers, featured: price(market.featured, DEFAULT_PRICING.marketplace.featured) };
}
