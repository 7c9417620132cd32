import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXTERNAL } from './build-functions';

type Lock = { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };
const json = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;

describe('the deployed functions install', () => {
  const manifest = json<{ dependencies: Record<string, string> }>('functions/package.json');
  const rootLock = json<Lock>('package-lock.json');
  const lock = json<Lock>('functions/package-lock.json');

  it('exactly the packages the bundle leaves out, at the versions the tests ran', () => {
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...EXTERNAL].sort());
    for (const [name, version] of Object.entries(manifest.dependencies)) {
      expect(version, name).toBe(rootLock.packages[`node_modules/${name}`]?.version);
    }
  });

  it('from a lockfile that matches functions/package.json', () => {
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
    for (const [name, version] of Object.entries(manifest.dependencies)) expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
  });
});
