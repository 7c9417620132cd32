import { randomUUID } from 'node:crypto';
import { ALREADY_LISTED, NO_PAYMENT_METHOD, NO_SELLER_CASH_TAG } from '../../common/marketplace/marketplace-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { addTrack, allDocs, makeAdmin, testClip, testPreview } from './contest-fixtures';

/** Marketplace tracks are the listable ones (contest tracks stay blind). */
const addListable: typeof addTrack = (h, over = {}) => addTrack(h, { submission_type: 'marketplace', ...over });
import { signUp, startHarness, type Harness } from './harness';
import { publicListings } from './listing-fixtures';

let h: Harness;
let admin: { uid: string; token: string };
let plain: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  admin = await signUp(h, 'mkt_admin');
  plain = await signUp(h, 'mkt_plain');
  await makeAdmin(h.db, admin.uid);
});
afterAll(() => h.close());

const create = (body: unknown, token = admin.token) => h.call('POST', '/api/marketplace/listings', { token, body });
const publicList = async () => (await publicListings(h)) as Array<Record<string, any>>;

describe('marketplace listings', () => {
  it('creates a listing with the spec defaults and the track info', async () => {
    const track = await addListable(h, {
      song_type: 'hybrid',
      genre: 'Jazz',
      submitted_by: plain.uid,
    });
    const res = await create({ track_id: track.id });
    expect(res.status).toBe(201);
    expect(res.body.listing).toMatchObject({
      track_id: track.id,
      price_tokens: 15,
      price_usd: 1.99,
      listing_type: 'basic',
      version_type: 'preview',
      accept_tokens: true,
      accept_cash_app: false,
      is_active: true,
      title: track.title,
      artist_name: track.artist_name,
      genre: 'Jazz',
      song_type: 'hybrid',
      cover_art_url: track.cover_art_url,
      // Never voted on: no fool rate to show.
      fool_rate: null,
      in_contest: false,
    });
    expect(res.body.listing.preview_url).toBe(`/api/marketplace/listings/${res.body.listing.id}/preview`);
    expect(res.body.listing).not.toHaveProperty('seller_id');
    const stored = (await h.db.collection('marketplace_listings').doc(res.body.listing.id).get()).data();
    expect(stored).toMatchObject({ seller_id: plain.uid, _deleted: false });
    expect((await publicList()).map((l) => l.id)).toContain(res.body.listing.id);
  });

  it("rejects a create without a track with 'Please select a track.'", async () => {
    for (const body of [{}, { track_id: '' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Please select a track.');
    }
  });

  it('refuses unknown, pending and malformed tracks, and bad fields', async () => {
    const pending = await addListable(h, { status: 'pending' });
    expect((await create({ track_id: 'nope' })).status).toBe(404);
    expect((await create({ track_id: pending.id })).status).toBe(400);
    expect((await create({ track_id: 'a/b' })).status).toBe(400);
    const contest = await addTrack(h, { submission_type: 'contest', audio_path: `originals/${randomUUID()}.mp3` });
    const blind = await create({ track_id: contest.id });
    expect(blind.status).toBe(400);
    expect(blind.body.error.message).toBe('Only marketplace tracks can be listed');
    const ok = await addListable(h);
    expect((await create({ track_id: ok.id, price_tokens: -1 })).status).toBe(400);
    expect((await create({ track_id: ok.id, price_tokens: 1.5 })).status).toBe(400);
    expect((await create({ track_id: ok.id, listing_type: 'gold' })).status).toBe(400);
    // A listing nobody could pay for: refused on create, and an edit cannot turn the last method off.
    expect(await create({ track_id: ok.id, accept_tokens: false, accept_cash_app: false })).toMatchObject({ status: 400, body: { error: { message: NO_PAYMENT_METHOD } } });
    const listed = (await create({ track_id: ok.id })).body.listing as { id: string; accept_cash_app: boolean };
    expect(listed.accept_cash_app).toBe(false);
    const off = await h.call('POST', `/api/marketplace/listings/${listed.id}`, { token: admin.token, body: { accept_tokens: false } });
    expect(off).toMatchObject({ status: 400, body: { error: { message: NO_PAYMENT_METHOD } } });
    expect((await h.db.collection('marketplace_listings').doc(listed.id).get()).get('accept_tokens')).toBe(true);
  });

  it('lists a track once: a second listing is refused (also 8 at once), the picker leaves it out, and after a delete it may be listed again', async () => {
    const track = await addListable(h);
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ track_id: track.id })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: { message: ALREADY_LISTED } } });
    const live = (await h.db.collection('marketplace_listings').where('track_id', '==', track.id).get()).docs;
    expect(live).toHaveLength(1);
    const picker = async () => ((await h.call('GET', '/api/marketplace/eligible-tracks', { token: admin.token })).body.tracks as Array<{ id: string }>).map((t) => t.id);
    expect(await picker()).not.toContain(track.id);
    expect((await h.call('POST', `/api/marketplace/listings/${live[0]!.id}/delete`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await picker()).toContain(track.id);
    expect((await create({ track_id: track.id })).status).toBe(201);
  });

  it('is admin-only: 401 signed out, 403 for users, nothing written', async () => {
    const track = await addListable(h);
    const before = (await allDocs(h.db, 'marketplace_listings')).length;
    expect(
      (
        await h.call('POST', '/api/marketplace/listings', {
          body: { track_id: track.id },
        })
      ).status,
    ).toBe(401);
    const res = await create({ track_id: track.id }, plain.token);
    expect(res.status).toBe(403);
    expect((await allDocs(h.db, 'marketplace_listings')).length).toBe(before);
    expect(
      (
        await h.call('GET', '/api/marketplace/eligible-tracks', {
          token: plain.token,
        })
      ).status,
    ).toBe(403);
  });

  it('offers Cash App only for a seller with a Cash App tag, on create and on edit; nothing is written otherwise', async () => {
    const seller = await signUp(h, 'mkt_untagged');
    const track = await addListable(h, { submitted_by: seller.uid });
    const before = await allDocs(h.db, 'marketplace_listings');
    const refused = await create({ track_id: track.id, accept_cash_app: true });
    expect([refused.status, refused.body.error.message]).toEqual([400, NO_SELLER_CASH_TAG]);
    expect(await allDocs(h.db, 'marketplace_listings')).toEqual(before);

    const id = (await create({ track_id: track.id })).body.listing.id as string;
    const edit = () => h.call('POST', `/api/marketplace/listings/${id}`, { token: admin.token, body: { accept_cash_app: true } });
    const untagged = await edit();
    expect([untagged.status, untagged.body.error.message]).toEqual([400, NO_SELLER_CASH_TAG]);
    expect((await publicList()).find((l) => l.id === id)?.accept_cash_app).toBe(false);

    expect((await h.call('POST', '/api/accounts/cash-app-tag', { token: seller.token, body: { cash_app_tag: '$Untagged' } })).status).toBe(200);
    expect((await edit()).body.listing.accept_cash_app).toBe(true);
  });

  it('edits, toggles and deletes; pulls carry every listing, including inactive and deleted ones', async () => {
    const track = await addListable(h);
    await h.db.collection('profiles').doc(track.submitted_by).set({ cash_app_tag: '$Someone' }, { merge: true });
    const id = (await create({ track_id: track.id })).body.listing.id as string;
    const edit = await h.call('POST', `/api/marketplace/listings/${id}`, {
      token: admin.token,
      body: {
        price_tokens: 45,
        price_usd: 4.999,
        listing_type: 'featured',
        accept_cash_app: true,
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.listing).toMatchObject({
      price_tokens: 45,
      price_usd: 5,
      listing_type: 'featured',
      accept_cash_app: true,
      accept_tokens: true,
    });

    const off = await h.call('POST', `/api/marketplace/listings/${id}/active`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(off.body.listing.is_active).toBe(false);
    expect((await publicList()).map((l) => l.id)).not.toContain(id);
    const all = await h.call('GET', '/api/marketplace/listings/all', {
      token: admin.token,
    });
    expect(all.body.listings.find((l: { id: string }) => l.id === id)?.is_active).toBe(false);
    expect(
      (
        await h.call('GET', '/api/marketplace/listings/all', {
          token: plain.token,
        })
      ).status,
    ).toBe(403);

    const pulled = (await h.call('GET', '/api/sync/marketplace_listings/pull?limit=200')).body.documents as Array<Record<string, any>>;
    const doc = pulled.find((d) => d.id === id);
    expect(doc).toMatchObject({
      is_active: false,
      price_tokens: 45,
      _deleted: false,
      title: track.title,
    });
    expect(doc).not.toHaveProperty('seller_id');

    expect(
      (
        await h.call('POST', `/api/marketplace/listings/${id}/delete`, {
          token: admin.token,
          body: {},
        })
      ).status,
    ).toBe(200);
    const after = (await h.call('GET', '/api/sync/marketplace_listings/pull?limit=200')).body.documents as Array<Record<string, any>>;
    expect(after.find((d) => d.id === id)?._deleted).toBe(true);
    const allAfter = (
      await h.call('GET', '/api/marketplace/listings/all', {
        token: admin.token,
      })
    ).body.listings as Array<{ id: string }>;
    expect(allAfter.map((l) => l.id)).not.toContain(id);
    expect(
      (
        await h.call('POST', `/api/marketplace/listings/${id}`, {
          token: admin.token,
          body: { price_tokens: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it('lists active listings newest first and offers approved tracks without a listing to the CMS', async () => {
    const a = await addListable(h);
    const b = await addListable(h);
    const unlisted = await addListable(h);
    const first = (await create({ track_id: a.id })).body.listing.id as string;
    h.clock.now += 1000;
    const second = (await create({ track_id: b.id })).body.listing.id as string;
    const ids = (await publicList()).map((l) => l.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const eligible = await h.call('GET', '/api/marketplace/eligible-tracks', {
      token: admin.token,
    });
    expect(eligible.body.tracks).toContainEqual({
      id: unlisted.id,
      title: unlisted.title,
      artist_name: unlisted.artist_name,
    });
    expect(eligible.body.tracks.map((t: { id: string }) => t.id)).not.toContain(a.id);
  });

  it('answers 400 for bad ids and bodies', async () => {
    const token = admin.token;
    expect(
      (
        await h.call('POST', '/api/marketplace/listings/a%2Fb', {
          token,
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call('POST', '/api/marketplace/listings/x/active', {
          token,
          body: { is_active: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call('POST', '/api/marketplace/listings/x/active', {
          token,
          body: { is_active: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/api/marketplace/listings/x', {
          token,
          body: { bogus: 1 },
        })
      ).status,
    ).toBe(400);
    // An edit that changes nothing is refused and leaves the listing untouched (no re-sync for every device).
    const listing = (await create({ track_id: (await addListable(h)).id })).body.listing;
    const stamp = async () => ((await h.db.collection('marketplace_listings').doc(listing.id).get()).get('updatedAt') as { toMillis(): number }).toMillis();
    const before = await stamp();
    for (const body of [{}, []]) {
      const res = await h.call('POST', `/api/marketplace/listings/${listing.id}`, { token, body });
      expect([res.status, res.body.error.message]).toEqual([400, 'No fields to update']);
    }
    expect(await stamp()).toBe(before);
  });

  it("hides a both-routes track's type and fool rate while its contest twin is pending or approved, and shows the twin's fool rate once it is retired", async () => {
    const contest = await addTrack(h, { submission_type: 'contest', status: 'pending', song_type: 'ai', audio_path: `originals/${randomUUID()}.mp3` });
    const twin = await addListable(h, { audio_path: contest.audio_path, song_type: 'ai', title: 'Twin Song', artist_name: 'Twin Artist' });
    await h.db.collection('track_stats').doc(contest.id).update({ fool_rate: 62.5, total_votes: 8, correct_guesses: 3, incorrect_guesses: 5 });
    const listing = (await create({ track_id: twin.id })).body.listing;
    const hidden = { song_type: null, fool_rate: null, in_contest: true, title: 'Twin Song' };
    expect(listing).toMatchObject(hidden);
    const pulled = async () => ((await h.call('GET', '/api/sync/marketplace_listings/pull?limit=200')).body.documents as Array<Record<string, unknown>>).find((d) => d.id === listing.id);
    const shown = async () => (await publicList()).find((l) => l.id === listing.id);
    const moderate = async (action: 'approve' | 'reject' | 'delete') =>
      expect((await h.call('POST', `/api/cms/tracks/${contest.id}/${action}`, { token: admin.token, body: {} })).status).toBe(200);

    await moderate('approve');
    await refreshLeaderboardSummary(h.deps);
    expect(await shown()).toMatchObject(hidden);
    expect(await pulled()).toMatchObject(hidden);
    for (const text of [JSON.stringify(await publicList()), JSON.stringify(await pulled())]) {
      expect(text).not.toContain(contest.id);
      expect(text).not.toContain(contest.clip_id);
      expect(text).not.toContain('62.5');
    }

    // Rejected: out of the contest, so the listing shows the type and the twin's fool rate at once.
    await moderate('reject');
    const revealed = { song_type: 'ai', fool_rate: 62.5, in_contest: false };
    expect(await shown()).toMatchObject(revealed);
    expect(await pulled()).toMatchObject(revealed);
    expect(JSON.stringify(await publicList())).not.toContain(contest.id);

    // Back in the contest through the editor, then deleted: the votes went with it.
    expect((await h.call('POST', `/api/cms/tracks/${contest.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    expect(await shown()).toMatchObject(hidden);
    await moderate('delete');
    expect(await shown()).toMatchObject({ song_type: 'ai', fool_rate: null, in_contest: false });
  });

  it('keeps a listing in step with its track: a CMS edit shows at once, and the preview link always plays the preview', async () => {
    const track = await addListable(h);
    await h.deps.storage.put(track.audio_path, Buffer.from('ID3 full original audio'), 'audio/mpeg');
    const listing = (await create({ track_id: track.id })).body.listing;
    expect(listing.preview_url).toBe(`/api/marketplace/listings/${listing.id}/preview`);

    const edit = await h.call('POST', `/api/cms/tracks/${track.id}`, { token: admin.token, body: { title: 'Renamed Song', cover_art_url: '/placeholders/cover-07.jpg' } });
    expect(edit.status).toBe(200);
    expect((await publicList()).find((l) => l.id === listing.id)).toMatchObject({ title: 'Renamed Song', cover_art_url: '/placeholders/cover-07.jpg' });

    // Long after the listing was made, the preview still redirects to a fresh signed URL of the preview file.
    const saved = h.clock.now;
    h.clock.now = Date.now() + 30 * 86_400_000;
    const redirect = await fetch(h.url(listing.preview_url), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    h.clock.now = Date.now();
    const location = (await fetch(h.url(listing.preview_url), { redirect: 'manual' })).headers.get('location')!;
    expect(location).toMatch(/^\/api\/files\/previews\/[^/]+\.mp3\?expires=\d+&sig=/);
    expect(location).not.toContain(track.audio_path);
    expect(location).not.toContain(track.clip_id);
    const audio = await fetch(h.url(listing.preview_url));
    expect(audio.status).toBe(200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.equals(await testPreview())).toBe(true);
    expect(bytes.equals(await testClip())).toBe(false);
    expect(bytes.toString()).not.toBe('ID3 full original audio');
    h.clock.now = saved;
    expect((await h.call('GET', '/api/marketplace/listings/nope/preview')).status).toBe(404);
  });

  it('serves no preview for an inactive or deleted listing, an unapproved track, or a track without a preview file', async () => {
    const previewStatus = async (id: string) => (await fetch(h.url(`/api/marketplace/listings/${id}/preview`), { redirect: 'manual' })).status;
    const track = await addListable(h);
    const listing = (await create({ track_id: track.id })).body.listing;
    expect(await previewStatus(listing.id)).toBe(302);
    expect((await h.call('POST', `/api/marketplace/listings/${listing.id}/active`, { token: admin.token, body: { is_active: false } })).status).toBe(200);
    expect(await previewStatus(listing.id)).toBe(404);
    expect((await h.call('POST', `/api/marketplace/listings/${listing.id}/active`, { token: admin.token, body: { is_active: true } })).status).toBe(200);
    expect(await previewStatus(listing.id)).toBe(302);

    // A rejected track's listing is off sale (orders.test.ts) until the track is approved again.
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await previewStatus(listing.id)).toBe(404);
    expect((await publicList()).find((l) => l.id === listing.id)).toBeUndefined();
    expect((await h.call('POST', `/api/cms/tracks/${track.id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await publicList()).find((l) => l.id === listing.id)).toMatchObject({ preview_url: `/api/marketplace/listings/${listing.id}/preview` });
    expect(await previewStatus(listing.id)).toBe(302);
    expect((await h.call('POST', `/api/marketplace/listings/${listing.id}/delete`, { token: admin.token })).status).toBe(200);
    expect(await previewStatus(listing.id)).toBe(404);

    // Stored before previews existed: no preview link, and the route does not fall back to the original.
    const old = await addListable(h, { preview_path: null });
    await h.deps.storage.put(old.audio_path, await testClip(), 'audio/mpeg');
    const oldListing = (await create({ track_id: old.id })).body.listing;
    expect(oldListing.preview_url).toBeNull();
    expect(await previewStatus(oldListing.id)).toBe(404);
  });
});

describe('the audit log of listings', () => {
  it('records who created, edited, took off sale and deleted a listing, with what changed, against its seller', async () => {
    const track = await addListable(h, { title: 'Audited Listing Song', submitted_by: plain.uid });
    // A second between steps: the entries are ordered by their time (a query without an order answers by id, as Firestore does).
    const id = (await create({ track_id: track.id, price_tokens: 20 })).body.listing.id as string;
    h.clock.now += 1000;
    expect((await h.call('POST', `/api/marketplace/listings/${id}`, { token: admin.token, body: { price_tokens: 35 } })).status).toBe(200);
    h.clock.now += 1000;
    expect((await h.call('POST', `/api/marketplace/listings/${id}/active`, { token: admin.token, body: { is_active: false } })).status).toBe(200);
    h.clock.now += 1000;
    expect((await h.call('POST', `/api/marketplace/listings/${id}/delete`, { token: admin.token, body: {} })).status).toBe(200);
    // A refused change records nothing.
    expect((await h.call('POST', `/api/marketplace/listings/${id}`, { token: admin.token, body: { price_tokens: 1 } })).status).toBe(404);

    const entries = (await h.db.collection('audit_log').get()).docs
      .map((d) => d.data())
      .filter((e) => [e.before?.listing, e.after?.listing].includes('Audited Listing Song'))
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    expect(entries.map((e) => [e.action, e.actor_id, e.target_user_id])).toEqual([
      ['listing.create', admin.uid, plain.uid],
      ['listing.edit', admin.uid, plain.uid],
      ['listing.edit', admin.uid, plain.uid],
      ['listing.delete', admin.uid, plain.uid],
    ]);
    expect(entries[0]).toMatchObject({ before: null, after: { listing: 'Audited Listing Song', track_id: track.id, price_tokens: 20 } });
    expect(entries[1]).toMatchObject({ before: { listing: 'Audited Listing Song', price_tokens: 20 }, after: { listing: 'Audited Listing Song', price_tokens: 35 } });
    expect(entries[2]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    expect(entries[3]).toMatchObject({ before: { listing: 'Audited Listing Song', price_tokens: 35, is_active: false }, after: null });
  });
});
