import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fillWithDefaultSettings } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { listingSchema, orderSchema, radioSubmissionSchema, voteSchema, voteSessionSchema } from '../../src/data/schemas';
import { rxdbWithoutIcu, sortObjectWithoutIcu } from './rxdb-without-icu';

const require = createRequire(import.meta.url);
const rxdbDir = dirname(require.resolve('rxdb/package.json'));
const utilsObject = readFileSync(join(rxdbDir, 'dist/esm/plugins/utils/utils-object.js'), 'utf8');

type SortObject = (obj: unknown, noArraySort?: boolean) => unknown;

/** An object's keys ordered as localeCompare orders them in English (what sortObject gave on most devices), arrays kept. */
const sortedInEnglish = (obj: unknown): unknown =>
  obj && typeof obj === 'object' && !Array.isArray(obj)
    ? Object.fromEntries(
        Object.keys(obj)
          .sort((a, b) => a.localeCompare(b, 'en'))
          .map((key) => [key, sortedInEnglish((obj as Record<string, unknown>)[key])]),
      )
    : obj;

/** The rewritten `sortObject`, run on its own (the file's other functions and imports left out). */
function rewrittenSortObject(): SortObject {
  const code = sortObjectWithoutIcu(utilsObject);
  const start = code.indexOf('export function sortObject(');
  const source = code.slice(start, code.indexOf('/**', start)).replace('export function', 'function');
  return new Function(`${source}; return sortObject;`)() as SortObject;
}

type Handler = (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;

/** The plugin's hooks, called as the build calls them; `error` throws as Vite's does. */
function build() {
  const plugin = rxdbWithoutIcu();
  const context = {
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  const transform = plugin.transform as { filter: { id: RegExp }; handler: Handler };
  (plugin.buildStart as () => void).call(context);
  return {
    /** The module as the build gets it; null where the plugin leaves it (or its filter skips it). */
    load: (id: string, code: string) => (transform.filter.id.test(id) ? (transform.handler.call(context, code, id)?.code ?? null) : null),
    end: () => (plugin.buildEnd as (err?: Error) => void).call(context),
  };
}

describe('rxdbWithoutIcu', () => {
  it("rewrites the installed RxDB's sortObject to order keys by code units, without localeCompare", () => {
    const code = sortObjectWithoutIcu(utilsObject);
    expect(code).not.toContain('localeCompare');
    const sortObject = rewrittenSortObject();
    const sorted = sortObject({ b_2: 1, B: { z: 1, a: 2 }, a: [3, 1], _x: 0, a1: null }, true) as Record<string, unknown>;
    expect(JSON.stringify(sorted)).toBe('{"B":{"a":2,"z":1},"_x":0,"a":[3,1],"a1":null,"b_2":1}');
    expect(sortObject(['b', 'a', 'B'])).toEqual(['B', 'a', 'b']);
  });

  it("gives the app's schemas the key order, so the hash, RxDB's localeCompare gives them in English", () => {
    const sortObject = rewrittenSortObject();
    for (const schema of [listingSchema, orderSchema, radioSubmissionSchema, voteSchema, voteSessionSchema]) {
      const filled = fillWithDefaultSettings(schema as never);
      expect(JSON.stringify(sortObject(filled, true))).toBe(JSON.stringify(sortedInEnglish(filled)));
    }
  });

  it('rewrites the file wherever the package manager puts RxDB, and nothing outside RxDB', () => {
    const run = build();
    expect(run.load('/repo/node_modules/.pnpm/rxdb@17.6.0/node_modules/rxdb/dist/esm/plugins/utils/utils-object.js?v=1a2b', utilsObject)).not.toContain('localeCompare');
    expect(run.load('C:\\repo\\node_modules\\rxdb\\dist\\esm\\plugins\\utils\\utils-object.js', utilsObject)).not.toContain('localeCompare');
    expect(run.load('/repo/node_modules/rxdb/dist/esm/rx-database.js', 'export const a = 1; // sortObject() uses localeCompare()')).toBeNull();
    expect(run.load('/repo/src/sort.ts', 'export const byName = (a, b) => a.localeCompare(b);')).toBeNull();
    expect(() => run.end()).not.toThrow();
  });

  it('fails the build, naming the file, when RxDB no longer fits what it replaces', () => {
    expect(() => sortObjectWithoutIcu('export function sortObject(obj) { return obj; }')).toThrow(/RxDB's sortObject changed/);
    expect(() => build().load('/repo/node_modules/rxdb/dist/esm/rx-query.js', 'export const byName = (a, b) => a.name.localeCompare(b.name);')).toThrow(
      /rx-query\.js calls localeCompare/,
    );
    // sortObject moved elsewhere: RxDB is in the build, its former file is not.
    const moved = build();
    moved.load('/repo/node_modules/rxdb/dist/esm/plugins/utils/utils-object-sort.js', 'export function sortObject(obj) { return obj; }');
    expect(() => moved.end()).toThrow(/its sortObject .* was not/);
    // The CommonJS build is not the one Vite bundles.
    const commonJs = build();
    expect(commonJs.load('/repo/node_modules/rxdb/dist/cjs/plugins/utils/utils-object.js', 'exports.a = 1;')).toBeNull();
    expect(() => commonJs.end()).toThrow(/its sortObject .* was not/);
  });
});
