import { logger, type LogEntry } from 'firebase-functions/logger';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from './harness';
import { expireDueOrders } from '../../functions/src/orders/expire-orders';
import { buy, listTrack, orderStatus, setCashTag, users } from './order-fixtures';

/** A stored document that does not match its schema is a logged server fault, never a value made up from it. */

let h: Harness;
let entries: LogEntry[] = [];
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Records the API's log lines from here on (the tests run with API_LOG=silent). */
function captureLog(): void {
  entries = [];
  vi.stubEnv('API_LOG', '');
  vi.spyOn(logger, 'write').mockImplementation((entry) => void entries.push(entry));
}

describe('a malformed stored document', () => {
  it('a malformed unpaid order holds up no other: the sweep expires those due, passes over it and logs it', async () => {
    const [seller, buyer, other] = await users(h, 'sd_cash_seller', 'sd_cash_buyer', 'sd_cash_other');
    await setCashTag(h, seller, '$SdSeller');
    const { listing } = await listTrack(h, seller, { accept_cash_app: true });
    const second = await listTrack(h, seller, { accept_cash_app: true });
    const broken = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order;
    const due = (await buy(h, other, second.listing.id, 'CASH_APP')).body.order;
    await h.db.collection('orders').doc(broken.id).update({ amount_tokens: 'twelve' });
    const start = h.clock.now;
    h.clock.now = start + 2 * 86_400_000;
    captureLog();
    try {
      expect(await expireDueOrders(h.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      h.clock.now = start;
    }
    expect(await orderStatus(h, due.id)).toBe('EXPIRED');
    expect(await orderStatus(h, broken.id)).toBe('AWAITING_SELLER');
    expect(entries).toContainEqual(expect.objectContaining({ event: 'stored_doc_invalid', collection: 'orders', id: broken.id }));
  });

  it('an order with a text amount: the API answers a plain 500 and logs where the document is wrong', async () => {
    const [seller, buyer] = await users(h, 'sd_seller', 'sd_buyer');
    const { listing } = await listTrack(h, seller);
    const bought = await buy(h, buyer, listing.id);
    expect(bought.status).toBe(201);
    const id: string = bought.body.order.id;
    expect((await h.call('GET', `/api/orders/${id}`, { token: buyer.token })).body.order.amount_tokens).toBe(15);

    await h.db.collection('orders').doc(id).update({ amount_tokens: '15 tokens' });
    captureLog();
    const res = await h.call('GET', `/api/orders/${id}`, { token: buyer.token });

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'Something went wrong' } });
    expect(entries).toEqual([
      expect.objectContaining({ severity: 'ERROR', event: 'stored_doc_invalid', collection: 'orders', id, issues: [expect.stringMatching(/^amount_tokens: /)] }),
    ]);
    // Logged once, where it was read: not again as an unexpected error, and never with the stored value.
    expect(JSON.stringify(entries)).not.toContain('15 tokens');
  });

  it('a track without its audio path: a licence download is refused with the same 500, not a link to nothing', async () => {
    const [seller, buyer] = await users(h, 'sd_seller2', 'sd_buyer2');
    const { track, listing } = await listTrack(h, seller);
    const bought = await buy(h, buyer, listing.id);
    expect(bought.status).toBe(201);
    const download = `/api/orders/${bought.body.order.id}/download`;
    expect((await h.call('GET', download, { token: buyer.token })).status).toBe(200);

    await h.db.collection('tracks').doc(track.id).update({ audio_path: null });
    captureLog();
    const res = await h.call('GET', download, { token: buyer.token });

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'Something went wrong' } });
    expect(entries).toEqual([expect.objectContaining({ event: 'stored_doc_invalid', collection: 'tracks', id: track.id, issues: [expect.stringMatching(/^audio_path: /)] })]);
  });
});
