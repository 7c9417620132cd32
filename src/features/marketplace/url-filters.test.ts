import { describe, expect, it } from 'vitest';
import { listingFilters } from '@common/marketplace/search';
import { parseFilters } from './url-filters';

/** Each param as the zod schema would take it alone: kept when valid, dropped otherwise. */
function byTheSchema(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(listingFilters.shape)) {
    let value = raw[key];
    if (key === 'q' && typeof value === 'number') value = String(value);
    if (key !== 'q' && typeof value === 'string' && /^\d+$/.test(value) && (key === 'min' || key === 'max')) value = Number(value);
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') out[key] = parsed.data;
  }
  return out;
}

describe('parseFilters (the /marketplace URL, without zod)', () => {
  const cases: Array<Record<string, unknown>> = [
    {},
    { q: '  Glass Har  ', genre: 'Pop', type: 'ai', pay: 'tokens', min: 5, max: 50, sort: 'price_asc' },
    { q: 2024, genre: 'Polka', type: 'robot', pay: 'gold', min: -1, max: 1.5, sort: 'loudest' },
    { q: 'x'.repeat(41), min: '12', max: '1000001', sort: 'rating' },
    { q: '', genre: 'R&B', type: 'hybrid', pay: 'cash_app', min: 0, max: 1_000_000, sort: 'fool_rate' },
    { min: 80, max: 10, sort: 'newest', extra: 'ignored' },
  ];
  it.each(cases)('keeps what listingFilters keeps, param by param: %j', (raw) => {
    expect(parseFilters(raw)).toEqual(byTheSchema(raw));
  });

  it('keeps a valid search and drops the rest', () => {
    expect(parseFilters({ q: ' Café ', genre: 'Polka', min: '12', max: 'lots', sort: 'price_desc' })).toEqual({ q: 'Café', min: 12, sort: 'price_desc' });
    // An upside-down range is kept: the page says why it is not applied.
    expect(parseFilters({ min: 80, max: 10 })).toEqual({ min: 80, max: 10 });
  });
});
