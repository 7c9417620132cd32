/**
 * The whole product locally, on the path production takes: the PWA served by the Firebase
 * Hosting emulator (firebase.json's rewrites and headers), the API as the `api` function in the
 * Functions emulator (the bundle `firebase deploy` ships, secrets from functions/.secret.local),
 * the Auth emulator, an in-process Firestore emulator (state saved on exit), a mail catcher
 * (maildev: every mail the product sends lands in its inbox), and the demo radio
 * station (scripts/lib/demo-station: AzuraCast's API, its SFTP media folder and the live stream;
 * docs/radio-station.md). The demo data is seeded here, and local timers stand in for the
 * scheduled functions (no Pub/Sub emulator).
 * With --dev, Vite's dev server (hot reload) replaces Hosting. Ctrl-C stops everything.
 *
 * Options (env): WEB_PORT 5173, API_PORT 5001 (Functions emulator), AUTH_PORT 9099,
 * FIRESTORE_PORT 8080, STATION_PORT 8000 (demo station: API and stream), STATION_SFTP_PORT 2022
 * (its SFTP), APP_URL (http://localhost:WEB_PORT), MAIL_SMTP_PORT 1025 and MAIL_WEB_PORT 1080 (the mail catcher's SMTP and inbox), STACK_DIR .local/stack (state), STACK_FRESH=1 (start from empty data),
 * RATE_LIMITS (JSON overrides of the request limits, e.g. for the browser tests).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { build, createServer, type ViteDevServer } from 'vite';
import { DEMO_MODE } from './lib/web-build';
import { readEnv } from '../functions/src/env';
import { refreshLeaderboardsNow } from '../functions/src/leaderboards/refresh-scheduler';
import { startOrderExpirySweep } from '../functions/src/orders/expire-orders';
import { airScheduled } from '../functions/src/radio/air-scheduled';
import { ensureRatings, refreshRatingMedian } from '../functions/src/voting/ratings';
import { refreshAllListingCopies } from '../functions/src/marketplace/refresh-copies';
import { ensureListingSearch } from '../functions/src/marketplace/search-fields';
import { deliverDueMail } from '../functions/src/mail/deliver';
import { firebaseAuthGateway } from '../functions/src/platform/firebase-auth';
import { buildDeps } from '../functions/src/deps';
import { DiskStorage } from '../functions/src/platform/storage/storage';
import { buildFunctions } from './lib/build-functions';
import {
  functionUrl,
  hubPorts,
  killGroup,
  PROJECT_ID,
  REGION,
  startEmulators,
  stopEmulators,
  waitFor,
  writeEmulatorConfig,
  type Emulators,
} from './lib/emulators';
import { startFirestoreEmulator, type FirestoreServer } from './lib/firestore-emulator';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher';
import { loadSnapshot, saveSnapshot } from './lib/firestore-snapshot';
import { ensureLocalSecrets, persistentSecret } from './lib/local-secrets';
import { seedRadio } from './lib/seed/seed-radio';
import { ensureRadioDemoMp3, ffmpegPath } from './lib/media';
import { disableMetadataProbe } from './lib/no-metadata-probe';
import { DEMO_STATION_SHORTCODE, startDemoStation, type DemoStation } from './lib/demo-station';
import { portInUse } from './lib/ports';
import { DEMO_ACCOUNTS, DEMO_COUPON, DEMO_PASSWORD, seedDemo } from './lib/seed/seed';
import { seedContest } from './lib/seed/seed-contest';
import { seedMarketplace } from './lib/seed/seed-marketplace';

const dev = process.argv.includes('--dev');
const ports = {
  web: Number(process.env.WEB_PORT ?? 5173),
  api: Number(process.env.API_PORT ?? 5001),
  auth: Number(process.env.AUTH_PORT ?? 9099),
  firestore: Number(process.env.FIRESTORE_PORT ?? 8080),
  station: Number(process.env.STATION_PORT ?? 8000),
  stationSftp: Number(process.env.STATION_SFTP_PORT ?? 2022),
  mailSmtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
  mailWeb: Number(process.env.MAIL_WEB_PORT ?? 1080),
};
const stateDir = resolve(process.env.STACK_DIR ?? '.local/stack');
const snapshotFile = `${stateDir}/firestore.json`;
const webDir = `${stateDir}/web`;
const stationDir = `${stateDir}/station`;
/** The SFTP user of the demo station (an AzuraCast SFTP user deployed). */
const STATION_SFTP_USER = 'foolrate';
/** Local timers in place of the scheduled functions (every minute, like refreshLeaderboards). */
const TIMER_MS = 60_000;
/** How often scheduled radio submissions are checked locally (the deployed airRadio: every minute). */
const RADIO_AIR_MS = 3_000;
/** How often the local sender delivers due mail (deployed: the sendMail trigger at once, retryMail every minute). */
const MAIL_MS = 1_000;
const say = (msg: string) => console.log(`[stack] ${msg}`);

