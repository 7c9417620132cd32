import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { E2E_PORTS } from '../../playwright.config';

/** The e2e stack's Firestore as the server sees it, to check what a page cannot show. */
export function adminDb(): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${E2E_PORTS.firestore}`;
  const app = getApps().find((a) => a.name === 'e2e-admin') ?? initializeApp({ projectId: 'demo-foolrate' }, 'e2e-admin');
  return getFirestore(app);
}

/** The uid of the user with this username. */
export async function uidOf(username: string): Promise<string> {
  const profiles = await adminDb().collection('profiles').where('username', '==', username).get();
  return profiles.docs[0]!.id;
}
