/**
 * GET /api/marketplace/search (issue 56): filters, sorts, prefix search, sections, cursor pages,
 * and bad input refused before anything is read. Each test has a project of its own, so its
 * listings are the only ones.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../common/constants';
import { SEARCH_BAD_CURSOR } from '../../common/marketplace/search';
import { firestoreOps } from '../../scripts/lib/firestore-emulator';
import { addTrack, makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';
import { aStoredListing, storeListings } from './listing-fixtures';
import { ensureListingSearch } from '../../functions/src/marketplace/search-fields';

const opened: Harness[] = [];
const fresh = async (opts?: Parameters<typeof startHarness>[0]) => {
  const h = await startHarness(opts);
  opened.push(h);
  return h;
};
afterAll(async () => {
  for (const h of opened) await h.close();
});

type Page = { listings: Array<{ id: string } & Record<string, unknown>>; next_cursor: string | null };

async function search(h: Harness, params: Record<string, string | number | undefined>): Promise<Page> {
  const res = await h.call('GET', `/api/marketplace/search?${query(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
const ids = (p: Page) => p.listings.map((l) => l.id);

/** Every page of a search, with the given hook run between pages. */
async function allPages(h: Harness, params: Record<string, string | number | undefined>, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const p = await search(h, { ...params, cursor });
    expect(p.listings.length).toBeLessThanOrEqual(24);
    seen.push(...ids(p));
    if (p.next_cursor === null) return seen;
    cursor = p.next_cursor;
    await between?.(page);
  }
  throw new Error('more than 50 pages');
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

