import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillListedPreviews } from '../../functions/src/marketplace/backfill-previews';
import { insertListing } from '../../functions/src/marketplace/listing-write';
import { probeAudio } from '../../functions/src/platform/media/media';
import { CATALOGUE, seedMarketplace } from '../../scripts/lib/seed/seed-marketplace';
import { addTrack, allDocs, testClip } from './contest-fixtures';
import { ledgerInvariant, startHarness, type Harness } from './harness';
import { users } from './order-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('seeds two listings, orders in every state through the real order steps, and a catalogue sold by a label of its own, once', async () => {
  const [artist] = await users(h, 'artist', 'listener', 'nova', 'pixel', 'reed', 'sage', 'tempo');
  for (const title of ['Sunday Market Groove', 'Skyline Licensing Loop']) await addTrack(h, { title, submission_type: 'marketplace', submitted_by: artist.uid });
  h.clock.now = Date.now();
  const said: string[] = [];
  await seedMarketplace(h.deps, (m) => said.push(m));
  await seedMarketplace(h.deps, (m) => said.push(m));
  expect(said).toEqual(['Seeded demo marketplace: 2 listings and orders in every state', `Seeded the marketplace catalogue: ${CATALOGUE.length} listings`]);

  const listings = await allDocs(h.db, 'marketplace_listings');
  const artists = listings.filter((l) => l.seller_id === artist.uid);
  expect(artists.map((l) => l.listing_type).sort()).toEqual(['basic', 'featured']);
  // The catalogue: a label's, every listing active, more than a page of basic ones.
  const catalogue = listings.filter((l) => l.seller_id !== artist.uid);
  expect(catalogue).toHaveLength(CATALOGUE.length);
  expect(new Set(catalogue.map((l) => l.seller_id)).size).toBe(1);
  expect(catalogue.every((l) => l.is_active === true)).toBe(true);
  expect(catalogue.filter((l) => l.listing_type === 'basic').length).toBeGreaterThan(24);
  const orders = await allDocs(h.db, 'orders');
  expect(orders.map((o) => `${o.buyer_username}:${o.method}:${o.status}`).sort()).toEqual([
    'listener:TOKENS:APPROVED',
    'nova:CASH_APP:AWAITING_SELLER',
    'pixel:CASH_APP:UNDER_REVIEW',
    'reed:CASH_APP:REJECTED',
    'sage:CASH_APP:APPROVED',
    'tempo:CASH_APP:EXPIRED',
  ]);
  expect(orders.every((o) => o.seller_id === artist.uid)).toBe(true);
  expect(orders.find((o) => o.status === 'AWAITING_SELLER')?.cash_app_tag).toBe('$AriaArtist');
  for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
});

it('gives listed tracks stored before previews existed a preview of their own, once', async () => {
  const e = await startHarness();
  try {
    const [seller] = await users(e, 'old_seller');
    const old = await addTrack(e, { submission_type: 'marketplace', submitted_by: seller.uid, preview_path: null, preview_start_time: 0 });
    await e.deps.storage.put(old.audio_path, await testClip(), 'audio/mpeg');
    // A listing as old data has it: made before previews, so without a preview link.
    const listing = await insertListing(e.deps, { track_id: old.id, price_tokens: 15, price_usd: 1.99, listing_type: 'basic', version_type: 'preview', accept_tokens: true, accept_cash_app: false });
    expect(listing.preview_url).toBeNull();
    await e.db.collection('marketplace_listings').doc(listing.id).update({ in_contest: FieldValue.delete() });

    // The seed runs the backfill first; the listing already there means it seeds nothing else.
    const said: string[] = [];
    await seedMarketplace(e.deps, (m) => said.push(m));
    expect(said).toEqual(['Made previews for 1 listed tracks']);
    const path = (await e.db.collection('tracks').doc(old.id).get()).get('preview_path') as string;
    expect(path).toMatch(/^previews\/[A-Za-z0-9_-]{24}\.mp3$/);
    const preview = (await e.deps.storage.get(path))!.data;
    expect(preview.equals(await testClip())).toBe(false);
    expect((await probeAudio(ffmpegInstaller.path, preview, 'mp3')).durationSeconds).toBeLessThanOrEqual(30);
    expect((await e.db.collection('marketplace_listings').doc(listing.id).get()).data()).toMatchObject({
      preview_url: `/api/marketplace/listings/${listing.id}/preview`,
      in_contest: false,
    });

    expect(await backfillListedPreviews(e.deps)).toBe(0);
    await seedMarketplace(e.deps, (m) => said.push(m));
    expect(said).toHaveLength(1);
    expect((await e.db.collection('tracks').doc(old.id).get()).get('preview_path')).toBe(path);
  } finally {
    await e.close();
  }
});
