import { FieldValue } from 'firebase-admin/firestore';
import { CMS_MSG } from '../../common/cms/cms-messages';
import { ORDER_MSG } from '../../common/marketplace/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueOrders } from '../../functions/src/orders/expire-orders';
import { sniffImage } from '../../functions/src/platform/media/media';
import { allDocs, makeAdmin, sseReader } from './contest-fixtures';
import { callWithDeps, ledgerInvariant, losingCommitAnswers, serveWithDeps, startHarness, type Harness } from './harness';
import { act, balanceOf, buy, listTrack, orderStatus, pdfText, PNG, setCashTag, setListing, uploadProof, users, type User } from './order-fixtures';
import { publicListings } from './listing-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

describe('buying with tokens', () => {
  it('debits the buyer, credits the seller, approves the order and grants the licence, once', async () => {
    const [seller, buyer] = await users(h, 'tk_seller', 'tk_buyer');
    const { track, listing } = await listTrack(h, seller);
    const res = await buy(h, buyer, listing.id);
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      listing_id: listing.id,
      track_id: track.id,
      buyer_id: buyer.uid,
      seller_id: seller.uid,
      status: 'APPROVED',
      method: 'TOKENS',
      amount_tokens: 15,
      amount_usd: null,
      cash_app_tag: null,
      title: track.title,
      artist_name: track.artist_name,
      buyer_username: 'tk_buyer',
      seller_username: 'tk_seller',
    });
    expect(res.body.order).not.toHaveProperty('proof_path');
    expect(await balanceOf(h, buyer.uid)).toBe(35);
    expect(await balanceOf(h, seller.uid)).toBe(65);
    const ledger = (await allDocs(h.db, 'token_ledger')).filter((e) => e.ref === res.body.order.id);
    expect(ledger.map((e) => [e.user_id, e.delta, e.reason]).sort()).toEqual(
      [
        [buyer.uid, -15, 'marketplace_purchase'],
        [seller.uid, 15, 'marketplace_sale'],
      ].sort(),
    );

    const again = await buy(h, buyer, listing.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You already own this licence');
    expect(await balanceOf(h, buyer.uid)).toBe(35);
  });

  it("refuses a balance below the price with the spec's texts, and writes nothing", async () => {
    const [seller, buyer] = await users(h, 'poor_seller', 'poor_buyer');
    const { listing } = await listTrack(h, seller, { price_tokens: 60 });
    const before = (await allDocs(h.db, 'orders')).length;
    const res = await buy(h, buyer, listing.id);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ message: 'Insufficient tokens', detail: 'You need 60 tokens but only have 50.' });
    expect((await allDocs(h.db, 'orders')).length).toBe(before);
    expect([await balanceOf(h, buyer.uid), await balanceOf(h, seller.uid)]).toEqual([50, 50]);
  });

  it('refuses a price the buyer saw that is no longer the listing’s (409, nothing charged), and sells at the one shown', async () => {
    const [seller, buyer] = await users(h, 'px_seller', 'px_buyer');
    const { listing } = await listTrack(h, seller, { price_tokens: 45, price_usd: 2.5, accept_cash_app: true });
    const order = (body: Record<string, unknown>) => h.call('POST', '/api/orders', { token: buyer.token, body: { listing_id: listing.id, ...body } });
    const before = (await allDocs(h.db, 'orders')).length;
    expect(await order({ method: 'TOKENS', price: 15 })).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: ORDER_MSG.priceChanged('45 tokens'), cost: 45 } } });
    expect(await order({ method: 'CASH_APP', price: 1.99 })).toMatchObject({ status: 409, body: { error: { code: 'price_changed', message: ORDER_MSG.priceChanged('$2.50'), cost: 2.5 } } });
    expect((await allDocs(h.db, 'orders')).length).toBe(before);
    expect(await balanceOf(h, buyer.uid)).toBe(50);
    expect((await order({ method: 'TOKENS', price: 45 })).status).toBe(201);
    expect(await balanceOf(h, buyer.uid)).toBe(5);
  });

  it('refuses your own listing, inactive or deleted listings, and a method the listing does not take', async () => {
    const [seller, buyer] = await users(h, 'rf_seller', 'rf_buyer');
    const own = await listTrack(h, seller);
    const ownRes = await buy(h, seller, own.listing.id);
    expect([ownRes.status, ownRes.body.error.message]).toEqual([400, 'You cannot buy your own listing']);

    const inactive = await listTrack(h, seller);
    await setListing(h, inactive.listing.id, { is_active: false });
    const inactiveRes = await buy(h, buyer, inactive.listing.id);
    expect([inactiveRes.status, inactiveRes.body.error.message]).toEqual([400, 'This listing is not available']);

    const deleted = await listTrack(h, seller);
    await setListing(h, deleted.listing.id, { _deleted: true });
    expect((await buy(h, buyer, deleted.listing.id)).status).toBe(400);
    expect((await buy(h, buyer, 'no_such_listing')).status).toBe(400);

    const cashOnly = await listTrack(h, seller, { accept_tokens: false, accept_cash_app: true });
    expect((await buy(h, buyer, cashOnly.listing.id)).body.error.message).toBe('This listing does not accept tokens');
    const tokensOnly = await listTrack(h, seller);
    expect((await buy(h, buyer, tokensOnly.listing.id, 'CASH_APP')).body.error.message).toBe('This listing does not accept Cash App');
    expect(await balanceOf(h, buyer.uid)).toBe(50);
  });

  it('refuses an account without a profile (made straight through Firebase Auth) with 404, and writes and mails nothing', async () => {
    const [seller] = await users(h, 'ghost_seller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const ghost = { uid: 'ghost_buyer_without_profile', token: 'test:ghost_buyer_without_profile' };
    const ordersBefore = (await h.db.collection('orders').get()).size;
    const mailBefore = (await h.db.collection('mail').get()).size;
    for (const method of ['CASH_APP', 'TOKENS'] as const) {
      const res = await buy(h, ghost, listing.id, method);
      expect(res).toMatchObject({ status: 404, body: { error: { message: 'Profile not found' } } });
    }
    expect((await h.db.collection('orders').get()).size).toBe(ordersBefore);
    expect((await h.db.collection('mail').get()).size).toBe(mailBefore);
  });

  it('takes a listing off sale while its track is rejected, and for good once it is deleted: inactive, not sold, not featured', async () => {
    const [seller, buyer, admin] = await users(h, 'off_seller', 'off_buyer', 'off_admin');
    await makeAdmin(h.db, admin.uid);
    const asAdmin = (path: string, body: unknown = {}) => h.call('POST', path, { token: admin.token, body });
    const publicIds = async () => (await publicListings(h)).map((l) => l.id);

    const rejected = await listTrack(h, seller, { accept_cash_app: true });
    await setCashTag(h, seller, '$OffSeller');
    expect((await asAdmin(`/api/cms/tracks/${rejected.track.id}/reject`)).status).toBe(200);
    expect((await h.db.collection('marketplace_listings').doc(rejected.listing.id).get()).get('is_active')).toBe(false);
    expect(await publicIds()).not.toContain(rejected.listing.id);
    for (const method of ['TOKENS', 'CASH_APP'] as const) {
      const res = await buy(h, buyer, rejected.listing.id, method);
      expect([res.status, res.body.error.message]).toEqual([400, 'This listing is not available']);
    }
    const feature = await h.call('POST', `/api/marketplace/listings/${rejected.listing.id}/feature`, { token: seller.token });
    expect([feature.status, feature.body.error.message]).toEqual([400, 'This listing is not available']);
    const reactivate = await asAdmin(`/api/marketplace/listings/${rejected.listing.id}/active`, { is_active: true });
    expect([reactivate.status, reactivate.body.error.message]).toEqual([400, 'Only approved tracks can be listed']);
    // Approved again, it is back on sale by itself, and it sells.
    expect((await asAdmin(`/api/cms/tracks/${rejected.track.id}/approve`)).status).toBe(200);
    expect(await publicIds()).toContain(rejected.listing.id);
    expect((await buy(h, buyer, rejected.listing.id)).status).toBe(201);
    // A listing the CMS set inactive stays inactive through a reject and an approve of its track.
    const paused = await listTrack(h, seller);
    expect((await asAdmin(`/api/marketplace/listings/${paused.listing.id}/active`, { is_active: false })).status).toBe(200);
    expect((await asAdmin(`/api/cms/tracks/${paused.track.id}/reject`)).status).toBe(200);
    expect((await asAdmin(`/api/cms/tracks/${paused.track.id}/approve`)).status).toBe(200);
    expect(await publicIds()).not.toContain(paused.listing.id);

    const deleted = await listTrack(h, seller);
    expect((await asAdmin(`/api/cms/tracks/${deleted.track.id}/delete`)).status).toBe(200);
    expect((await h.db.collection('marketplace_listings').doc(deleted.listing.id).get()).get('is_active')).toBe(false);
    expect(await publicIds()).not.toContain(deleted.listing.id);
    expect((await buy(h, buyer, deleted.listing.id)).body.error.message).toBe('This listing is not available');

    // Between a change and the refresh after it (or if that refresh failed), the order itself checks the track.
    const stale = await listTrack(h, seller);
    await h.db.collection('tracks').doc(stale.track.id).update({ status: 'rejected' });
    expect((await h.db.collection('marketplace_listings').doc(stale.listing.id).get()).get('is_active')).toBe(true);
    expect((await buy(h, buyer, stale.listing.id)).body.error.message).toBe('This listing is not available');

    expect(await balanceOf(h, buyer.uid)).toBe(50 - rejected.listing.price_tokens);
    expect(await balanceOf(h, seller.uid)).toBe(50 + rejected.listing.price_tokens);

    // A sold track cannot be deleted: its buyer keeps the download. Rejected, it is off sale.
    const sold = await listTrack(h, seller);
    const order = (await buy(h, buyer, sold.listing.id)).body.order;
    expect(await asAdmin(`/api/cms/tracks/${sold.track.id}/delete`)).toMatchObject({ status: 409, body: { error: { message: CMS_MSG.trackHasOrders } } });
    expect((await h.db.collection('tracks').doc(sold.track.id).get()).exists).toBe(true);
    expect((await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token })).status).toBe(200);
  });

  it('answers bad input and missing auth with 4xx, never 500', async () => {
    const [buyer] = await users(h, 'bad_buyer');
    const bodies: unknown[] = [{}, { listing_id: 5, method: 'TOKENS' }, { listing_id: 'x', method: 'GOLD' }, { listing_id: 'a/b', method: 'TOKENS' }, [], { listing_id: 'x', method: 'TOKENS', extra: 1 }];
    for (const body of bodies) expect((await h.call('POST', '/api/orders', { token: buyer.token, body })).status).toBe(400);
    expect((await h.call('POST', '/api/orders', { body: { listing_id: 'x', method: 'TOKENS' } })).status).toBe(401);
    expect((await h.call('POST', '/api/orders', { token: buyer.token, raw: '{"listing_id":' })).status).toBe(400);
    expect((await h.call('POST', '/api/orders', { token: buyer.token, body: { listing_id: 'x'.repeat(70_000), method: 'TOKENS' } })).status).toBe(413);
    expect((await h.call('GET', '/api/orders/nope', { token: buyer.token })).status).toBe(404);
    expect((await h.call('POST', '/api/orders/a%2Fb/approve', { token: buyer.token })).status).toBe(400);
  });

  it('downloads a licence whose long name would end in half an emoji, under a name cut to 150 characters', async () => {
    const [seller, buyer] = await users(h, 'emoji_seller', 'emoji_buyer');
    // "artist - title.mp3": the 150th UTF-16 unit is the emoji's first half.
    const { listing } = await listTrack(h, seller, { version_type: 'full' }, { artist_name: 'A'.repeat(100), title: `${'B'.repeat(46)}😀` });
    const order = (await buy(h, buyer, listing.id)).body.order;
    const dl = await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token });
    expect(dl.status).toBe(200);
    const file = await fetch(h.url(dl.body.url as string));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''${'A'.repeat(100)}%20-%20${'B'.repeat(43)}.mp3`);
  });

  it('gives the licensee a 3600 s download of the full track and a certificate PDF, and no one else', async () => {
    const [seller, buyer, stranger] = await users(h, 'lic_seller', 'lic_buyer', 'lic_stranger');
    const { track, listing } = await listTrack(h, seller, { listing_type: 'featured', version_type: 'full', price_tokens: 20 });
    const order = (await buy(h, buyer, listing.id)).body.order;

    const dl = await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token });
    expect(dl.status).toBe(200);
    expect(dl.body.expires_in).toBe(3600);
    const expires = Number(new URL(dl.body.url, 'http://x').searchParams.get('expires'));
    expect(expires - Math.floor(h.clock.now / 1000)).toBe(3600);
    h.clock.now = Date.now();
    const fresh = (await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token })).body.url as string;
    const file = await fetch(h.url(fresh));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename="${track.artist_name} - ${track.title}.mp3"`);
    expect(Buffer.from(await file.arrayBuffer()).equals((await h.deps.storage.get(track.audio_path))!.data)).toBe(true);

    const cert = await fetch(h.url(`/api/orders/${order.id}/certificate`), { headers: { Authorization: `Bearer ${buyer.token}` } });
    expect(cert.status).toBe(200);
    expect(cert.headers.get('content-type')).toBe('application/pdf');
    expect(cert.headers.get('content-disposition')).toContain(`licence-${order.id}.pdf`);
    const pdf = Buffer.from(await cert.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const part of ['Licence Certificate', '@lic_buyer', track.title, track.artist_name, 'Non-exclusive Featured licence, full version', '20 tokens', order.id, 'non-exclusive'])
      expect(text).toContain(part);

    for (const path of ['download', 'certificate']) {
      expect((await h.call('GET', `/api/orders/${order.id}/${path}`, { token: seller.token })).status).toBe(403);
      expect((await h.call('GET', `/api/orders/${order.id}/${path}`, { token: stranger.token })).status).toBe(404);
      expect((await h.call('GET', `/api/orders/${order.id}/${path}`)).status).toBe(401);
    }
  });

  it('gives a preview-version licensee the preview, not the original: cut once if the track has none yet', async () => {
    const [seller, buyer] = await users(h, 'prev_seller', 'prev_buyer');
    const { track, listing } = await listTrack(h, seller, { version_type: 'preview', price_tokens: 15 });
    // A track listed before previews were made at submission: no preview file yet.
    await h.db.collection('tracks').doc(track.id).update({ preview_path: FieldValue.delete() });
    const order = (await buy(h, buyer, listing.id)).body.order;

    const urls = await Promise.all([1, 2].map(async () => (await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token })).body.url as string));
    const previewPath = (await h.db.collection('tracks').doc(track.id).get()).get('preview_path') as string;
    expect(previewPath).toMatch(/./);
    const preview = (await h.deps.storage.get(previewPath))!.data;
    const original = (await h.deps.storage.get(track.audio_path))!.data;
    expect(preview.equals(original)).toBe(false);
    for (const url of urls) {
      const file = await fetch(h.url(url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(`filename="${track.artist_name} - ${track.title} (preview).mp3"`);
      // Two downloads at once store one preview, and both get it.
      expect(Buffer.from(await file.arrayBuffer()).equals(preview)).toBe(true);
    }
  });
});

