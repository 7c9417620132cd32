import { describe, expect, it } from 'vitest';
import { createListingInput, editListingInput } from './listing-form';
import { LISTING_DEFAULTS } from './marketplace';

describe('createListingInput', () => {
  it('fills what a create leaves out with the spec defaults (15 tokens, $1.99, basic, preview, tokens only)', () => {
    expect(createListingInput.parse({ track_id: 't1' })).toEqual({ track_id: 't1', ...LISTING_DEFAULTS });
    expect(LISTING_DEFAULTS).toMatchObject({ price_tokens: 15, price_usd: 1.99 });
  });

  it('rounds a dollar price to cents and refuses an unknown field', () => {
    expect(editListingInput.parse({ price_usd: 2.005 }).price_usd).toBe(2.01);
    expect(editListingInput.safeParse({ seller_id: 'x' }).success).toBe(false);
  });
});
