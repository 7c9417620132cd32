import type { Firestore } from 'firebase-admin/firestore';
import type { ObjectStorage } from './storage';

export type VerifiedUser = { uid: string; email?: string; name?: string; picture?: string };

/** What the API needs from Firebase Auth; tests pass an in-memory twin. */
export interface AuthGateway {
  verifyIdToken(token: string): Promise<VerifiedUser>;
  createUser(input: { email: string; password: string; displayName: string }): Promise<{ uid: string }>;
  deleteUser(uid: string): Promise<void>;
}

export type ApiOptions = {
  /** A demo radio station served by the API itself (local stack only): the mp3 it loops. */
  demoRadio: { mp3Path: string } | null;
};

export type Deps = {
  db: Firestore;
  auth: AuthGateway;
  /** Private object storage (original audio, clips, covers). */
  storage: ObjectStorage;
  /** Path of the ffmpeg binary used to check and cut audio. */
  ffmpegPath: string;
  options: ApiOptions;
  now: () => number;
};
