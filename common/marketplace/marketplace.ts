import { DEFAULT_PRICING } from '../constants';

/** The marketplace listing's vocabulary and form defaults (its document: common/marketplace/listing-doc.ts). */

export const LISTING_TYPES = ['basic', 'featured'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const VERSION_TYPES = ['preview', 'full'] as const;
export type VersionType = (typeof VERSION_TYPES)[number];

/** The spec's listing form defaults (section 9): what a create leaves out, and the CMS form's start. */
export const LISTING_DEFAULTS = {
  price_tokens: DEFAULT_PRICING.marketplace.basic,
  price_usd: 1.99,
  listing_type: 'basic',
  version_type: 'preview',
  accept_tokens: true,
  accept_cash_app: false,
} as const;

