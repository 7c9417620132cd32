import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { onInit } from 'firebase-functions/v2/core';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { API_SECRETS, EnvError, MAIL_SECRETS, readEnv, STATION_SECRETS } from './env';
import { buildDeps } from './deps';
import type { Deps } from './platform/deps';
import { firebaseAuthGateway } from './platform/firebase-auth';
import { installBodyBudget } from './platform/http/admission';
import { API_CONCURRENCY, API_MAX_INSTANCES } from './platform/http/instance';
import { lazy } from './platform/http/lazy';
import { log } from './platform/log';
import { CloudStorage, DiskStorage } from './platform/storage/storage';

const REGION = 'us-central1';
/**
 * Every function binds every secret: each instance reads the whole configuration at start, and a
 * station configured without its password would be refused there (config.ts). A deployment
 * without a station or an SMTP server sets those secrets to `none`.
 */
const SECRETS = [...API_SECRETS, ...STATION_SECRETS, ...MAIL_SECRETS];

// Before the runtime creates its HTTP server: bodies are admitted by their declared length (platform/http/admission.ts).
installBodyBudget();

let deps: Deps | null = null;
const NOT_READY = 'The API was not initialised';

// Secrets and parameters are only readable once an instance starts, not while deploying.
onInit(() => {
  const firebase = initializeApp();
  let env;
  try {
    env = readEnv();
  } catch (err) {
    if (err instanceof EnvError) log.configInvalid(err.problems);
    throw err;
  }
  if (env.payments.mode === 'off') log.paymentsRefused(env.payments.reason);
  const local = env.localStorage;
  deps = buildDeps({
    db: getFirestore(firebase),
    auth: firebaseAuthGateway(async () => (await import('firebase-admin/auth')).getAuth(firebase)),
    // Files on disk exist only under the emulators (env.localStorage is null deployed).
    storage: local ? new DiskStorage(local.dir, local.secret, () => Date.now()) : new CloudStorage(getStorage(firebase).bucket()),
    ffmpegPath: ffmpegInstaller.path,
    env,
    now: () => Date.now(),
  });
});

const ready = (): Deps => {
  if (!deps) throw new Error(NOT_READY);
  return deps;
};

/**
 * The Express app, loaded and built by the api function's first request: every function loads this
 * bundle, and the scheduled ones and the mail trigger never serve HTTP (docs/adr, Cold start).
 */
const app = lazy(async () => (await import('./app')).createApp(ready()));

/**
 * The whole HTTP API. `cors: false`: the app answers CORS itself for its configured origins
 * (the Functions emulator would otherwise allow every origin).
 */
export const api = onRequest({ region: REGION, timeoutSeconds: 120, memory: '512MiB', concurrency: API_CONCURRENCY, maxInstances: API_MAX_INSTANCES, secrets: SECRETS, cors: false }, async (req, res) => {
  (await app())(req, res);
});

/** The vote counts rolled up and the leaderboard summaries recomputed every minute (in-process timers only run on warm instances). */
export const refreshLeaderboards = onSchedule({ schedule: 'every 1 minutes', region: REGION, secrets: SECRETS }, async () => {
  // Each job's code loads when it first runs, not with every instance of every function (docs/adr/0010-functions-bundle-lazy-loads-and-pinned-deps.md).
  const { refreshLeaderboardsNow } = await import('./leaderboards/refresh-scheduler');
  await refreshLeaderboardsNow(ready());
});

/** The median listener rating, which My Tracks' "fooled listeners rated above the median" compares with, after a one-off backfill of ratings (voting/ratings.ts). */
export const refreshRatingMedian = onSchedule({ schedule: 'every 60 minutes', region: REGION, secrets: SECRETS }, async () => {
  const deps = ready();
  const ratings = await import('./voting/ratings');
  const { refreshAllListingCopies } = await import('./marketplace/refresh-copies');
  // Tracks and listeners stored before ratings get a newcomer's, once; then the listings copy their twins'.
  await ratings.ensureRatings(deps.db, new Date(deps.now()).toISOString(), () => refreshAllListingCopies(deps.db));
  await ratings.refreshRatingMedian(deps.db, deps.now());
});

/** Tracks stored before sessions sampled by `rand` get one, once (voting/sample-key.ts); afterwards one read an hour. */
export const backfillTrackSampleKeys = onSchedule({ schedule: 'every 60 minutes', region: REGION, secrets: SECRETS }, async () => {
  const deps = ready();
  const { ensureSampleKeys } = await import('./voting/sample-key');
  await ensureSampleKeys(deps.db, new Date(deps.now()).toISOString());
});

/** Listings stored before marketplace search get its fields (facets, search keys), once (marketplace/search-fields.ts); afterwards one read an hour. */
export const backfillListingSearch = onSchedule({ schedule: 'every 60 minutes', region: REGION, secrets: SECRETS }, async () => {
  const deps = ready();
  const { ensureListingSearch } = await import('./marketplace/search-fields');
  await ensureListingSearch(deps.db, new Date(deps.now()).toISOString());
});

/**
 * Tracks stored before content keys get them from their originals, a hundred per run (each is
 * read and decoded), then older listings are brought up to date, once (marketplace/backfill-audio-keys.ts);
 * then tracks stored before acoustic prints get theirs, a hundred originals per run
 * (marketplace/backfill-audio-prints.ts), so a new copy of an old track is found at submission.
 */
export const backfillContentTwins = onSchedule({ schedule: 'every 60 minutes', region: REGION, timeoutSeconds: 540, memory: '512MiB', secrets: SECRETS }, async () => {
  const deps = ready();
  const nowIso = new Date(deps.now()).toISOString();
  const [{ ensureContentTwins }, { backfillAudioPrints }] = await Promise.all([import('./marketplace/backfill-audio-keys'), import('./marketplace/backfill-audio-prints')]);
  await ensureContentTwins(deps, nowIso);
  await backfillAudioPrints(deps, nowIso);
});

/** Unpaid Cash App orders past their deadline become EXPIRED (reads expire them too). */
export const expireOrders = onSchedule({ schedule: 'every 5 minutes', region: REGION, secrets: SECRETS }, async () => {
  const { expireDueOrders } = await import('./orders/expire-orders');
  await expireDueOrders(ready());
});

/**
 * Scheduled radio submissions: at their time the station is asked to play them next, and they
 * become broadcasted once the station reports them played (radio/air-scheduled.ts).
 */
export const airRadio = onSchedule({ schedule: 'every 1 minutes', region: REGION, secrets: SECRETS }, async () => {
  const { airScheduled } = await import('./radio/air-scheduled');
  await airScheduled(ready());
});

/**
 * The mail sender (docs/adr/0040-our-own-mail-sender.md: our own function, not the extension): each message the API
 * writes to `mail` is delivered as soon as it is created, over SMTP (mail/deliver.ts).
 */
export const sendMail = onDocumentCreated({ document: 'mail/{id}', region: REGION, secrets: SECRETS, retry: false }, async (event) => {
  const { deliverMail } = await import('./mail/deliver');
  await deliverMail(ready(), event.params.id);
});

/** Retries with backoff, and whatever the trigger missed (a sender that died mid-send: its lease expires). */
export const retryMail = onSchedule({ schedule: 'every 1 minutes', region: REGION, secrets: SECRETS }, async () => {
  const { deliverDueMail } = await import('./mail/deliver');
  await deliverDueMail(ready());
});
