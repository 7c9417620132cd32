import 'fake-indexeddb/auto';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { getDatabase, resetPerUserCollections } from './database';
import { listingSchema, voteSchema, type ListingDoc } from './schemas';

const LISTING: ListingDoc = {
  id: 'l1',
  track_id: 't1',
  price_tokens: 15,
  price_usd: 1.99,
  listing_type: 'basic',
  version_type: 'preview',
  accept_tokens: true,
  accept_cash_app: false,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  title: 'Song',
  artist_name: 'Mara',
  genre: 'Pop',
  song_type: null,
  cover_art_url: null,
  preview_url: null,
  fool_rate: null,
  in_contest: false,
  updatedAt: 1,
};

describe('getDatabase', () => {
  it("migrates votes stored under schema version 0 (before the reveal's others and the rating), beside the account collections RxDB no longer keeps", async () => {
    const { others: _others, ...v0Reveal } = voteSchema.properties.reveal.properties as Record<string, unknown>;
    const { rating: _rating, ...v0Properties } = voteSchema.properties as Record<string, unknown> & { reveal: typeof voteSchema.properties.reveal };
    const v0Vote = { ...voteSchema, version: 0, properties: { ...v0Properties, reveal: { ...voteSchema.properties.reveal, properties: v0Reveal } }, required: (voteSchema.required ?? []).filter((k) => k !== 'rating') };
    const old = await createRxDatabase({ name: 'foolrate', storage: getRxStorageDexie(), multiInstance: false });
    // A device from before the account feed kept the profile in RxDB too.
    const profileV0 = { version: 0, primaryKey: 'id', type: 'object', properties: { id: { type: 'string', maxLength: 128 }, username: { type: 'string' }, updatedAt: { type: 'number' } }, required: ['id'] };
    const { profiles, votes } = await old.addCollections({
      profiles: { schema: profileV0 as never },
      votes: { schema: v0Vote as never },
    });
    await profiles.insert({ id: 'u1', username: 'mara', updatedAt: 1 });
    const reveal = { title: 'T', artist_name: 'A', song_type: 'ai', cover_art_url: null, hybrid_ai_elements: [], hybrid_human_elements: [], hybrid_tools_used: [], creation_story: null };
    const vote = { id: 'v1', session_id: 's1', clip_id: 'c1', guess: 'ai', created_at: '2026-01-01T00:00:00.000Z', status: 'scored', is_correct: true, reveal, error: null, updatedAt: 1 };
    await votes.insert(vote);
    await old.close();

    const db = await getDatabase();
    expect((await db.votes.findOne('v1').exec())?.toJSON()).toMatchObject(vote);
    // Version 2 added the rating: a vote stored before it has none.
    expect((await db.votes.findOne('v1').exec())?.toJSON().rating).toBeNull();
    expect(db.orders).toBeDefined();
    expect(db.marketplace_listings).toBeDefined();
  });

  it("empties the previous user's orders when another user signs in", async () => {
    const db = await getDatabase();
    await db.orders.insert({
      id: 'o1',
      listing_id: 'l1',
      track_id: 't1',
      buyer_id: 'u1',
      seller_id: 'u2',
      status: 'APPROVED',
      method: 'TOKENS',
      amount_tokens: 15,
      amount_usd: null,
      cash_app_tag: null,
      expires_at: null,
      has_proof: false,
      created_at: '2026-01-01T00:00:00Z',
      title: 'Song',
      artist_name: 'Mara',
      cover_art_url: null,
      listing_type: 'basic',
      version_type: 'preview',
      buyer_username: 'ben',
      seller_username: 'mara',
      updatedAt: 1,
    });
    await db.marketplace_listings.insert(LISTING);
    await resetPerUserCollections(db);
    expect(await db.orders.count().exec()).toBe(0);
    // Public listings stay cached for whoever uses the device.
    expect(await db.marketplace_listings.count().exec()).toBe(1);
    await db.close();
  });

  it('opens a collection whose stored schema hash differs from its own when the content is the same (keys ordered by another comparator: the build orders them by code units, localeCompare by locale), and refuses another schema', async () => {
    const open = (hash: string) =>
      createRxDatabase({ name: 'hash-order', storage: getRxStorageDexie(), multiInstance: false, hashFunction: async (input) => `${hash}${String(input).length}` });
    const before = await open('order-a');
    await (await before.addCollections({ marketplace_listings: { schema: listingSchema } })).marketplace_listings.insert(LISTING);
    await before.close();
    const after = await open('order-b');
    const { marketplace_listings } = await after.addCollections({ marketplace_listings: { schema: listingSchema } });
    expect((await marketplace_listings.findOne(LISTING.id).exec())?.toJSON()).toMatchObject(LISTING);
    await after.close();
    // What it compares is the content: another schema at the same version is refused.
    const changed = await open('order-c');
    const extra = { ...listingSchema, properties: { ...listingSchema.properties, extra: { type: 'string' } } };
    await expect(changed.addCollections({ marketplace_listings: { schema: extra as never } })).rejects.toMatchObject({ code: 'DB6' });
    await changed.close();
  });
});
