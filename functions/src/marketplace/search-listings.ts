import { createHash } from 'node:crypto';
import { FieldPath, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { marketplaceSearchQuery, type MarketplaceSearchQuery } from '../../../common/api/marketplace';
import { LISTING_PAGE_SIZE, SEARCH_BAD_CURSOR, searchText, type ListingSort } from '../../../common/marketplace/search';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { cursorId, decodeSignedCursor, encodeSignedCursor } from '../platform/http/cursor';
import { badRequest } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { toListing } from './listing-write';
import { facetKey, SEARCH_KEY_MAX } from './search-fields';

/**
 * GET /api/marketplace/search (issue 56): a page of one section's live listings, read by one
 * indexed Firestore query whatever the catalogue's size (firestore.indexes.json):
 * - without `q`: `facets array-contains 'section|genre|type|pay'` (search-fields.ts), ordered by
 *   the sort's field then the document id;
 * - with `q`: `search_keys array-contains` its first 20 characters (searchText), the facet then
 *   checked in memory.
 * A price range is part of the query under a price sort (a range on the ordered field), else
 * checked in memory. What is checked in memory is read in batches until a page is full or
 * MAX_BATCHES were read; the cursor then stands at the last document read, so pages neither
 * repeat nor skip a listing, even while listings are added. Nulls (no fool rate, no rating yet)
 * sort last: Firestore orders null below every number, and these sorts are descending.
 */

type SortSpec = { field: string; dir: 'asc' | 'desc'; value: z.ZodType };
const SORTS: Record<ListingSort, SortSpec> = {
  newest: { field: 'created_at', dir: 'desc', value: z.string().max(100) },
  price_asc: { field: 'price_tokens', dir: 'asc', value: z.number() },
  price_desc: { field: 'price_tokens', dir: 'desc', value: z.number() },
  fool_rate: { field: 'fool_rate', dir: 'desc', value: z.number().nullable() },
  rating: { field: 'rating_low', dir: 'desc', value: z.number().nullable() },
};

/** Documents read per query: a page and one more, which tells whether there is a next page. */
const BATCH = LISTING_PAGE_SIZE + 1;
/** Queries at most per page when filtering in memory: the cost of a page stays bounded. */
export const MAX_BATCHES = 5;

/** A cursor: the last document read (its sort value and id) and the filters it was made for. */
const position = z.strictObject({ v: z.union([z.string().max(100), z.number(), z.null()]), id: cursorId, h: z.string().max(40) });

/** The filters and sort a cursor belongs to: another set's cursor is refused. */
const filtersHash = (f: MarketplaceSearchQuery, term: string): string =>
  createHash('sha256')
    .update(JSON.stringify([f.section, term, f.genre ?? null, f.type ?? null, f.pay ?? null, f.min ?? null, f.max ?? null, f.sort ?? 'newest']))
    .digest('base64url')
    .slice(0, 16);

/** Whether a searchText()ed title or artist matches a query term: the whole text or one of its words starts with it. */
const textMatches = (text: string, term: string): boolean => text.startsWith(term) || text.split(' ').some((w) => w.startsWith(term));

type Plan = { query: Query; matches: (d: QueryDocumentSnapshot) => boolean };

function planOf(db: Firestore, f: MarketplaceSearchQuery, term: string, sort: SortSpec): Plan {
  const facet = facetKey(f.section, f.genre, f.type, f.pay);
  const priceSort = sort.field === 'price_tokens';
  let query: Query = db.collection(COL.listings);
  query = term ? query.where('search_keys', 'array-contains', term.slice(0, SEARCH_KEY_MAX)) : query.where('facets', 'array-contains', facet);
  if (priceSort && f.min !== undefined) query = query.where('price_tokens', '>=', f.min);
  if (priceSort && f.max !== undefined) query = query.where('price_tokens', '<=', f.max);
  query = query.orderBy(sort.field, sort.dir).orderBy(FieldPath.documentId(), sort.dir);
  const inRange = (price: unknown): boolean =>
    priceSort || (typeof price === 'number' && (f.min === undefined || price >= f.min) && (f.max === undefined || price <= f.max));
  const facetOk = (d: QueryDocumentSnapshot): boolean => !term || (d.get('facets') as unknown[] | undefined)?.includes(facet) === true;
  const termOk = (d: QueryDocumentSnapshot): boolean =>
    !term || textMatches(searchText(String(d.get('title') ?? '')), term) || textMatches(searchText(String(d.get('artist_name') ?? '')), term);
  return { query, matches: (d) => facetOk(d) && termOk(d) && inRange(d.get('price_tokens')) };
}

/** GET /api/marketplace/search?section=&q=&genre=&type=&pay=&min=&max=&sort=&cursor= — public. */
export const searchListings =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const f = parse(marketplaceSearchQuery, req.query);
    const secret = deps.env.cursorSecret;
    if (!secret) throw new Error('CURSOR_SECRET is not set: the marketplace search cannot sign its cursors');
    const sort = SORTS[f.sort ?? 'newest'];
    const term = f.q ? searchText(f.q) : '';
    const hash = filtersHash(f, term);
    const from = decodeSignedCursor(position, f.cursor, secret, SEARCH_BAD_CURSOR);
    if (from && (from.h !== hash || !sort.value.safeParse(from.v).success)) throw badRequest(SEARCH_BAD_CURSOR);

    const { query, matches } = planOf(deps.db, f, term, sort);
    const found: QueryDocumentSnapshot[] = [];
    let after: { v: unknown; id: string } | null = from;
    let last: QueryDocumentSnapshot | null = null;
    let more = true;
    read: for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const snap = await (after ? query.startAfter(after.v, after.id) : query).limit(BATCH).get();
      for (const d of snap.docs) {
        // A full page, and a document after it: there is (possibly) more, from the last one kept.
        if (found.length === LISTING_PAGE_SIZE) break read;
        last = d;
        if (matches(d)) found.push(d);
      }
      if (snap.size < BATCH) {
        more = false;
        break;
      }
      if (found.length === LISTING_PAGE_SIZE) break;
      after = { v: last!.get(sort.field) ?? null, id: last!.id };
    }
    const next = more && last ? encodeSignedCursor({ v: (last.get(sort.field) as unknown) ?? null, id: last.id, h: hash }, secret) : null;
    res.json({ listings: found.map((d) => toListing(d.id, d.data())), next_cursor: next });
  };