describe('concurrency', () => {
  it('two purchases racing for a balance that covers one: exactly one succeeds', async () => {
    const [seller, buyer] = await users(h, 'race_seller', 'race_buyer');
    const a = await listTrack(h, seller, { price_tokens: 30 });
    const b = await listTrack(h, seller, { price_tokens: 30 });
    const results = await Promise.all([buy(h, buyer, a.listing.id), buy(h, buyer, b.listing.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(await balanceOf(h, buyer.uid)).toBe(20);
    expect(await balanceOf(h, seller.uid)).toBe(80);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('two buyers racing for one listing both get it; the seller is paid twice', async () => {
    const [seller, b1, b2] = await users(h, 'two_seller', 'two_b1', 'two_b2');
    const { listing } = await listTrack(h, seller);
    const results = await Promise.all([buy(h, b1, listing.id), buy(h, b2, listing.id)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect([await balanceOf(h, b1.uid), await balanceOf(h, b2.uid), await balanceOf(h, seller.uid)]).toEqual([35, 35, 80]);
  });

  it('the same purchase sent 10 times at once charges once', async () => {
    const [seller, buyer] = await users(h, 'ten_seller', 'ten_buyer');
    const { listing } = await listTrack(h, seller);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(h, buyer, listing.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await balanceOf(h, buyer.uid)).toBe(35);
    expect(await balanceOf(h, seller.uid)).toBe(65);
    expect((await allDocs(h.db, 'orders')).filter((o) => o.buyer_id === buyer.uid)).toHaveLength(1);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('with one Idempotency-Key, 10 concurrent sends all get the same order', async () => {
    const [seller, buyer] = await users(h, 'key_seller', 'key_buyer');
    const { listing } = await listTrack(h, seller);
    const headers = { 'Idempotency-Key': 'buy-once-1' };
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(h, buyer, listing.id, 'TOKENS', headers)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    expect(await balanceOf(h, buyer.uid)).toBe(35);
  });
});

describe('Cash App orders', () => {
  it.each(['rerun', 'fail'] as const)('a proof whose commit answer is lost (%s): 200, the order under review, its proof kept', async (mode) => {
    const [seller, buyer] = await users(h, `lost_seller_${mode}`, `lost_buyer_${mode}`);
    const { listing } = await listTrack(h, seller, { accept_cash_app: true, price_usd: 4.5 });
    await setCashTag(h, seller, '$LostSeller');
    const order = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const deps = { ...h.deps, db: losingCommitAnswers(h.db, 'orders', mode) };
    const proof = await serveWithDeps(deps, (base) => uploadProof(h, buyer, order.id, PNG, 'proof.png', base));
    expect(proof.status).toBe(200);
    expect(proof.body.order).toMatchObject({ status: 'UNDER_REVIEW', has_proof: true });
    const path = (await h.db.collection('orders').doc(order.id).get()).get('proof_path') as string;
    expect(await h.deps.storage.exists(path)).toBe(true);
  });

  it.each(['approve', 'reject'] as const)('a seller’s %s whose commit answer is lost (the SDK runs it again): 200 with the order as changed, not 409', async (action) => {
    const [seller, buyer] = await users(h, `lost_${action}_seller`, `lost_${action}_buyer`);
    const { listing } = await listTrack(h, seller, { accept_cash_app: true, price_usd: 3 });
    await setCashTag(h, seller, '$LostDecision');
    const order = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const deps = { ...h.deps, db: losingCommitAnswers(h.db, 'orders', 'rerun') };
    const res = await callWithDeps(deps, 'POST', `/api/orders/${order.id}/${action}`, { token: seller.token });
    const status = action === 'approve' ? 'APPROVED' : 'REJECTED';
    expect(res).toMatchObject({ status: 200, body: { order: { id: order.id, status } } });
    expect(await orderStatus(h, order.id)).toBe(status);
    // The step happened once: the buyer was mailed once about it, and it cannot be taken again.
    const mails = await h.db.collection('mail').where('toUids', 'array-contains', buyer.uid).get();
    const decided = `order_${action === 'approve' ? 'approved' : 'rejected'}`;
    expect(mails.docs.filter((d) => d.get('template.name') === decided)).toHaveLength(1);
    expect((await act(h, seller, order.id, action)).status).toBe(409);
  });

  it('runs from creation through proof to the seller’s approval, checking every step’s actor and status', async () => {
    const [seller, buyer, stranger] = await users(h, 'cash_seller', 'cash_buyer', 'cash_stranger');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true, price_usd: 4.5 });

    // A Cash App listing made before listings required the seller's tag.
    await h.db.collection('profiles').doc(seller.uid).update({ cash_app_tag: null });
    const untagged = await buy(h, buyer, listing.id, 'CASH_APP');
    expect([untagged.status, untagged.body.error.message]).toEqual([400, 'The seller has not set a Cash App tag yet']);
    expect((await setCashTag(h, seller, 'no-dollar')).status).toBe(400);
    expect((await setCashTag(h, seller, '$x'.padEnd(30, 'y'))).status).toBe(400);
    expect((await setCashTag(h, seller, '$CashSeller')).body).toEqual({ cash_app_tag: '$CashSeller' });

    const created = await buy(h, buyer, listing.id, 'CASH_APP');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cash_app_tag: '$CashSeller', amount_usd: 4.5, expires_at: new Date(h.clock.now + DAY).toISOString() });
    const order = created.body.order;
    expect(order).toMatchObject({ status: 'AWAITING_SELLER', method: 'CASH_APP', amount_usd: 4.5, amount_tokens: null, has_proof: false });
    expect((await buy(h, buyer, listing.id, 'CASH_APP')).body.error.message).toBe('You already have an open order for this listing');
    expect((await buy(h, buyer, listing.id, 'TOKENS')).status).toBe(409);

    // Only the buyer uploads proof; only images, at most 5 MB; nothing is written otherwise.
    expect((await uploadProof(h, seller, order.id)).status).toBe(403);
    expect((await uploadProof(h, stranger, order.id)).status).toBe(404);
    const text = await uploadProof(h, buyer, order.id, Buffer.from('not an image at all, just text'), 'proof.png');
    expect([text.status, text.body.error.message]).toEqual([400, 'Payment proof must be a PNG, JPEG, WebP or GIF image']);
    const huge = await uploadProof(h, buyer, order.id, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect([huge.status, huge.body.error.message]).toEqual([413, 'Payment proof must be at most 5 MB']);
    expect(await orderStatus(h, order.id)).toBe('AWAITING_SELLER');
    // Only the seller approves.
    expect((await act(h, buyer, order.id, 'approve')).status).toBe(403);
    expect((await act(h, stranger, order.id, 'approve')).status).toBe(404);

    const proof = await uploadProof(h, buyer, order.id);
    expect(proof.status).toBe(200);
    expect(proof.body.order).toMatchObject({ status: 'UNDER_REVIEW', has_proof: true });
    expect((await uploadProof(h, buyer, order.id)).status).toBe(409);
    const view = await h.call('GET', `/api/orders/${order.id}/proof`, { token: seller.token });
    h.clock.now = Date.now();
    const image = await fetch(h.url((await h.call('GET', `/api/orders/${order.id}/proof`, { token: seller.token })).body.url));
    expect(view.status).toBe(200);
    // Stored re-encoded (no metadata): still a PNG image, not the uploaded bytes.
    expect(sniffImage(Buffer.from(await image.arrayBuffer()))).toBe('png');

    expect((await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token })).status).toBe(403);
    const approved = await act(h, seller, order.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.order.status).toBe('APPROVED');
    expect((await act(h, seller, order.id, 'approve')).status).toBe(409);
    expect((await act(h, seller, order.id, 'reject')).status).toBe(409);
    expect((await h.call('GET', `/api/orders/${order.id}/download`, { token: buyer.token })).status).toBe(200);
    expect((await buy(h, buyer, listing.id, 'CASH_APP')).body.error.message).toBe('You already own this licence');
    // Cash is paid outside the app: no tokens move.
    expect([await balanceOf(h, buyer.uid), await balanceOf(h, seller.uid)]).toEqual([50, 50]);
  });

  it('the seller may approve straight from AWAITING_SELLER, or reject (which frees the buyer to order again)', async () => {
    const [seller, buyer] = await users(h, 'rej_seller', 'rej_buyer');
    await setCashTag(h, seller, '$RejSeller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const first = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    expect((await act(h, seller, first.id, 'reject')).body.order.status).toBe('REJECTED');
    expect((await uploadProof(h, buyer, first.id)).status).toBe(409);
    const second = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    expect((await act(h, seller, second.id, 'approve')).body.order.status).toBe('APPROVED');
  });

  it('expires unpaid orders past the deadline, on read and by the sweep; app_config sets the deadline', async () => {
    const [seller, buyer, other] = await users(h, 'exp_seller', 'exp_buyer', 'exp_other');
    await setCashTag(h, seller, '$ExpSeller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const start = h.clock.now;
    const order = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const swept = (await buy(h, other, listing.id, 'CASH_APP')).body.order;

    h.clock.now = start + DAY - 1000;
    expect((await h.call('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.order.status).toBe('AWAITING_SELLER');
    h.clock.now = start + DAY + 1000;
    expect((await h.call('GET', `/api/orders/${order.id}`, { token: buyer.token })).body.order.status).toBe('EXPIRED');
    const late = await uploadProof(h, buyer, order.id);
    expect([late.status, late.body.error.message]).toEqual([409, 'This order is expired']);
    expect(await expireDueOrders(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(h, swept.id)).toBe('EXPIRED');
    // An expired order frees the listing for a new one.
    const again = await buy(h, buyer, listing.id, 'CASH_APP');
    expect(again.status).toBe(201);

    await h.db.collection('app_config').doc('1').set({ data: { orders: { cash_expiry_hours: 2 } } }, { merge: true });
    const short = await buy(h, other, listing.id, 'CASH_APP');
    expect(short.body.expires_at).toBe(new Date(h.clock.now + 2 * 3_600_000).toISOString());
    await h.db.collection('app_config').doc('1').set({ data: { orders: { cash_expiry_hours: 24 } } }, { merge: true });
    h.clock.now = start;
  });

  it('a new purchase ends the buyer’s overdue cash order for the same listing in its own transaction', async () => {
    const [seller, buyer] = await users(h, 'due_seller', 'due_buyer');
    await setCashTag(h, seller, '$DueSeller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const saved = h.clock.now;
    const old = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    h.clock.now = saved + DAY;
    const bought = await buy(h, buyer, listing.id, 'TOKENS');
    expect(bought.status).toBe(201);
    expect(await orderStatus(h, old.id)).toBe('EXPIRED');
    h.clock.now = saved;
  });

  it.each([
    ['', (seller: User, orderId: string) => act(h, seller, orderId, 'approve')],
    [
      ', also when its commit answer is lost (the SDK runs it again)',
      (seller: User, orderId: string) =>
        callWithDeps({ ...h.deps, db: losingCommitAnswers(h.db, 'orders', 'rerun') }, 'POST', `/api/orders/${orderId}/approve`, { token: seller.token }),
    ],
  ] as const)('an order past its deadline is refused to the seller too, as expired%s', async (lost, approve) => {
    const tag = lost ? 'lost' : 'plain';
    const [seller, buyer] = await users(h, `exp2_${tag}_seller`, `exp2_${tag}_buyer`);
    await setCashTag(h, seller, lost ? '$ExpLost' : '$ExpTwo');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const order = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const saved = h.clock.now;
    h.clock.now = saved + 2 * DAY;
    const res = await approve(seller, order.id);
    expect([res.status, res.body.error.message]).toEqual([409, 'This order has expired']);
    expect(await orderStatus(h, order.id)).toBe('EXPIRED');
    h.clock.now = saved;
  });
});

describe('who sees orders', () => {
  it("replicates an order to its buyer and its seller only: another user's orders never reach them", async () => {
    const [seller, buyer, stranger] = await users(h, 'vis_seller', 'vis_buyer', 'vis_stranger');
    await setCashTag(h, seller, '$VisSeller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });

    const pull = async (u: { token: string }) => (await h.call('GET', '/api/sync/orders/pull?limit=200', { token: u.token })).body.documents as any[];
    const streamOf = async (token: string) => {
      const res = await fetch(h.url('/api/sync/stream?collections=orders'), { headers: { Authorization: `Bearer ${token}` } });
      const reader = sseReader<any>(res.body!);
      await reader.next(); // RESYNC
      return reader;
    };
    const [buyerStream, strangerStream] = await Promise.all([streamOf(buyer.token), streamOf(stranger.token)]);

    const order = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const live = await buyerStream.until((e) => e.collection === 'orders');
    expect(live.documents.map((d: any) => d.id)).toContain(order.id);
    await uploadProof(h, buyer, order.id);

    const [sellerDocs, buyerDocs, strangerDocs] = [await pull(seller), await pull(buyer), await pull(stranger)];
    expect(sellerDocs.map((d) => d.id)).toEqual([order.id]);
    expect(buyerDocs.map((d) => d.id)).toEqual([order.id]);
    expect(strangerDocs).toEqual([]);
    expect(buyerDocs[0]).toMatchObject({ status: 'UNDER_REVIEW', has_proof: true, cash_app_tag: '$VisSeller' });
    expect(buyerDocs[0]).not.toHaveProperty('proof_path');
    expect(buyerDocs[0]).not.toHaveProperty('party_ids');
    expect(strangerStream.raw()).not.toContain(order.id);
    expect((await h.call('GET', '/api/sync/orders/pull')).body.documents).toEqual([]);
  });
});
