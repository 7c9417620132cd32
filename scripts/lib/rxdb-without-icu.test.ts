import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sortObjectWithoutIcu } from './rxdb-without-icu';

const require = createRequire(import.meta.url);
const utilsObject = join(dirname(require.resolve('rxdb/package.json')), 'dist/esm/plugins/utils/utils-object.js');

/** The rewritten `sortObject`, run on its own (the file's other functions and imports left out). */
function rewrittenSortObject(): (obj: unknown, noArraySort?: boolean) => unknown {
  const code = sortObjectWithoutIcu(readFileSync(utilsObject, 'utf8'));
  const source = code.slice(code.indexOf('export function sortObject('), code.indexOf('/**', code.indexOf('export function sortObject(')));
  return new Function(`${source.replace('export function', 'function')}; return sortObject;`)() as (obj: unknown, noArraySort?: boolean) => unknown;
}

describe('sortObjectWithoutIcu', () => {
  it("rewrites the installed RxDB's sortObject to order keys by code units, without localeCompare", () => {
    const code = sortObjectWithoutIcu(readFileSync(utilsObject, 'utf8'));
    expect(code).not.toContain('localeCompare');
    const sortObject = rewrittenSortObject();
    const sorted = sortObject({ b_2: 1, B: { z: 1, a: 2 }, a: [3, 1], _x: 0, a1: null }, true) as Record<string, unknown>;
    expect(JSON.stringify(sorted)).toBe('{"B":{"a":2,"z":1},"_x":0,"a":[3,1],"a1":null,"b_2":1}');
    expect(sortObject(['b', 'a', 'B'])).toEqual(['B', 'a', 'b']);
  });

  it('fails the build, naming the file, when the comparators it replaces are gone', () => {
    expect(() => sortObjectWithoutIcu('export function sortObject(obj) { return obj; }')).toThrow(/RxDB's sortObject changed/);
    const another = readFileSync(utilsObject, 'utf8') + '\nexport const byName = (a, b) => a.name.localeCompare(b.name);';
    expect(() => sortObjectWithoutIcu(another)).toThrow(/localeCompare somewhere else/);
  });
});
