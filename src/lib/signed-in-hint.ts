/**
 * Whether this device had a signed-in user when Firebase Auth last ran ('1' or '0'). Signed-out
 * visitors then never load Firebase Auth (about 30 KB gzip) until they sign in, and the
 * prerendered public pages (scripts/lib/prerender-guard.ts) are shown only to them.
 */
export const SIGNED_IN_HINT_KEY = 'foolrate:signed-in';

export function readSignedInHint(): string | null {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY);
  } catch {
    return '1';
  }
}

export function writeSignedInHint(signedIn: boolean): void {
  try {
    localStorage.setItem(SIGNED_IN_HINT_KEY, signedIn ? '1' : '0');
  } catch {
    // No storage (private mode): Firebase Auth simply loads on every visit.
  }
}
