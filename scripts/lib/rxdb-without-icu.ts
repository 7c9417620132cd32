import type { Plugin } from 'vite';

/** A module of the rxdb package (npm, pnpm or Yarn layouts; POSIX or Windows paths). */
const RXDB_MODULE = /[\\/]node_modules[\\/]rxdb[\\/]/;
/** RxDB's file with `sortObject`, which orders a schema's (and a query's) keys with localeCompare. */
const SORT_OBJECT_FILE = /[\\/]node_modules[\\/]rxdb[\\/]dist[\\/]esm[\\/]plugins[\\/]utils[\\/]utils-object\.js$/;
/** A call of localeCompare (RxDB's comments name it too). */
const LOCALE_COMPARE_CALL = /\.localeCompare\(/;

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
  return out;
}

/**
 * The first localeCompare of a page loads ICU's collation data: RxDB's sortObject made it
 * when the first collection's schema was normalized, 12-19 ms of main thread in Debian's
 * Chromium, in the long task that opens the database (docs/adr/0042-small-first-load.md). Code-unit order is
 * as deterministic, and gives this app's schemas the key order (so the hash) localeCompare
 * gives in English; where a locale orders them otherwise, RxDB compares the stored schema's
 * content instead (rxdb#9128), as it did before.
 *
 * The build fails when RxDB's code no longer fits: the comparators are not found, sortObject's
 * file is gone while RxDB is in the build, or any RxDB module calls localeCompare.
 */
export const rxdbWithoutIcu = (): Plugin => {
  let rxdbInBuild = false;
  let rewritten = false;
  return {
    name: 'rxdb-without-icu',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      rxdbInBuild = false;
      rewritten = false;
    },
    transform: {
      filter: { id: RXDB_MODULE },
      handler(code, id) {
        const file = id.split('?')[0]!;
        rxdbInBuild = true;
        const out = SORT_OBJECT_FILE.test(file) ? sortObjectWithoutIcu(code) : code;
        if (out !== code) rewritten = true;
        if (LOCALE_COMPARE_CALL.test(out)) this.error(`${file} calls localeCompare: scripts/lib/rxdb-without-icu.ts replaces only sortObject's comparators`);
        return out === code ? null : { code: out, map: null };
      },
    },
    buildEnd(err) {
      if (!err && rxdbInBuild && !rewritten) this.error("RxDB is in the build but its sortObject (dist/esm/plugins/utils/utils-object.js) was not: scripts/lib/rxdb-without-icu.ts");
    },
  };
};
