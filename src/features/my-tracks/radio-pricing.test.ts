import { describe, expect, it } from 'vitest';
import { DEFAULT_AD_PRICES } from '@common/radio/radio';
import { radioPricingFrom } from './radio-pricing';

describe('radioPricingFrom', () => {
  it('falls back to the defaults when the config has no radio prices', () => {
    expect(radioPricingFrom({ signup_grant: 50 })).toEqual({ upload: 1000, ads: DEFAULT_AD_PRICES, featured: 45 });
    expect(radioPricingFrom(null)).toEqual({ upload: 1000, ads: DEFAULT_AD_PRICES, featured: 45 });
  });

  it('takes the configured prices, filling in each missing or invalid one', () => {
    const p = radioPricingFrom({ radio_upload_cost: 800, radio_ads: { premium: { '15': 333, '30': 'x' }, prime: 5 } });
    expect(p.upload).toBe(800);
    expect(radioPricingFrom({ marketplace: { featured: 60 } }).featured).toBe(60);
    expect(p.ads.premium).toEqual({ '15': 333, '30': 500, '60': 800 });
    expect(p.ads.prime).toEqual(DEFAULT_AD_PRICES.prime);
    expect(p.ads.standard).toEqual(DEFAULT_AD_PRICES.standard);
  });
});
