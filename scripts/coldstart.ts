// `npm run coldstart`: how long a new instance takes to load the deployed bundle, against the bare framework it is built on.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildFunctions } from './lib/build-functions';

const BUNDLE = 'functions/lib/index.cjs';
const TURNS = Number(process.env.COLDSTART_TURNS ?? 7);

/** What every function of ours loads before any code of its own: the Admin SDK, Firestore, the v2 HTTPS trigger and an Express app. */
const BARE = `
const { initializeApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');
const { onRequest } = require('firebase-functions/v2/https');
const express = require('express');
const app = express();
module.exports = { api: onRequest({ region: 'us-central1' }, app), initializeApp, getFirestore };
`;

const newest = (dir: string): number =>
  Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));

let bundleTime = 0;
try {
  bundleTime = statSync(BUNDLE).mtimeMs;
} catch {
  // No bundle yet: built below.
}
if (bundleTime < Math.max(newest('functions/src'), newest('common'), statSync('scripts/lib/build-functions.ts').mtimeMs)) {
  await buildFunctions();
  console.log(`${BUNDLE} built`);
}

/**
 * A fresh node evaluates `code` and reports how long that took, in wall time and in CPU time
 * (user + system, which a busy machine inflates far less): node's own start-up is the same for
 * both and left out. The bundle only declares its functions at load (its onInit callback, which
 * reads secrets and creates clients, runs when an instance serves its first event).
 */
type Load = { wall: number; cpu: number };
const timed = (code: string): Load => {
  const probe = `const t0 = performance.now(), c0 = process.cpuUsage(); ${code}; const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));`;
  const out = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(out.trim().split('\n').pop()!) as Load;
};

const load = { bare: () => timed(BARE), bundle: () => timed(`require(${JSON.stringify(join(process.cwd(), BUNDLE))})`) };
const times: Record<keyof typeof load, Load[]> = { bare: [], bundle: [] };
// Turns in A B B A order, so a drift in the machine's load weighs on both alike.
for (let turn = 0; turn < TURNS; turn++) {
  const order: (keyof typeof load)[] = turn % 2 === 0 ? ['bare', 'bundle'] : ['bundle', 'bare'];
  for (const which of order) times[which].push(load[which]());
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const compare = (of: keyof Load): string => {
  const bare = median(times.bare.map((t) => t[of]));
  const bundle = median(times.bundle.map((t) => t[of]));
  return `bare ${bare.toFixed(0)} ms, bundle ${bundle.toFixed(0)} ms (${(bundle / bare).toFixed(2)}×)`;
};
// The goal (issue 52): the bundle within 1.3× the bare framework.
console.log(`cold start: ${compare('wall')} over ${TURNS} turns each; CPU time: ${compare('cpu')}`);
