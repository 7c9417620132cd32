import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@common/marketplace/orders';
import { purchaseFailure } from './purchase-errors';

const apiError = (status: number, message: string, body: unknown = null) => Object.assign(new Error(message), { status, body });
const ctx = { price: 15, balance: 3 };

describe('purchaseFailure', () => {
  it("shows a 402 as 'Insufficient tokens' with the server's detail", () => {
    const err = apiError(402, 'Insufficient tokens', {
      error: { code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 15 tokens but only have 3.' },
    });
    expect(purchaseFailure(err, 'TOKENS', ctx)).toEqual({ title: 'Insufficient tokens', description: 'You need 15 tokens but only have 3.' });
  });

  it('builds the 402 detail from the price and balance when the server sent none', () => {
    expect(purchaseFailure(apiError(402, 'Insufficient tokens'), 'TOKENS', { price: 20, balance: 4 })).toEqual({
      title: 'Insufficient tokens',
      description: 'You need 20 tokens but only have 4.',
    });
  });

  it("passes the server's refusals on", () => {
    expect(purchaseFailure(apiError(409, ORDER_MSG.alreadyOwned), 'TOKENS', ctx)).toEqual({
      title: ORDER_MSG.purchaseFailed,
      description: ORDER_MSG.alreadyOwned,
    });
    expect(purchaseFailure(apiError(400, ORDER_MSG.noCashTag), 'CASH_APP', ctx)).toEqual({
      title: ORDER_MSG.orderFailed,
      description: ORDER_MSG.noCashTag,
    });
  });

  it("uses the spec's text for server and network failures", () => {
    expect(purchaseFailure(apiError(500, 'Internal error'), 'TOKENS', ctx)).toEqual({
      title: ORDER_MSG.purchaseFailed,
      description: ORDER_MSG.purchaseFailedBody,
    });
    expect(purchaseFailure(apiError(0, 'Network error'), 'CASH_APP', ctx)).toEqual({
      title: ORDER_MSG.orderFailed,
      description: ORDER_MSG.orderFailedBody,
    });
    expect(purchaseFailure('boom', 'CASH_APP', ctx).description).toBe(ORDER_MSG.orderFailedBody);
  });
});
