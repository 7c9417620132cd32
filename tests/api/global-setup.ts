import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../../scripts/lib/firestore-emulator';
import { freePort } from '../../scripts/lib/ports';

/** One in-process Firestore emulator for the run; each test file uses its own project id. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const server = await startFirestoreEmulator(port);
  project.provide('firestoreHost', `127.0.0.1:${port}`);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreHost: string;
  }
}
