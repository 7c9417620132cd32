// `npm run coldstart`: how long a new instance takes to load the deployed bundle, against the bare framework it is built on.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildFunctions } from './lib/build-functions';

const BUNDLE = 'functions/lib/index.cjs';
/** The Express app alone, bundled as the deployed bundle is: what the api function's first request loads (functions/src/index.ts). */
const APP = '.local/coldstart/app.cjs';
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
await buildFunctions(APP, 'functions/src/app.ts');

/**
 * A fresh node evaluates `code` and reports how long that took, in wall time and in CPU time
 * (user + system, which a busy machine inflates far less): node's own start-up is the same for
 * both and left out. The bundle only declares its functions at load (its onInit callback, which
 * reads secrets and creates clients, runs when an instance serves its first event; the api
 * function loads its Express app with its first request).
 */
type Load = { wall: number; cpu: number };
const timed = (code: string): Load => {
  const probe = `const t0 = performance.now(), c0 = process.cpuUsage(); ${code}; const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));`;
  const out = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(out.trim().split('\n').pop()!) as Load;
};

const required = (file: string) => `require(${JSON.stringify(join(process.cwd(), file))})`;
/** The app's own time: loaded after the framework, which the bundle has loaded by then. */
const load = { bare: () => timed(BARE), bundle: () => timed(required(BUNDLE)), app: () => timed(`${BARE}; ${required(APP)}`) };
const times: Record<keyof typeof load, Load[]> = { bare: [], bundle: [], app: [] };
// Turns in A B B A order, so a drift in the machine's load weighs on both alike.
for (let turn = 0; turn < TURNS; turn++) {
  const order: (keyof typeof load)[] = turn % 2 === 0 ? ['bare', 'bundle', 'app'] : ['app', 'bundle', 'bare'];
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
// The app loads with the api function's first request (the scheduled functions and the mail trigger never load it).
const appExtra = (of: keyof Load) => (median(times.app.map((t) => t[of])) - median(times.bare.map((t) => t[of]))).toFixed(0);
console.log(`the api function's first request also loads the Express app: +${appExtra('wall')} ms (CPU +${appExtra('cpu')} ms)`);
