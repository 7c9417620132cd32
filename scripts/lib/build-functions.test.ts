import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildFunctions, EXTERNAL } from './build-functions';

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

describe('the bundle as an instance starts', () => {
  /** The adapters most requests never use (functions/src/platform/http/lazy.ts); `ssh2` is what ssh2-sftp-client loads. */
  const ADAPTERS = ['stripe', 'pdf-lib', 'nodemailer', 'ssh2-sftp-client', 'ssh2', '@solana/kit', '@solana-program/token'];
  const dir = fileURLToPath(new URL(`../../.local/build-functions-test-${process.pid}/`, import.meta.url));

  it('requires none of the adapters most requests never use', async () => {
    await buildFunctions(`${dir}index.cjs`);
    try {
      // A fresh node (no test runner in the way) loads the bundle and says which packages it required; then
      // requires an adapter, as a static import in functions/src would at load, to show the probe sees it.
      const probe = `
const packages = () => [...new Set(Object.keys(require.cache).filter((p) => p.includes('/node_modules/')).map((p) => {
  const [scope, name] = p.split('/node_modules/').pop().split('/');
  return scope.startsWith('@') ? scope + '/' + name : scope;
}))];
const bundle = require(${JSON.stringify(`${dir}index.cjs`)});
const atLoad = packages();
require('nodemailer');
process.stdout.write(JSON.stringify({ exports: Object.keys(bundle).sort(), atLoad, later: packages() }));`;
      const { exports, atLoad, later } = JSON.parse(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' })) as { exports: string[]; atLoad: string[]; later: string[] };
      expect(exports).toContain('api');
      expect(atLoad).toEqual(expect.arrayContaining(['firebase-admin', 'firebase-functions']));
      expect(atLoad.filter((name) => ADAPTERS.includes(name))).toEqual([]);
      // The Express app loads with the api function's first request (functions/src/index.ts), not with every function.
      expect(atLoad).not.toContain('express');
      expect(later).toContain('nodemailer');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