let firestore: FirestoreServer | null = null;
let station: DemoStation | null = null;
let mailCatcher: MailCatcher | null = null;
let emulators: Emulators | null = null;
let web: ViteDevServer | null = null;
let saveState: (() => Promise<void>) | null = null;
const timers: Array<() => void> = [];
let stopping = false;

async function checkPorts(): Promise<void> {
  const named = {
    WEB_PORT: ports.web,
    API_PORT: ports.api,
    AUTH_PORT: ports.auth,
    FIRESTORE_PORT: ports.firestore,
    STATION_PORT: ports.station,
    STATION_SFTP_PORT: ports.stationSftp,
    MAIL_SMTP_PORT: ports.mailSmtp,
    MAIL_WEB_PORT: ports.mailWeb,
  };
  const { hub, logging } = hubPorts(ports.auth);
  const taken: string[] = [];
  for (const [name, port] of Object.entries(named)) {
    if (await portInUse(port)) taken.push(`Port ${port} (${name}) is already in use. Stop whatever uses it or set ${name}.`);
  }
  for (const [name, port] of Object.entries({ 'emulator hub': hub, 'emulator logging': logging })) {
    if (await portInUse(port)) taken.push(`Port ${port} (${name}, AUTH_PORT + ${port - ports.auth}) is already in use. Stop whatever uses it or set AUTH_PORT.`);
  }
  if (taken.length) throw new Error(taken.join('\n'));
}

const stationUrl = () => `http://127.0.0.1:${ports.station}`;

/** How the web app is built for the emulators (dev server or production build alike); the CSP allows the station's origin. */
const webEnv = (appUrl: string) => ({
  VITE_SITE_URL: appUrl,
  VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
  VITE_SYNC_STREAM_BASE_URL: functionUrl(ports),
  VITE_RADIO_STREAM_URL: `${stationUrl()}/listen/${DEMO_STATION_SHORTCODE}/radio.mp3`,
  VITE_RADIO_METADATA_URL: `${stationUrl()}/api/nowplaying/${DEMO_STATION_SHORTCODE}`,
});

/** The production build of the PWA, configured for the emulators. */
async function buildWeb(outDir: string, appUrl: string): Promise<void> {
  Object.assign(process.env, webEnv(appUrl));
  await build({ mode: DEMO_MODE, build: { outDir, emptyOutDir: true }, logLevel: 'warn' });
}

function every(ms: number, what: string, work: () => Promise<unknown>): void {
  const timer = setInterval(() => void work().catch((err: unknown) => say(`${what} failed: ${String(err)}`)), ms);
  timers.push(() => clearInterval(timer));
}

