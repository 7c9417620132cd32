import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { refreshLeaderboardSummary } from './leaderboards/summary';
import { expireDueOrders } from './orders/expire-orders';
import type { Deps } from './platform/deps';
import { firebaseAuthGateway } from './platform/firebase-auth';
import { CloudStorage } from './platform/storage';

const app = initializeApp();

const deps: Deps = {
  db: getFirestore(app),
  auth: firebaseAuthGateway(getAuth(app)),
  storage: new CloudStorage(getStorage(app).bucket()),
  ffmpegPath: ffmpegInstaller.path,
  options: { demoRadio: null },
  now: () => Date.now(),
};

export const api = onRequest({ region: 'us-central1', timeoutSeconds: 120, memory: '512MiB' }, createApp(deps));

/** The leaderboard summaries, recomputed every minute (in-process timers only run on warm instances). */
export const refreshLeaderboards = onSchedule({ schedule: 'every 1 minutes', region: 'us-central1' }, async () => {
  await refreshLeaderboardSummary(deps);
});

/** Unpaid Cash App orders past their deadline become EXPIRED (reads expire them too). */
export const expireOrders = onSchedule({ schedule: 'every 5 minutes', region: 'us-central1' }, async () => {
  await expireDueOrders(deps);
});
