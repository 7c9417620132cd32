import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue } from 'firebase-admin/firestore';
import { backfillListedPreviews } from '../../../functions/src/marketplace/backfill-previews';
import { insertListing } from '../../../functions/src/marketplace/listing-write';
import { placeOrderNow } from '../../../functions/src/orders/create-order';
import { expireDueOrders } from '../../../functions/src/orders/expire-orders';
import { actOnOrder } from '../../../functions/src/orders/order-actions';
import { COL } from '../../../functions/src/platform/firestore/collections';
import type { Deps } from '../../../functions/src/platform/deps';
import { runFfmpeg } from '../media';

const DAY_MS = 86_400_000;

async function uidOf(deps: Deps, username: string): Promise<string> {
  return (await deps.db.collection(COL.usernames).doc(username).get()).get('user_id') as string;
}

async function trackId(deps: Deps, title: string): Promise<string> {
  const snap = await deps.db.collection(COL.tracks).where('title', '==', title).where('submission_type', '==', 'marketplace').limit(1).get();
  return snap.docs[0]!.id;
}

/** A generated screenshot-sized PNG standing in for a payment receipt. */
async function receiptPng(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'receipt-'));
  const out = join(dir, 'receipt.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x00d54b:s=360x240', '-frames:v', '1', out]);
  const data = await readFile(out);
  await rm(dir, { recursive: true, force: true });
  return data;
}

/**
 * Demo marketplace: the artist's Cash App tag, a featured and a basic listing of the two
 * marketplace tracks, and orders in every state, made through the real order steps. Data saved
 * before previews existed gets them first (listed tracks without a preview file).
 */
export async function seedMarketplace(deps: Deps, log: (msg: string) => void): Promise<void> {
  const previews = await backfillListedPreviews(deps);
  if (previews > 0) log(`Made previews for ${previews} listed tracks`);
  if (!(await deps.db.collection(COL.listings).limit(1).get()).empty) return;
  const artist = await uidOf(deps, 'artist');
  await deps.db.collection(COL.profiles).doc(artist).update({ cash_app_tag: '$AriaArtist', updatedAt: FieldValue.serverTimestamp() });

  const featured = await insertListing(deps, {
    track_id: await trackId(deps, 'Sunday Market Groove'),
    price_tokens: 45,
    price_usd: 9.99,
    listing_type: 'featured',
    version_type: 'full',
    accept_tokens: true,
    accept_cash_app: true,
  });
  const basic = await insertListing(deps, {
    track_id: await trackId(deps, 'Skyline Licensing Loop'),
    price_tokens: 15,
    price_usd: 1.99,
    listing_type: 'basic',
    version_type: 'preview',
    accept_tokens: true,
    accept_cash_app: true,
  });

  const [listener, nova, pixel, reed, sage, tempo] = await Promise.all(['listener', 'nova', 'pixel', 'reed', 'sage', 'tempo'].map((u) => uidOf(deps, u)));
  const proof = async (buyer: string, orderId: string) => {
    const path = `proofs/${orderId}/${randomUUID()}.png`;
    await deps.storage.put(path, await receiptPng(), 'image/png');
    await actOnOrder(deps, buyer, orderId, 'upload_proof', { proof_path: path, has_proof: true });
  };

  await placeOrderNow(deps, listener!, basic.id, 'TOKENS'); // APPROVED
  await placeOrderNow(deps, nova!, featured.id, 'CASH_APP'); // AWAITING_SELLER
  const review = await placeOrderNow(deps, pixel!, featured.id, 'CASH_APP');
  await proof(pixel!, review.order.id); // UNDER_REVIEW
  const rejected = await placeOrderNow(deps, reed!, basic.id, 'CASH_APP');
  await actOnOrder(deps, artist, rejected.order.id, 'reject'); // REJECTED
  const approved = await placeOrderNow(deps, sage!, basic.id, 'CASH_APP');
  await proof(sage!, approved.order.id);
  await actOnOrder(deps, artist, approved.order.id, 'approve'); // APPROVED by cash
  await placeOrderNow({ ...deps, now: () => deps.now() - 2 * DAY_MS }, tempo!, basic.id, 'CASH_APP');
  await expireDueOrders(deps); // EXPIRED
  log('Seeded demo marketplace: 2 listings and orders in every state');
}
