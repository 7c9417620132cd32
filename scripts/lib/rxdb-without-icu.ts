import type { Plugin } from 'vite';

/** RxDB's file with `sortObject`, which orders a schema's (and a query's) keys with localeCompare. */
const SORT_OBJECT_FILE = /[\\/]node_modules[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]utils[\\/]utils-object\.js$/;

/** Its two comparators, and what replaces each: the same comparison by UTF-16 code units. */
const COMPARATORS: ReadonlyArray<readonly [string, string]> = [
  ["if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);", "if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;"],
  ['Object.keys(obj).sort((a, b) => a.localeCompare(b))', 'Object.keys(obj).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))'],
];

/**
 * RxDB's utils-object.js with `sortObject` ordering keys by code units instead of localeCompare,
 * or an error naming what changed when the file no longer has the comparators this replaces.
 */
export function sortObjectWithoutIcu(code: string): string {
  let out = code;
  for (const [from, to] of COMPARATORS) {
    if (!out.includes(from)) throw new Error(`RxDB's sortObject changed: '${from}' is not in utils-object.js (scripts/lib/rxdb-without-icu.ts)`);
    out = out.replace(from, to);
  }
  if (out.includes('localeCompare')) throw new Error("RxDB's utils-object.js calls localeCompare somewhere else too (scripts/lib/rxdb-without-icu.ts)");
  return out;
}

/**
 * The first localeCompare of a page loads ICU's collation data: RxDB's sortObject made it
 * when the first collection's schema was normalized, ~17 ms of main thread in Debian's
 * Chromium, in the long task that opens the database (docs/decisions.md). Code-unit order is
 * as deterministic, and RxDB already accepts a stored schema whose keys came in another order
 * (it compares the content when the hashes differ: devices with other locales), so a device
 * that stored its schemas with the former order opens them as before.
 */
export const rxdbWithoutIcu = (): Plugin => ({
  name: 'rxdb-without-icu',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    return SORT_OBJECT_FILE.test(id.split('?')[0]!) ? { code: sortObjectWithoutIcu(code), map: null } : null;
  },
});