async function main(): Promise<void> {
  const started = Date.now();
  await checkPorts();
  await mkdir(stateDir, { recursive: true });
  if (process.env.STACK_FRESH === '1') {
    // Everything the data refers to: stored files (a placeholder stored by an earlier run would
    // change the covers this one gives), the station's queue, the chain ledger, mail, accounts.
    await rm(snapshotFile, { force: true });
    for (const dir of ['auth', 'maildev', 'storage', 'station']) await rm(`${stateDir}/${dir}`, { recursive: true, force: true });
    await rm(`${stateDir}/chain-ledger.jsonl`, { force: true });
  }

  // The address links in mails and redirects use (the browser tests use 127.0.0.1, where their sessions live).
  const appUrl = process.env.APP_URL ?? `http://localhost:${ports.web}`;
  // The production build needs nothing that starts below: it runs beside all of it.
  const webBuild = dev ? null : (say('Building the PWA (production build)…'), buildWeb(`${stateDir}/web-build`, appUrl));
  webBuild?.catch(() => undefined);

  say(`Firestore emulator (in-process) on 127.0.0.1:${ports.firestore}`);
  firestore = await startFirestoreEmulator(ports.firestore);
  await mkdir(stationDir, { recursive: true });
  const [secrets, storageSecret, mp3Path] = await Promise.all([
    ensureLocalSecrets(resolve('functions/.secret.local')),
    persistentSecret(`${stateDir}/storage-secret`),
    ensureRadioDemoMp3(`${stateDir}/media`),
  ]);
  station = await startDemoStation({
    httpPort: ports.station,
    sftpPort: ports.stationSftp,
    mediaDir: `${stationDir}/media`,
    loopMp3: mp3Path,
    user: STATION_SFTP_USER,
    // The function reads the same password from functions/.secret.local (a declared secret).
    password: secrets.STATION_SFTP_PASSWORD!,
    hostKeyPath: `${stationDir}/ssh-host-key`,
    // The function sends the same key (STATION_API_KEY in functions/.secret.local).
    apiKey: secrets.STATION_API_KEY!,
  });
  mailCatcher = await startMailCatcher({ smtpPort: ports.mailSmtp, webPort: ports.mailWeb, mailDirectory: `${stateDir}/maildev` });
  say(`Mail catcher (maildev): SMTP 127.0.0.1:${ports.mailSmtp}, inbox http://localhost:${ports.mailWeb}`);
  say(`Demo radio station: ${station.urls.api} (stream ${station.urls.stream}), SFTP ${station.urls.sftp} (media in ${stationDir}/media)`);
  // What the function reads from its environment (config.ts); FUNCTIONS_EMULATOR is set by the emulator itself.
  const functionEnv: Record<string, string> = {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    APP_URL: appUrl,
    APP_ORIGINS: `http://127.0.0.1:${ports.web}`,
    LOCAL_STORAGE_DIR: `${stateDir}/storage`,
    LOCAL_STORAGE_SECRET: storageSecret,
    // The token migration's local chain (README: Token migration).
    CHAIN_LEDGER_FILE: `${stateDir}/chain-ledger.jsonl`,
    // Every mail goes to the local catcher.
    SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
    MAIL_FROM: 'Fool Rate <noreply@foolrate.local>',
    STATION_SFTP_HOST: '127.0.0.1',
    STATION_SFTP_PORT: String(ports.stationSftp),
    STATION_SFTP_USER: STATION_SFTP_USER,
    STATION_API_URL: stationUrl(),
    STATION_ID: DEMO_STATION_SHORTCODE,
    ...(process.env.RATE_LIMITS ? { RATE_LIMITS: process.env.RATE_LIMITS } : {}),
    // The demo seeds six voters: its tracks are ranked from 3 votes (deployed default: 10).
    LEADERBOARD_MIN_VOTES: process.env.LEADERBOARD_MIN_VOTES ?? '3',
  };
  Object.assign(process.env, { FIRESTORE_EMULATOR_HOST: functionEnv.FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}` });

  say('Bundling the functions (functions/lib)…');
  await buildFunctions();
  // Hosting serves an empty folder until the app is built and the data seeded, so a caller
  // waiting for the page (the browser tests) waits for all of it.
  await rm(webDir, { recursive: true, force: true });
  await mkdir(webDir, { recursive: true });

  const only = dev ? ['auth', 'functions'] : ['auth', 'functions', 'hosting'];
  say(`Firebase emulators (${only.join(', ')}): Auth 127.0.0.1:${ports.auth}, Functions 127.0.0.1:${ports.api}${dev ? '' : `, Hosting 127.0.0.1:${ports.web}`}`);
  const configPath = await writeEmulatorConfig(stateDir, webDir, ports);
  emulators = await startEmulators({ configPath, stateDir, authDir: `${stateDir}/auth`, only, env: functionEnv });
  const running = emulators;
  const exited = running.exited.then((code) => {
    if (!stopping) {
      say(`Firebase emulators exited (${code}):\n${running.output().slice(-3000)}`);
      void shutdown(1);
    }
  });
  await waitFor(`http://127.0.0.1:${ports.auth}/`, (s) => s === 200, 90_000, exited);

  disableMetadataProbe();
  const firebase = initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore(firebase);
  const adminAuth = getAuth(firebase);
  const restored = await loadSnapshot(db, snapshotFile);
  if (restored) say(`Restored ${restored} Firestore documents from ${snapshotFile}`);
  saveState = async () => {
    const n = await saveSnapshot(firestore!, db, PROJECT_ID, snapshotFile);
    say(`Saved ${n} Firestore documents to ${snapshotFile}`);
  };

  // The seed writes through the same code as the function, with the same configuration.
  const env = readEnv({ ...functionEnv, ...secrets, FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: PROJECT_ID });
  const storage = new DiskStorage(functionEnv.LOCAL_STORAGE_DIR!, storageSecret, () => Date.now());
  const deps = buildDeps({ db, auth: firebaseAuthGateway(adminAuth), storage, ffmpegPath, env, now: () => Date.now() });
  if ((await db.collection('profiles').limit(1).get()).empty) {
    say('Seeding demo data…');
    await seedDemo(deps, adminAuth);
  }
  await seedContest(deps, adminAuth, resolve('.local/media-cache/songs'), say);
  await seedMarketplace(deps, say);
  // Deployed, hourly: listings stored before search get its fields, once.
  await ensureListingSearch(db, new Date().toISOString());
  await seedRadio(deps, say);
  timers.push(startOrderExpirySweep(deps, TIMER_MS, (err) => say(`Order expiry sweep failed: ${String(err)}`)));
  every(TIMER_MS, 'Leaderboard refresh', () => refreshLeaderboardsNow(deps));
  // Deployed, hourly; locally as often as the leaderboards, so the demo's figures move while you watch.
  await ensureRatings(db, new Date().toISOString(), () => refreshAllListingCopies(db));
  await refreshRatingMedian(db, Date.now());
  every(TIMER_MS, 'Rating median', () => refreshRatingMedian(db, Date.now()));
  // Deployed, airRadio runs every minute; locally a scheduled broadcast starts within seconds.
  every(RADIO_AIR_MS, 'Radio airing', () => airScheduled(deps));
  // Deployed, the sendMail trigger delivers each message at once; there are no Firestore triggers locally.
  every(MAIL_MS, 'Mail delivery', () => deliverDueMail(deps));

  // The first request starts the function's worker, which then serves requests side by side (API_CONCURRENCY).
  await waitFor(`${functionUrl(ports)}/api/public/config`, (s) => s === 200, 60_000, exited);
  say(`API: the api function at ${functionUrl(ports)}/api`);

  if (dev) {
    const target = `http://127.0.0.1:${ports.api}`;
    const rewrite = (path: string) => `/${PROJECT_ID}/${REGION}/api${path}`;
    Object.assign(process.env, webEnv(appUrl));
    web = await createServer({ server: { port: ports.web, strictPort: true, host: '127.0.0.1', proxy: { '/api': { target, rewrite } } } });
    await web.listen();
  } else {
    await webBuild;
    await rm(webDir, { recursive: true, force: true });
    await rename(`${stateDir}/web-build`, webDir);
  }

  console.log(`
  Fool Rate is running: ${appUrl}   (ready in ${Math.round((Date.now() - started) / 1000)} s)
  ${dev ? '(Vite dev server with hot reload; the API on the Functions emulator)' : '(Hosting emulator: production build with its service worker; the API on the Functions emulator)'}

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(24)} ${a.roles.at(-1)}`).join('\n')}
  Demo coupon: ${DEMO_COUPON.code} (${DEMO_COUPON.tokens} tokens)
  Mail inbox:  http://localhost:${ports.mailWeb}   (every mail the product sends, caught by maildev)

  Ctrl-C stops everything and saves the data in ${stateDir}.
`);
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('Stopping…');
  timers.forEach((stop) => stop());
  await web?.close().catch(() => undefined);
  if (emulators) await stopEmulators(emulators, 12_000);
  await station?.stop().catch(() => undefined);
  await mailCatcher?.stop().catch(() => undefined);
  await saveState?.().catch((err: unknown) => say(`Could not save Firestore data: ${String(err)}`));
  firestore?.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Last resort: never leave the emulators behind, whatever ended this process.
process.on('exit', () => {
  if (emulators) killGroup(emulators);
});
main().catch((err: unknown) => {
  console.error(`[stack] failed to start: ${err instanceof Error ? err.message : String(err)}`);
  void shutdown(1);
});