describe('marketplace search', () => {
  it('finds listings stored before search once the one-off backfill has given them their fields', async () => {
    const h = await fresh();
    const { facets: _f, search_keys: _k, rating_low: _r, ...old } = aStoredListing({ id: 'old1', title: 'Glass Harbor', created_at: at(1) });
    await storeListings(h.db, [old, aStoredListing({ id: 'new1', title: 'Paper Moons', created_at: at(2) })]);
    expect(ids(await search(h, { section: 'basic' }))).toEqual(['new1']);
    expect(await ensureListingSearch(h.db, at(3))).toBe(1);
    expect(ids(await search(h, { section: 'basic' }))).toEqual(['new1', 'old1']);
    expect(ids(await search(h, { section: 'basic', q: 'glass har' }))).toEqual(['old1']);
    // Once done, a flag read is all it costs.
    expect(await ensureListingSearch(h.db, at(4))).toBeNull();
  });

  it('lists each section newest first, never an inactive or deleted listing', async () => {
    const h = await fresh();
    await storeListings(h.db, [
      aStoredListing({ id: 'b1', created_at: at(1) }),
      aStoredListing({ id: 'b2', created_at: at(3) }),
      aStoredListing({ id: 'b3', created_at: at(2) }),
      aStoredListing({ id: 'f1', created_at: at(4), listing_type: 'featured' }),
      aStoredListing({ id: 'f2', created_at: at(5), listing_type: 'featured' }),
      aStoredListing({ id: 'off', created_at: at(6), is_active: false }),
      aStoredListing({ id: 'gone', created_at: at(7), is_active: false, _deleted: true }),
    ]);
    expect(await search(h, { section: 'basic' })).toEqual({ listings: expect.any(Array), next_cursor: null });
    expect(ids(await search(h, { section: 'basic' }))).toEqual(['b2', 'b3', 'b1']);
    expect(ids(await search(h, { section: 'featured' }))).toEqual(['f2', 'f1']);
    expect(ids(await search(h, { section: 'basic', q: 'song' }))).toEqual(['b2', 'b3', 'b1']);
    const [first] = (await search(h, { section: 'basic' })).listings;
    expect(first).not.toHaveProperty('facets');
    expect(first).not.toHaveProperty('search_keys');
    expect(first).not.toHaveProperty('seller_id');
  });

  it('filters by genre, type (hidden while in the contest), payment and price range', async () => {
    const h = await fresh();
    await storeListings(h.db, [
      aStoredListing({ id: 'jazz_ai', created_at: at(1), genre: 'Jazz', song_type: 'ai', price_tokens: 10 }),
      aStoredListing({ id: 'jazz_hum', created_at: at(2), genre: 'Jazz', song_type: 'human', price_tokens: 30, accept_cash_app: true }),
      aStoredListing({ id: 'pop_ai_cash', created_at: at(3), genre: 'Pop', song_type: 'ai', accept_tokens: false, accept_cash_app: true, price_tokens: 50 }),
      aStoredListing({ id: 'contest', created_at: at(4), genre: 'Jazz', song_type: null, in_contest: true, price_tokens: 20 }),
    ]);
    const basic = (p: Record<string, string | number>) => search(h, { section: 'basic', ...p }).then(ids);
    expect(await basic({ genre: 'Jazz' })).toEqual(['contest', 'jazz_hum', 'jazz_ai']);
    expect(await basic({ genre: 'Rock' })).toEqual([]);
    expect(await basic({ type: 'ai' })).toEqual(['pop_ai_cash', 'jazz_ai']);
    // While in the contest a listing has no type: only "any type" lists it.
    expect(await basic({ type: 'human' })).toEqual(['jazz_hum']);
    expect(await basic({ pay: 'cash_app' })).toEqual(['pop_ai_cash', 'jazz_hum']);
    expect(await basic({ pay: 'tokens' })).toEqual(['contest', 'jazz_hum', 'jazz_ai']);
    expect(await basic({ genre: 'Jazz', type: 'ai', pay: 'tokens' })).toEqual(['jazz_ai']);
    expect(await basic({ min: 20, max: 30 })).toEqual(['contest', 'jazz_hum']);
    expect(await basic({ min: 20, max: 30, sort: 'price_asc' })).toEqual(['contest', 'jazz_hum']);
    expect(await basic({ min: 30, sort: 'price_desc' })).toEqual(['pop_ai_cash', 'jazz_hum']);
    expect(await basic({ max: 10 })).toEqual(['jazz_ai']);
    expect(await basic({ min: 0, max: 0 })).toEqual([]);
  });

  it('sorts by newest, price both ways, fool rate and rating, with no fool rate or rating last', async () => {
    const h = await fresh();
    await storeListings(h.db, [
      aStoredListing({ id: 'a', created_at: at(1), price_tokens: 20, fool_rate: 40, rating_low: 1500 }),
      aStoredListing({ id: 'b', created_at: at(2), price_tokens: 5, fool_rate: null, rating_low: null }),
      aStoredListing({ id: 'c', created_at: at(3), price_tokens: 50, fool_rate: 75.5, rating_low: 1300 }),
      aStoredListing({ id: 'd', created_at: at(4), price_tokens: 20, fool_rate: 10, rating_low: 1700 }),
    ]);
    const sorted = (sort: string) => search(h, { section: 'basic', sort }).then(ids);
    expect(await sorted('newest')).toEqual(['d', 'c', 'b', 'a']);
    // Equal prices: the document id breaks the tie, in the sort's direction.
    expect(await sorted('price_asc')).toEqual(['b', 'a', 'd', 'c']);
    expect(await sorted('price_desc')).toEqual(['c', 'd', 'a', 'b']);
    expect(await sorted('fool_rate')).toEqual(['c', 'a', 'd', 'b']);
    expect(await sorted('rating')).toEqual(['d', 'a', 'c', 'b']);
    // Searching keeps the sort.
    expect(ids(await search(h, { section: 'basic', q: 'somebody', sort: 'price_asc' }))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('finds titles and artists by a prefix of the title, of a word, or of the artist, whatever the case and accents', async () => {
    const h = await fresh();
    await storeListings(h.db, [
      aStoredListing({ id: 'glass', created_at: at(1), title: 'Glass Harbor', artist_name: 'Lena Ramírez' }),
      aStoredListing({ id: 'grass', created_at: at(2), title: 'Grass Roots', artist_name: 'Mo' }),
      aStoredListing({ id: 'feat', created_at: at(3), title: 'Glassy', artist_name: 'Ana', listing_type: 'featured' }),
    ]);
    const found = (q: string) => search(h, { section: 'basic', q }).then(ids);
    expect(await found('GLASS')).toEqual(['glass']);
    expect(await found('glass har')).toEqual(['glass']);
    expect(await found('harbor')).toEqual(['glass']);
    expect(await found('Ramírez')).toEqual(['glass']);
    expect(await found('ramirez')).toEqual(['glass']);
    expect(await found('lena ram')).toEqual(['glass']);
    expect(await found('g')).toEqual(['grass', 'glass']);
    expect(await found('harbour')).toEqual([]);
    expect(await found('glass roots')).toEqual([]);
    expect(ids(await search(h, { section: 'featured', q: 'glass' }))).toEqual(['feat']);
  });

  it('pages with a cursor: no listing twice, none skipped, while newer listings are added between pages', async () => {
    const h = await fresh();
    const original = await storeListings(
      h.db,
      Array.from({ length: 60 }, (_, i) => aStoredListing({ id: `old${String(i).padStart(2, '0')}`, created_at: at(100 + (i % 20)), price_tokens: i })),
    );
    // Newest first; equal times ordered by id, descending.
    const expected = [...original].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || b.id.localeCompare(a.id)).map((l) => l.id);
    let added = 0;
    const seen = await allPages(h, { section: 'basic' }, async () => {
      await storeListings(h.db, [aStoredListing({ id: `new${added++}`, created_at: at(500 + added) }), aStoredListing({ id: `mid${added}`, created_at: at(110) })]);
    });
    expect(added).toBe(2);
    // Listings added above the cursor come on a fresh first page; those added below it in this one.
    const mids = seen.filter((id) => id.startsWith('mid'));
    expect(seen.filter((id) => id.startsWith('old'))).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((id) => id.startsWith('new'))).toBe(false);
    expect(mids.length).toBeGreaterThan(0);

    // Filtered in memory (a price range under the newest sort): a page is read in batches, and
    // the cursor stands at the last listing read, so every match comes once, in order.
    const sparse = await allPages(h, { section: 'basic', q: 'somebody', max: 30 });
    expect(sparse.filter((id) => id.startsWith('old'))).toEqual(expected.filter((id) => Number(id.slice(3)) <= 30));
    expect(new Set(sparse).size).toBe(sparse.length);
    // Price sorts page too, the range in the query.
    const byPrice = await allPages(h, { section: 'basic', sort: 'price_asc', min: 5, max: 40 });
    expect(byPrice.filter((id) => id.startsWith('old'))).toEqual(original.filter((l) => Number(l.price_tokens) >= 5 && Number(l.price_tokens) <= 40).map((l) => l.id));
  });

  it('keeps search current through every write path: create, edit, deactivate, feature, delete', async () => {
    const h = await fresh();
    const admin = await signUp(h, 'srch_admin');
    const seller = await signUp(h, 'srch_seller');
    await makeAdmin(h.db, admin.uid);
    const track = await addTrack(h, { submission_type: 'marketplace', title: 'Velvet Ñight', genre: 'Jazz', song_type: 'hybrid', submitted_by: seller.uid });
    const created = await h.call('POST', '/api/marketplace/listings', { token: admin.token, body: { track_id: track.id } });
    expect(created.status).toBe(201);
    const id = created.body.listing.id as string;
    const where = (p: Record<string, string | number>) => search(h, { section: 'basic', ...p }).then(ids);
    expect(await where({ q: 'velvet n' })).toEqual([id]);
    expect(await where({ genre: 'Jazz', type: 'hybrid', pay: 'tokens' })).toEqual([id]);
    expect(await where({ pay: 'cash_app' })).toEqual([]);

    expect((await h.call('POST', `/api/marketplace/listings/${id}`, { token: admin.token, body: { price_tokens: 99 } })).status).toBe(200);
    expect(await where({ min: 99, sort: 'price_asc' })).toEqual([id]);

    expect((await h.call('POST', `/api/marketplace/listings/${id}/active`, { token: admin.token, body: { is_active: false } })).status).toBe(200);
    expect(await where({})).toEqual([]);
    expect(await where({ q: 'velvet' })).toEqual([]);
    expect((await h.call('POST', `/api/marketplace/listings/${id}/active`, { token: admin.token, body: { is_active: true } })).status).toBe(200);
    expect(await where({ q: 'velvet' })).toEqual([id]);

    await h.db.collection('token_balances').doc(seller.uid).set({ balance: 1000 }, { merge: true });
    const featured = await h.call('POST', `/api/marketplace/listings/${id}/feature`, { token: seller.token, body: { token_cost: DEFAULT_PRICING.marketplace.featured } });
    expect(featured.status, JSON.stringify(featured.body)).toBe(200);
    expect(await where({})).toEqual([]);
    expect(ids(await search(h, { section: 'featured', q: 'velvet' }))).toEqual([id]);

    expect((await h.call('POST', `/api/marketplace/listings/${id}/delete`, { token: admin.token })).status).toBe(200);
    expect(ids(await search(h, { section: 'featured' }))).toEqual([]);
    expect(ids(await search(h, { section: 'featured', q: 'velvet' }))).toEqual([]);
  });
});

describe('marketplace search: bad input', () => {
  it('answers 400, reading nothing, for unknown values, an inverted price range, unknown params, and forged or foreign cursors', async () => {
    const h = await fresh({ ownEmulator: true });
    await storeListings(h.db, Array.from({ length: 30 }, (_, i) => aStoredListing({ id: `l${String(i).padStart(2, '0')}` })));
    const { next_cursor } = await search(h, { section: 'basic' });
    expect(next_cursor).toEqual(expect.any(String));
    const cursor = next_cursor!;
    const [body, mac] = cursor.split('.') as [string, string];
    const position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const reencoded = (p: Record<string, unknown>) => `${Buffer.from(JSON.stringify(p)).toString('base64url')}.${mac}`;
    const bad: Array<[Record<string, string | number>, string?]> = [
      [{}],
      [{ section: 'gold' }],
      [{ section: 'basic', genre: 'Polka' }],
      [{ section: 'basic', type: 'robot' }],
      [{ section: 'basic', pay: 'paypal' }],
      [{ section: 'basic', sort: 'random' }],
      [{ section: 'basic', min: 50, max: 10 }],
      [{ section: 'basic', min: 'ten' }],
      [{ section: 'basic', min: -1 }],
      [{ section: 'basic', max: 1.5 }],
      [{ section: 'basic', max: 10_000_000 }],
      [{ section: 'basic', q: 'x'.repeat(41) }],
      [{ section: 'basic', page: 2 }],
      [{ section: 'basic', cursor: 'x'.repeat(2001) }],
      [{ section: 'basic', cursor: 'not-a-cursor' }, SEARCH_BAD_CURSOR],
      [{ section: 'basic', cursor: reencoded({ ...position, id: 'l00' }) }, SEARCH_BAD_CURSOR],
      [{ section: 'basic', cursor: `${body}.${'A'.repeat(mac.length)}` }, SEARCH_BAD_CURSOR],
      [{ section: 'featured', cursor }, SEARCH_BAD_CURSOR],
      [{ section: 'basic', genre: 'Pop', cursor }, SEARCH_BAD_CURSOR],
      [{ section: 'basic', sort: 'price_asc', cursor }, SEARCH_BAD_CURSOR],
      [{ section: 'basic', q: 'song', cursor }, SEARCH_BAD_CURSOR],
    ];
    for (const [params, message] of bad) {
      firestoreOps.reset();
      const res = await h.call('GET', `/api/marketplace/search?${query(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
      expect(firestoreOps.reads, JSON.stringify(params)).toBe(0);
    }
    // The genuine cursor still works, from the same filters.
    expect(ids(await search(h, { section: 'basic', cursor }))).toHaveLength(6);
  });

  it('serves no list of the whole catalogue at once: GET /api/marketplace/listings is 404, reading nothing', async () => {
    const h = await fresh({ ownEmulator: true });
    await storeListings(h.db, Array.from({ length: 3 }, (_, i) => aStoredListing({ id: `all${i}` })));
    firestoreOps.reset();
    expect((await h.call('GET', '/api/marketplace/listings')).status).toBe(404);
    expect(firestoreOps.reads).toBe(0);
  });
});
