import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CHROMIUM_EXECUTABLE } from './chromium';

/** Stands in for the browser: prints each argument it was started with on a line of its own. */
let fakeChromium = '';
beforeAll(async () => {
  fakeChromium = join(await mkdtemp(join(tmpdir(), 'fake-chromium-')), 'chromium');
  await writeFile(fakeChromium, '#!/bin/sh\nfor arg; do printf "%s\\n" "$arg"; done\n');
  await chmod(fakeChromium, 0o755);
});

const startedWith = (args: string[]) =>
  execFileSync(CHROMIUM_EXECUTABLE, args, { env: { ...process.env, CHROMIUM_BINARY: fakeChromium } }).toString().split('\n').slice(0, -1);

it('merges every --disable-features into one, after the other arguments', () => {
  expect(startedWith(['--headless', '--disable-features=A,B', '--no-sandbox', '--disable-features=C', 'about:blank'])).toEqual([
    '--headless',
    '--no-sandbox',
    'about:blank',
    '--disable-features=A,B,C',
  ]);
});

it('passes the arguments through untouched when none disables features', () => {
  const args = ['--remote-debugging-pipe', '--user-data-dir=/tmp/a b', '--enable-features=X', ''];
  expect(startedWith(args)).toEqual(args);
});
