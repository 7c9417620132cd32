import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedMarketplace } from '../../scripts/lib/seed-marketplace';
import { addTrack, allDocs } from './contest-fixtures';
import { ledgerInvariant, startHarness, type Harness } from './harness';
import { users } from './order-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('seeds two listings and orders in every state through the real order steps, once', async () => {
  const [artist] = await users(h, 'artist', 'listener', 'nova', 'pixel', 'reed', 'sage', 'tempo');
  for (const title of ['Sunday Market Groove', 'Skyline Licensing Loop']) await addTrack(h, { title, submission_type: 'marketplace', submitted_by: artist.uid });
  h.clock.now = Date.now();
  const said: string[] = [];
  await seedMarketplace(h.deps, (m) => said.push(m));
  await seedMarketplace(h.deps, (m) => said.push(m));
  expect(said).toHaveLength(1);

  const listings = await allDocs(h.db, 'marketplace_listings');
  expect(listings.map((l) => l.listing_type).sort()).toEqual(['basic', 'featured']);
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
