import { z } from 'zod';
import { docId } from '../../../common/schemas';
import { SELECT_TRACK_MESSAGE } from '../../../common/marketplace-messages';

export const listingIdParams = z.strictObject({ id: docId });

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
  listing_type: z.enum(['basic', 'featured']),
  version_type: z.enum(['preview', 'full']),
  accept_tokens: z.boolean(),
  accept_cash_app: z.boolean(),
};

export const createListingInput = z.strictObject({
  track_id: z.string({ error: SELECT_TRACK_MESSAGE }).min(1, SELECT_TRACK_MESSAGE).pipe(docId),
  price_tokens: fields.price_tokens.default(15),
  price_usd: fields.price_usd.default(1.99),
  listing_type: fields.listing_type.default('basic'),
  version_type: fields.version_type.default('preview'),
  accept_tokens: fields.accept_tokens.default(true),
  accept_cash_app: fields.accept_cash_app.default(false),
});

export const editListingInput = z.strictObject({
  price_tokens: fields.price_tokens.optional(),
  price_usd: fields.price_usd.optional(),
  listing_type: fields.listing_type.optional(),
  version_type: fields.version_type.optional(),
  accept_tokens: fields.accept_tokens.optional(),
  accept_cash_app: fields.accept_cash_app.optional(),
});

export const activeInput = z.strictObject({ is_active: z.boolean() });
