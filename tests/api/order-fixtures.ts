/** Marketplace order test helpers: listed tracks, tokens, proof images and order calls. */
import { FieldValue } from 'firebase-admin/firestore';
import { inflateSync } from 'node:zlib';
import { readBalance, writeLedgerEntry } from '../../functions/src/tokens/ledger';
import { addTrack, makeAdmin, testClip } from './contest-fixtures';
import { signUp, signUpMany, type Harness } from './harness';

export type User = { uid: string; token: string };

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs up one user per name (50 tokens each), in order. */
export async function users<const N extends readonly string[]>(h: Harness, ...names: N): Promise<{ [K in keyof N]: User }> {
  return (await signUpMany(h, names)) as unknown as { [K in keyof N]: User };
}

let adminUser: Promise<User> | null = null;
let adminFor: Harness | null = null;
function listingAdmin(h: Harness): Promise<User> {
  if (adminFor !== h) {
    adminFor = h;
    adminUser = (async () => {
      const a = await signUp(h, `ladmin${Math.random().toString(36).slice(2, 8)}`);
      await makeAdmin(h.db, a.uid);
      return a;
    })();
  }
  return adminUser!;
}

/** An approved marketplace track by `seller` (with its full audio stored) and an active listing of it. */
export async function listTrack(h: Harness, seller: User, listing: Record<string, unknown> = {}, trackFields: Parameters<typeof addTrack>[1] = {}) {
  const track = await addTrack(h, { submission_type: 'marketplace', submitted_by: seller.uid, ...trackFields });
  await h.deps.storage.put(track.audio_path, await testClip(), 'audio/mpeg');
  const admin = await listingAdmin(h);
  // Cash App is offered only by a seller with a $cashtag (listing-write.ts); tests may change it later.
  if (listing.accept_cash_app === true && !(await h.db.collection('profiles').doc(seller.uid).get()).get('cash_app_tag')) await setCashTag(h, seller, '$Seller');
  const res = await h.call('POST', '/api/marketplace/listings', { token: admin.token, body: { track_id: track.id, ...listing } });
  if (res.status !== 201) throw new Error(`listing: ${res.status} ${JSON.stringify(res.body)}`);
  return { track, listing: res.body.listing as { id: string; price_tokens: number; price_usd: number } };
}

export async function setListing(h: Harness, listingId: string, patch: Record<string, unknown>) {
  await h.db.collection('marketplace_listings').doc(listingId).update({ ...patch, updatedAt: FieldValue.serverTimestamp() });
}

export async function grant(h: Harness, uid: string, delta: number) {
  await h.db.runTransaction(async (tx) => {
    const balance = await readBalance(h.db, tx, uid);
    writeLedgerEntry(h.db, tx, balance, { userId: uid, delta, reason: delta > 0 ? 'admin_grant' : 'admin_deduction' }, new Date().toISOString());
  });
}

export const balanceOf = async (h: Harness, uid: string) =>
  ((await h.db.collection('token_balances').doc(uid).get()).get('balance') as number | undefined) ?? 0;

export const buy = (h: Harness, user: User, listingId: string, method: 'TOKENS' | 'CASH_APP' = 'TOKENS', headers?: Record<string, string>) =>
  h.call('POST', '/api/orders', { token: user.token, body: { listing_id: listingId, method }, headers });

export const setCashTag = (h: Harness, user: User, tag: string) =>
  h.call('POST', '/api/accounts/cash-app-tag', { token: user.token, body: { cash_app_tag: tag } });

export const act = (h: Harness, user: User, orderId: string, action: 'approve' | 'reject') =>
  h.call('POST', `/api/orders/${orderId}/${action}`, { token: user.token });

/** `base`: the URL of an API served on other deps (serveWithDeps); the harness's own by default. */
export async function uploadProof(h: Harness, user: User, orderId: string, data: Buffer = PNG, name = 'proof.png', base?: string) {
  const form = new FormData();
  form.append('order_id', orderId);
  form.append('image', new Blob([new Uint8Array(data)]), name);
  const url = base ? `${base}/api/orders/${orderId}/proof` : h.url(`/api/orders/${orderId}/proof`);
  const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

export const orderStatus = async (h: Harness, orderId: string) => (await h.db.collection('orders').doc(orderId).get()).get('status') as string;

/** The text a PDF draws (pdf-lib writes Flate-compressed content streams with hex strings). */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(t[1]!, 'hex').toString('latin1'));
  }
  return out.join(' ');
}
