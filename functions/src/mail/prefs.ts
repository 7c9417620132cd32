import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COL } from '../platform/firestore/collections';
import type { RateLimitCounter } from '../platform/http/rate-limit';
import { converter } from '../platform/firestore/typed-collection';

/**
 * mail_prefs/{uid} (server-only): whether the user takes campaign mail (yes until they
 * unsubscribe) and the random token their unsubscribe links carry. Account mail ignores it.
 */
const storedPrefs = z.object({ campaigns: z.boolean(), token: z.string(), updated_at: z.string() });
export type MailPrefs = z.infer<typeof storedPrefs>;

const prefsRef = (db: Firestore, uid: string) => db.collection(COL.mailPrefs).withConverter(converter(storedPrefs, COL.mailPrefs)).doc(uid);

/** The user's preferences, created (subscribed, with a new token) on first use. */
export async function mailPrefs(db: Firestore, uid: string): Promise<MailPrefs> {
  return db.runTransaction(async (tx) => {
    const stored = (await tx.get(prefsRef(db, uid))).data();
    if (stored) return stored;
    const prefs: MailPrefs = { campaigns: true, token: randomBytes(24).toString('base64url'), updated_at: new Date().toISOString() };
    tx.create(prefsRef(db, uid), prefs);
    return prefs;
  });
}

/** Whether each user takes campaign mail (no record yet: yes), in one read. */
export async function subscribedUids(db: Firestore, uids: string[]): Promise<Set<string>> {
  if (!uids.length) return new Set();
  const snaps = await db.getAll(...uids.map((uid) => prefsRef(db, uid)));
  return new Set(snaps.filter((s) => !s.exists || s.get('campaigns') !== false).map((s) => s.id));
}

/** The page a person opens from the mail's footer, and the one-click POST target of List-Unsubscribe. */
export function unsubscribeLinks(appUrl: string, uid: string, token: string): { page: string; oneClick: string } {
  const query = `u=${encodeURIComponent(uid)}&t=${encodeURIComponent(token)}`;
  return { page: `${appUrl}/unsubscribe?${query}`, oneClick: `${appUrl}/api/mail/unsubscribe?${query}` };
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Turns campaign mail off (or back on) for the user whose link this is. False when the link is
 * not theirs (unknown user or wrong token): nothing is written but one more failure on
 * `failures`. A full `failures` refuses any link (429): only wrong links fill it, so the valid
 * links of the many people behind one address (a mail provider's one-click, an office) go through.
 */
export async function setCampaignMail(
  db: Firestore,
  uid: string,
  token: string,
  campaigns: boolean,
  nowIso: string,
  failures: RateLimitCounter,
): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const [snap, failed] = await tx.getAll(prefsRef(db, uid), failures.ref);
    const countFailure = failures.admit(failed);
    const stored = snap!.get('token') as unknown;
    if (!snap!.exists || typeof stored !== 'string' || !sameToken(stored, token)) {
      countFailure(tx);
      return false;
    }
    tx.update(prefsRef(db, uid), { campaigns, updated_at: nowIso });
    return true;
  });
}
