import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MSG } from '../../common/messages';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';
import { balanceOf, buy, listTrack, users } from './order-fixtures';

/**
 * Spending needs a verified address (docs/security.md, Farm tokens with sign-ups): a new account
 * sees its grants arrive, but every debit waits for Firebase's verification link, except tokens
 * it bought by card.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const ledgerOf = async (uid: string) =>
  (await h.db.collection('token_ledger').where('user_id', '==', uid).get()).docs.map((d) => d.data() as { delta: number; reason: string });
const ordersOf = async (uid: string) => (await h.db.collection('orders').where('buyer_id', '==', uid).get()).size;

/** Follows the verification link and tells the API, as /welcome does. */
async function verify(user: { uid: string; token: string }) {
  h.auth.verifyEmail(user.uid);
  expect((await h.call('POST', '/api/accounts/email-verified', { token: user.token, body: {} })).status).toBe(200);
}

async function expectLedgerHolds() {
  const rows = await ledgerInvariant(h.db);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.balance).toBe(row.sum);
}

const refusal = { status: 403, body: { error: { code: 'email_unverified', message: VERIFY_MSG.spendNeedsVerified, detail: VERIFY_MSG.spendNeedsVerifiedDetail } } };

describe('an account whose address is not verified', () => {
  it('gets its grants, but a licence bought with them is refused with nothing written until it verifies', async () => {
    const [seller] = await users(h, 'vs_seller');
    const { listing } = await listTrack(h, seller, { price_tokens: 15, accept_tokens: true });
    const buyer = await signUp(h, 'vs_buyer', {}, { unverified: true });
    expect(await balanceOf(h, buyer.uid)).toBe(50);
    // The daily token still arrives.
    expect((await h.call('POST', '/api/tokens/claim-daily', { token: buyer.token, body: {} })).status).toBe(200);
    expect(await balanceOf(h, buyer.uid)).toBe(51);

    expect(await buy(h, buyer, listing.id)).toMatchObject(refusal);
    expect(await balanceOf(h, buyer.uid)).toBe(51);
    expect(await balanceOf(h, seller.uid)).toBe(50);
    expect(await ordersOf(buyer.uid)).toBe(0);
    expect((await ledgerOf(buyer.uid)).map((e) => e.reason).sort()).toEqual(['daily_drip', 'signup_grant']);

    await verify(buyer);
    expect((await buy(h, buyer, listing.id)).status).toBe(201);
    expect(await balanceOf(h, buyer.uid)).toBe(36);
    await expectLedgerHolds();
  });

  it('is refused every one of 10 parallel purchases, and nothing is written', async () => {
    const [seller] = await users(h, 'vs_seller2');
    const listings = [];
    for (let i = 0; i < 10; i++) listings.push((await listTrack(h, seller, { price_tokens: 3, accept_tokens: true })).listing);
    const buyer = await signUp(h, 'vs_buyer2', {}, { unverified: true });
    const answers = await Promise.all(listings.map((l) => buy(h, buyer, l.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(403));
    expect(await balanceOf(h, buyer.uid)).toBe(50);
    expect(await ordersOf(buyer.uid)).toBe(0);
    await expectLedgerHolds();
  });

  it('spends tokens it bought by card at once, and no more than those', async () => {
    const [seller] = await users(h, 'vs_seller3');
    const dear = (await listTrack(h, seller, { price_tokens: 80, accept_tokens: true })).listing;
    const cheap = (await listTrack(h, seller, { price_tokens: 40, accept_tokens: true })).listing;
    const buyer = await signUp(h, 'vs_buyer3', {}, { unverified: true });
    const session = await h.call('POST', '/api/payments/checkout', { token: buyer.token, body: { packageId: 'starter' } });
    const id = /local-checkout\/([\w-]+)$/.exec(session.body.url as string)![1]!;
    const paid = await fetch(h.url(`/api/payments/local-checkout/${id}/pay`), { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(paid.status).toBe(303);
    const bought = (await ledgerOf(buyer.uid)).find((e) => e.reason === 'token_purchase')!.delta;
    expect(await balanceOf(h, buyer.uid)).toBe(50 + bought);
    expect(bought).toBeGreaterThanOrEqual(40);
    expect(bought).toBeLessThan(80);

    // 80 is more than the card bought: the signup grant waits for the verification.
    expect(await buy(h, buyer, dear.id)).toMatchObject(refusal);
    expect((await buy(h, buyer, cheap.id)).status).toBe(201);
    expect(await balanceOf(h, buyer.uid)).toBe(50 + bought - 40);
    await expectLedgerHolds();
  });

  it('is released by a resend asked after it verified elsewhere (the app never heard of it)', async () => {
    const [seller] = await users(h, 'vs_seller4');
    const { listing } = await listTrack(h, seller, { price_tokens: 15, accept_tokens: true });
    const buyer = await signUp(h, 'vs_buyer4', {}, { unverified: true });
    h.auth.verifyEmail(buyer.uid);
    expect(await buy(h, buyer, listing.id)).toMatchObject(refusal);
    expect((await h.call('POST', '/api/accounts/verification-email', { token: buyer.token, body: {} })).status).toBe(409);
    expect((await buy(h, buyer, listing.id)).status).toBe(201);
  });

  it('is not a Google account: Google vouches for the address, so it spends at once', async () => {
    const [seller] = await users(h, 'vs_seller5');
    const { listing } = await listTrack(h, seller, { price_tokens: 15, accept_tokens: true });
    h.auth.users.set('googleSpender01', { email: 'gspender@example.test', password: '', name: 'G Spender', provider: 'google.com' });
    const google = { uid: 'googleSpender01', token: 'test:googleSpender01' };
    expect((await h.call('POST', '/api/accounts/ensure-profile', { token: google.token, body: {} })).status).toBe(201);
    expect(await balanceOf(h, google.uid)).toBe(50);
    expect((await buy(h, google, listing.id)).status).toBe(201);
    expect(await balanceOf(h, google.uid)).toBe(35);
  });
});
