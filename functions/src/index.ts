import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { firebaseAuthGateway } from './platform/firebase-auth';
import { CloudStorage } from './platform/storage';

const app = initializeApp();

export const api = onRequest(
  { region: 'us-central1', timeoutSeconds: 120, memory: '512MiB' },
  createApp({
    db: getFirestore(app),
    auth: firebaseAuthGateway(getAuth(app)),
    storage: new CloudStorage(getStorage(app).bucket()),
    ffmpegPath: ffmpegInstaller.path,
    options: { demoRadio: null },
    now: () => Date.now(),
  }),
);
