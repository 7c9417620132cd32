/**
 * The whole product locally: Auth emulator (firebase-tools), in-process Firestore emulator
 * (state saved on exit), the API with a demo radio station, and the PWA (production build
 * with its service worker, or Vite's dev server with --dev). Ctrl-C stops everything.
 *
 * Options (env): WEB_PORT 5173, API_PORT 5001, AUTH_PORT 9099, FIRESTORE_PORT 8080,
 * STACK_DIR .local/stack (state), STACK_FRESH=1 (start from empty data).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { createApp } from '../functions/src/app';
import { firebaseAuthGateway } from '../functions/src/platform/firebase-auth';
import { startFirestoreEmulator, type FirestoreServer } from './lib/firestore-emulator';
import { disableMetadataProbe } from './lib/no-metadata-probe';
import { ensureRadioDemoMp3, ffmpegPath } from './lib/media';
import { DiskStorage } from '../functions/src/platform/storage';
import { portInUse } from './lib/ports';
import { DEMO_ACCOUNTS, DEMO_COUPON, DEMO_PASSWORD, seedDemo } from './lib/seed';
import { seedContest } from './lib/seed-contest';
import { seedMarketplace } from './lib/seed-marketplace';
import { startOrderExpirySweep } from '../functions/src/orders/expire-orders';
import { loadSnapshot, saveSnapshot } from './lib/firestore-snapshot';

const PROJECT_ID = 'demo-foolrate';
/** Signs local file URLs; a fixed value so cached URLs survive restarts. */
const STORAGE_SECRET = process.env.STORAGE_SECRET ?? 'local-stack-storage-secret';
const dev = process.argv.includes('--dev');
const ports = {
  web: Number(process.env.WEB_PORT ?? 5173),
  api: Number(process.env.API_PORT ?? 5001),
  auth: Number(process.env.AUTH_PORT ?? 9099),
  firestore: Number(process.env.FIRESTORE_PORT ?? 8080),
};
const stateDir = resolve(process.env.STACK_DIR ?? '.local/stack');
const snapshotFile = `${stateDir}/firestore.json`;
const say = (msg: string) => console.log(`[stack] ${msg}`);

let firestore: FirestoreServer | null = null;
let authEmulator: ChildProcess | null = null;
let apiServer: Server | null = null;
let web: PreviewServer | ViteDevServer | null = null;
let saveState: (() => Promise<void>) | null = null;
let stopOrderSweep: (() => void) | null = null;
let stopping = false;

async function checkPorts(): Promise<void> {
  const extra = { 'auth emulator hub': ports.auth + 300, 'auth emulator logging': ports.auth + 301 };
  for (const [name, port] of Object.entries({ ...ports, ...extra })) {
    if (await portInUse(port)) throw new Error(`Port ${port} (${name}) is already in use. Stop whatever uses it or set ${name.toUpperCase()}_PORT.`);
  }
}

