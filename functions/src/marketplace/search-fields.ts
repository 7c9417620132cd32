import type { Firestore } from 'firebase-admin/firestore';
import { searchText } from '../../../common/marketplace/search';
import { COL } from '../platform/firestore/collections';
import { pagesById } from '../platform/firestore/doc-reads';

/**
 * The server-only fields GET /api/marketplace/search queries (issue 56), never replicated nor
 * answered (toListing copies the public fields only). Every write of a listing sets them from the
 * listing as it will be stored (searchFields), so they cannot drift from what the card shows.
 */

/** Prefixes of a word or a whole title up to this many characters are indexed; a longer query is cut to it. */
export const SEARCH_KEY_MAX = 20;
/** The wildcard of a facet key: any genre, any type, any payment. */
export const ANY = '*';

/** The facet key a search filters on: `listing_type|genre|song_type|payment`, `*` for a filter not set. */
export const facetKey = (section: string, genre?: string, type?: string, pay?: string): string =>
  [section, genre ?? ANY, type ?? ANY, pay ?? ANY].join('|');

/** What searchFields reads of a listing (as it will be stored). */
export type SearchSource = {
  is_active?: unknown;
  _deleted?: unknown;
  listing_type?: unknown;
  genre?: unknown;
  song_type?: unknown;
  accept_tokens?: unknown;
  accept_cash_app?: unknown;
  title?: unknown;
  artist_name?: unknown;
};

export type SearchFields = { facets: string[]; search_keys: string[] };

const prefixes = (text: string): string[] => {
  const out: string[] = [];
  for (let n = 1; n <= Math.min(text.length, SEARCH_KEY_MAX); n++) out.push(text.slice(0, n));
  return out;
};

/** searchText() prefixes (1..20 characters) of each word of a text and of the whole text. */
export function searchKeysOf(...texts: string[]): string[] {
  const keys = new Set<string>();
  for (const raw of texts) {
    const text = searchText(raw);
    if (!text) continue;
    for (const p of prefixes(text)) keys.add(p);
    for (const word of text.split(' ')) for (const p of prefixes(word)) keys.add(p);
  }
  return [...keys].sort();
}

/**
 * A listing's facets and search keys: for an active, not deleted listing every facet key over
 * genre ∈ {*, its genre}, type ∈ {*, its song type when shown (null while in the contest: only *)},
 * payment ∈ {*, tokens if accepted, cash_app if accepted} (at most 12), and the search keys of its
 * title and artist; both empty once it is off sale or deleted, so no search finds it.
 */
export function searchFields(l: SearchSource): SearchFields {
  if (l.is_active !== true || l._deleted === true) return { facets: [], search_keys: [] };
  const section = String(l.listing_type);
  const genres = [ANY, ...(typeof l.genre === 'string' && l.genre ? [l.genre] : [])];
  const types = [ANY, ...(typeof l.song_type === 'string' ? [l.song_type] : [])];
  const pays = [ANY, ...(l.accept_tokens === true ? ['tokens'] : []), ...(l.accept_cash_app === true ? ['cash_app'] : [])];
  const facets = genres.flatMap((g) => types.flatMap((t) => pays.map((p) => [section, g, t, p].join('|'))));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { facets, search_keys: searchKeysOf(text(l.title), text(l.artist_name)) };
}

const sameArray = (a: unknown, b: readonly string[]): boolean => Array.isArray(a) && a.length === b.length && a.every((v, i) => v === b[i]);

/** The part of searchFields(next) that differs from what `stored` holds (nothing when up to date). */
export function searchFieldsPatch(stored: Record<string, unknown> | undefined, next: SearchSource): Partial<SearchFields> {
  const wanted = searchFields(next);
  const patch: Partial<SearchFields> = {};
  if (!sameArray(stored?.facets, wanted.facets)) patch.facets = wanted.facets;
  if (!sameArray(stored?.search_keys, wanted.search_keys)) patch.search_keys = wanted.search_keys;
  return patch;
}

const BACKFILL_PAGE = 300;

/**
 * Gives every listing its search fields (facets, search_keys, rating_low: null where absent; the
 * next listing copy refresh sets rating_low); returns how many changed. Listings written before
 * search existed lack them, and a query on a field leaves out documents without it.
 */
export async function backfillListingSearch(db: Firestore): Promise<number> {
  let changed = 0;
  for await (const page of pagesById(db, COL.listings, BACKFILL_PAGE)) {
    const batch = db.batch();
    let inBatch = 0;
    for (const d of page) {
      const data = d.data();
      const patch: Record<string, unknown> = { ...searchFieldsPatch(data, data) };
      if (!('rating_low' in data)) patch.rating_low = null;
      if (Object.keys(patch).length === 0) continue;
      // Server-only fields: replication has nothing new to send, so updatedAt stays.
      batch.update(d.ref, patch);
      inBatch++;
    }
    if (inBatch > 0) await batch.commit();
    changed += inBatch;
  }
  return changed;
}

/** app_config/listing_search: set once every listing stored before search has its fields. */
const backfillFlag = (db: Firestore) => db.collection(COL.appConfig).doc('listing_search');

/** The deployed backfill (hourly, index.ts; and at each local stack start): runs once, then one read per call. */
export async function ensureListingSearch(db: Firestore, nowIso: string): Promise<number | null> {
  if ((await backfillFlag(db).get()).exists) return null;
  const changed = await backfillListingSearch(db);
  await backfillFlag(db).set({ backfilled_at: nowIso, listings_changed: changed });
  return changed;
}
