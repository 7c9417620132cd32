import { z } from 'zod';
import { LISTING_DEFAULTS, LISTING_TYPES, VERSION_TYPES } from './marketplace';
import { NO_PAYMENT_METHOD, SELECT_TRACK_MESSAGE } from './marketplace-messages';
import { docId } from '../schemas';

/** The CMS listing form's bodies (POST /api/marketplace/listings…), shared by the form and the API. */

const priceTokens = z.number().int().min(0).max(1_000_000);
const priceUsd = z
  .number()
  .min(0)
  .max(100_000)
  .transform((v) => Math.round(v * 100) / 100);

/** The editable fields; the spec's form defaults fill what a create leaves out. */
const fields = {
  price_tokens: priceTokens,
  price_usd: priceUsd,
  listing_type: z.enum(LISTING_TYPES),
  version_type: z.enum(VERSION_TYPES),
  accept_tokens: z.boolean(),
  accept_cash_app: z.boolean(),
};

export const createListingInput = z.strictObject({
  track_id: z.string({ error: SELECT_TRACK_MESSAGE }).min(1, SELECT_TRACK_MESSAGE).pipe(docId),
  price_tokens: fields.price_tokens.default(LISTING_DEFAULTS.price_tokens),
  price_usd: fields.price_usd.default(LISTING_DEFAULTS.price_usd),
  listing_type: fields.listing_type.default(LISTING_DEFAULTS.listing_type),
  version_type: fields.version_type.default(LISTING_DEFAULTS.version_type),
  accept_tokens: fields.accept_tokens.default(LISTING_DEFAULTS.accept_tokens),
  accept_cash_app: fields.accept_cash_app.default(LISTING_DEFAULTS.accept_cash_app),
}).refine((l) => l.accept_tokens || l.accept_cash_app, NO_PAYMENT_METHOD);

export const editListingInput = z
  .strictObject({
    price_tokens: fields.price_tokens.optional(),
    price_usd: fields.price_usd.optional(),
    listing_type: fields.listing_type.optional(),
    version_type: fields.version_type.optional(),
    accept_tokens: fields.accept_tokens.optional(),
    accept_cash_app: fields.accept_cash_app.optional(),
  })
  // An edit that changes nothing would still touch the listing, and every device would pull it again.
  .refine((o) => Object.values(o).some((v) => v !== undefined), 'No fields to update');
export type EditListingInput = z.input<typeof editListingInput>;

export const activeInput = z.strictObject({ is_active: z.boolean() });