async function startAuthEmulator(): Promise<void> {
  const dir = `${stateDir}/auth`;
  await mkdir(dir, { recursive: true });
  const config = `${stateDir}/firebase.json`;
  await writeFile(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.auth + 300 },
        logging: { host: '127.0.0.1', port: ports.auth + 301 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = resolve('node_modules/.bin/firebase');
  authEmulator = spawn(
    bin,
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config, '--import', dir, '--export-on-exit', dir],
    {
      cwd: stateDir,
      // CI=1 keeps firebase-tools from fetching its message-of-the-day over the network.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (b: Buffer) => (output += b.toString());
  authEmulator.stdout?.on('data', collect);
  authEmulator.stderr?.on('data', collect);
  const exited = new Promise<never>((_, reject) =>
    authEmulator!.once('exit', (code) => reject(new Error(`Auth emulator exited (${code}):\n${output.slice(-2000)}`))),
  );
  const ready = (async () => {
    for (let i = 0; i < 240; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${ports.auth}/`);
        if (res.ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`Auth emulator did not start within 60 s:\n${output.slice(-2000)}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => {
    if (!stopping) {
      say('Auth emulator stopped unexpectedly');
      void shutdown(1);
    }
  });
}

async function main(): Promise<void> {
  await checkPorts();
  await mkdir(stateDir, { recursive: true });
  if (process.env.STACK_FRESH === '1') await rm(snapshotFile, { force: true });
  if (process.env.STACK_FRESH === '1') await rm(`${stateDir}/auth`, { recursive: true, force: true });

  say(`Firestore emulator (in-process) on 127.0.0.1:${ports.firestore}`);
  firestore = await startFirestoreEmulator(ports.firestore);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${ports.auth}`;

  say(`Auth emulator (firebase-tools) on 127.0.0.1:${ports.auth}`);
  await startAuthEmulator();

  disableMetadataProbe();
  const app = initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore(app);
  const adminAuth = getAuth(app);
  const restored = await loadSnapshot(db, snapshotFile);
  if (restored) say(`Restored ${restored} Firestore documents from ${snapshotFile}`);
  saveState = async () => {
    const n = await saveSnapshot(firestore!, db, PROJECT_ID, snapshotFile);
    say(`Saved ${n} Firestore documents to ${snapshotFile}`);
  };

  const mp3Path = await ensureRadioDemoMp3(`${stateDir}/media`);
  const storage = new DiskStorage(`${stateDir}/storage`, STORAGE_SECRET, () => Date.now());
  const deps = { db, auth: firebaseAuthGateway(adminAuth), storage, ffmpegPath, options: { demoRadio: { mp3Path } }, now: () => Date.now() };
  if ((await db.collection('profiles').limit(1).get()).empty) {
    say('Seeding demo data…');
    await seedDemo(deps, adminAuth);
  }
  await seedContest(deps, adminAuth, resolve('.local/media-cache/songs'), say);
  await seedMarketplace(deps, say);
  stopOrderSweep = startOrderExpirySweep(deps, 60_000, (err) => say(`Order expiry sweep failed: ${String(err)}`));

  apiServer = createApp(deps).listen(ports.api, '127.0.0.1');
  await new Promise((r, j) => apiServer!.once('listening', r).once('error', j));
  say(`API on http://127.0.0.1:${ports.api}/api`);

  process.env.API_URL = `http://127.0.0.1:${ports.api}`;
  const viteEnv = { VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}` };
  Object.assign(process.env, viteEnv);
  const server = { port: ports.web, strictPort: true, host: '127.0.0.1' as const, proxy: { '/api': { target: process.env.API_URL } } };
  if (dev) {
    web = await createServer({ server });
    await web.listen();
  } else {
    say('Building the PWA (production build)…');
    const outDir = `${stateDir}/web`;
    await build({ build: { outDir, emptyOutDir: true }, logLevel: 'warn' });
    web = await preview({ build: { outDir }, preview: server });
  }

  console.log(`
  Fool Rate is running: http://localhost:${ports.web}
  ${dev ? '(Vite dev server, hot reload)' : '(production build, service worker active)'}

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(24)} ${a.roles.at(-1)}`).join('\n')}
  Demo coupon: ${DEMO_COUPON.code} (${DEMO_COUPON.tokens} tokens)

  Ctrl-C stops everything and saves the data in ${stateDir}.
`);
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('Stopping…');
  await web?.close().catch(() => undefined);
  stopOrderSweep?.();
  apiServer?.closeAllConnections();
  await new Promise((r) => (apiServer ? apiServer.close(r) : r(null)));
  await saveState?.().catch((err: unknown) => say(`Could not save Firestore data: ${String(err)}`));
  firestore?.stop();
  if (authEmulator && authEmulator.exitCode === null && authEmulator.pid) {
    const done = new Promise((r) => authEmulator!.once('exit', r));
    authEmulator.kill('SIGINT');
    const timeout = setTimeout(() => authEmulator?.kill('SIGKILL'), 10_000);
    await done;
    clearTimeout(timeout);
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
// Last resort: never leave the emulator behind, whatever ended this process.
process.on('exit', () => {
  if (authEmulator && authEmulator.exitCode === null) authEmulator.kill('SIGKILL');
});
process.on('SIGTERM', () => void shutdown(0));
main().catch((err: unknown) => {
  console.error(`[stack] failed to start: ${err instanceof Error ? err.message : String(err)}`);
  void shutdown(1);
});
