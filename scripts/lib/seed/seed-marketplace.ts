import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount } from '../../../functions/src/accounts/create-account';
import { FieldValue } from 'firebase-admin/firestore';
import { backfillListedPreviews } from '../../../functions/src/marketplace/backfill-previews';
import { insertListing } from '../../../functions/src/marketplace/listing-write';
import { placeOrderNow } from '../../../functions/src/orders/create-order';
import { expireDueOrders } from '../../../functions/src/orders/expire-orders';
import { actOnOrder } from '../../../functions/src/orders/order-actions';
import { COL } from '../../../functions/src/platform/firestore/collections';
import type { Deps } from '../../../functions/src/platform/deps';
import type { SongType } from '../../../common/contest/contest';
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
  await seedDemoListings(deps, log);
  await seedCatalogue(deps, log);
}

async function seedDemoListings(deps: Deps, log: (msg: string) => void): Promise<void> {
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

type CatalogueTrack = { title: string; artist: string; genre: string; type: SongType; tokens: number; usd: number; featured?: boolean; pay?: 'tokens' | 'cash_app' };

/**
 * A catalogue for search, filters, sort and pages (issue 56): more than a page of basic listings
 * (LISTING_PAGE_SIZE) and a few featured ones, with titles in several scripts of case and accent,
 * every genre and type, prices and payments that differ.
 */
export const CATALOGUE: readonly CatalogueTrack[] = [
  { title: 'Café Ámbar', artist: 'Lucía Ferrer', genre: 'Jazz', type: 'human', tokens: 30, usd: 4.99, featured: true },
  { title: 'Neon Boulevard', artist: 'Kai Ostrander', genre: 'Electronic', type: 'ai', tokens: 120, usd: 19.99, featured: true },
  { title: 'Crème Brûlée Nights', artist: 'Élodie Marchand', genre: 'R&B', type: 'hybrid', tokens: 60, usd: 9.49, featured: true, pay: 'tokens' },
  { title: 'Iron Prairie', artist: 'Wes Calloway', genre: 'Country', type: 'human', tokens: 75, usd: 12.99, featured: true },
  { title: 'Zürich Skyline', artist: 'Nova Reiter', genre: 'Electronic', type: 'ai', tokens: 10, usd: 1.49 },
  { title: 'Sábado Gigante', artist: 'Los Ríos', genre: 'Pop', type: 'human', tokens: 25, usd: 3.99 },
  { title: 'Moonlit Sonata in Blue', artist: 'Opus Null', genre: 'Classical', type: 'ai', tokens: 200, usd: 29.99, pay: 'tokens' },
  { title: 'Backroad Anthem', artist: 'Theo Marsh', genre: 'Country', type: 'human', tokens: 40, usd: 5.99 },
  { title: 'Concrete Poetry', artist: 'Kiko Lane', genre: 'Hip-Hop', type: 'human', tokens: 55, usd: 7.99, pay: 'cash_app' },
  { title: 'Glitch Garden', artist: 'Vector Bloom', genre: 'Electronic', type: 'hybrid', tokens: 35, usd: 4.49 },
  { title: 'Señorita Static', artist: 'Dana Voss', genre: 'R&B', type: 'hybrid', tokens: 65, usd: 8.99 },
  { title: 'Thunder Road Revival', artist: 'Rhea & The Engines', genre: 'Rock', type: 'hybrid', tokens: 90, usd: 13.49 },
  { title: 'Velvet Underpass', artist: 'Sol Ramírez', genre: 'Jazz', type: 'human', tokens: 20, usd: 2.99, pay: 'tokens' },
  { title: 'Polar Drift', artist: 'Nimbus-7', genre: 'Classical', type: 'ai', tokens: 15, usd: 1.99 },
  { title: 'Bodega Bounce', artist: 'MC Ñandú', genre: 'Hip-Hop', type: 'hybrid', tokens: 45, usd: 6.49 },
  { title: 'Garage Saints', artist: 'June Okafor', genre: 'Rock', type: 'human', tokens: 80, usd: 11.99, pay: 'cash_app' },
  { title: 'Sugar Rush Radio', artist: 'Lumen Drift', genre: 'Pop', type: 'ai', tokens: 12, usd: 1.99 },
  { title: 'Fjord Echoes', artist: 'Åsa Lindqvist', genre: 'Other', type: 'human', tokens: 50, usd: 6.99 },
  { title: 'Hollow Pines', artist: 'The Wren Collective', genre: 'Country', type: 'hybrid', tokens: 33, usd: 4.99 },
  { title: 'Binary Blues', artist: 'Aurora Engine', genre: 'Jazz', type: 'ai', tokens: 28, usd: 3.49 },
  { title: 'Electric Piñata', artist: 'Maya Quintero', genre: 'Pop', type: 'hybrid', tokens: 42, usd: 5.49, pay: 'tokens' },
  { title: 'Rust & Roses', artist: 'Ezra Bell', genre: 'Rock', type: 'human', tokens: 150, usd: 21.99 },
  { title: 'Nocturne for Machines', artist: 'Opus Null', genre: 'Classical', type: 'ai', tokens: 95, usd: 14.99 },
  { title: 'Downtown Drizzle', artist: 'Kiko Lane', genre: 'Hip-Hop', type: 'human', tokens: 18, usd: 2.49 },
  { title: 'Soft Focus', artist: 'Mara Quill', genre: 'Pop', type: 'human', tokens: 22, usd: 2.99, pay: 'cash_app' },
  { title: 'Tokyo Tapes', artist: 'Rin Sato', genre: 'Electronic', type: 'hybrid', tokens: 70, usd: 9.99 },
  { title: 'Canción del Mar', artist: 'Lucía Ferrer', genre: 'Other', type: 'human', tokens: 38, usd: 4.99 },
  { title: 'Satin Signal', artist: 'Dana Voss', genre: 'R&B', type: 'ai', tokens: 58, usd: 7.49 },
  { title: 'Dust Devil Waltz', artist: 'Wes Calloway', genre: 'Country', type: 'ai', tokens: 26, usd: 3.49, pay: 'tokens' },
  { title: 'Blue Hour Bossa', artist: 'Sol Ramírez', genre: 'Jazz', type: 'hybrid', tokens: 48, usd: 6.99 },
  { title: 'Overdrive Hymn', artist: 'Rhea & The Engines', genre: 'Rock', type: 'ai', tokens: 64, usd: 8.49 },
  { title: 'Paper Moon Lullaby', artist: 'Élodie Marchand', genre: 'Classical', type: 'human', tokens: 32, usd: 4.49 },
];

/** The catalogue's seller: a demo label (no sign-in), with a Cash App tag for its cash listings. */
const CATALOGUE_SELLER = { uid: 'demo-label-northwind', username: 'northwind', fullName: 'Northwind Records', cashTag: '$NorthwindRecords' };

/** The marketplace track every catalogue listing's track copies (its files, shared: it is sold, never voted on). */
const CATALOGUE_SOURCE = 'Sunday Market Groove';

/**
 * The catalogue (once): each a marketplace track of its own title, artist, genre and type sharing
 * the demo marketplace track's song (cheap: no song generated), listed through the CMS's
 * insertListing, a minute apart, older than the two demo listings.
 */
async function seedCatalogue(deps: Deps, log: (msg: string) => void): Promise<void> {
  const { db } = deps;
  if (!(await db.collection(COL.tracks).where('title', '==', CATALOGUE[0]!.title).limit(1).get()).empty) return;
  const source = (await db.collection(COL.tracks).where('title', '==', CATALOGUE_SOURCE).where('submission_type', '==', 'marketplace').limit(1).get()).docs[0];
  if (!source) return;
  // A label of its own sells them, so the demo artist's My Tracks stays as the walkthrough knows it.
  const label = CATALOGUE_SELLER.uid;
  await createAccount(deps, { uid: label, username: CATALOGUE_SELLER.username, email: `${CATALOGUE_SELLER.username}@demo.test`, fullName: CATALOGUE_SELLER.fullName, avatarUrl: null, emailVerified: true });
  await db.collection(COL.profiles).doc(label).update({ cash_app_tag: CATALOGUE_SELLER.cashTag, updatedAt: FieldValue.serverTimestamp() });
  const firstListed = (await db.collection(COL.listings).orderBy('created_at').limit(1).get()).docs[0]?.get('created_at') as string | undefined;
  const before = firstListed ? Date.parse(firstListed) : deps.now();
  for (const [i, t] of CATALOGUE.entries()) {
    const at = before - (i + 1) * 60_000;
    const ref = db.collection(COL.tracks).doc();
    await ref.set({
      ...source.data(),
      id: ref.id,
      submitted_by: label,
      title: t.title,
      artist_name: t.artist,
      genre: t.genre,
      song_type: t.type,
      is_ai: t.type !== 'human',
      cover_art_url: `/placeholders/cover-${String(((i + 3) % 26) + 1).padStart(2, '0')}.jpg`,
      created_at: new Date(at).toISOString(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    await insertListing(
      { ...deps, now: () => at },
      {
        track_id: ref.id,
        price_tokens: t.tokens,
        price_usd: t.usd,
        listing_type: t.featured ? 'featured' : 'basic',
        version_type: i % 3 === 0 ? 'preview' : 'full',
        accept_tokens: t.pay !== 'cash_app',
        accept_cash_app: t.pay !== 'tokens',
      },
    );
  }
  log(`Seeded the marketplace catalogue: ${CATALOGUE.length} listings`);
}
