import { describe, expect, it } from 'vitest';
import type { Order } from '@common/marketplace/order-doc';
import { ORDER_MSG, PROOF_MAX_BYTES } from '@common/marketplace/orders';
import { amountLabel, displayStatus, methodLabel, orderActions, proofProblem, splitOrders, STATUS_LABEL, statusLabel } from './order-display';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const cash = (o: Partial<Order> = {}) =>
  ({
    status: 'AWAITING_SELLER',
    method: 'CASH_APP',
    expires_at: '2026-05-02T12:00:00Z',
    has_proof: false,
    amount_tokens: null,
    amount_usd: 1.99,
    ...o,
  }) as Order;

describe('displayStatus', () => {
  it('shows an unpaid cash order past its deadline as expired', () => {
    expect(displayStatus(cash({ expires_at: '2026-05-01T11:59:59Z' }), NOW)).toBe('EXPIRED');
    expect(STATUS_LABEL[displayStatus(cash({ expires_at: '2026-05-01T11:59:59Z' }), NOW)]).toBe('Expired');
  });

  it('keeps other statuses, and awaiting orders still in time', () => {
    expect(displayStatus(cash(), NOW)).toBe('AWAITING_SELLER');
    expect(displayStatus(cash({ status: 'UNDER_REVIEW', expires_at: '2026-04-01T00:00:00Z' }), NOW)).toBe('UNDER_REVIEW');
    expect(displayStatus(cash({ status: 'APPROVED', expires_at: null }), NOW)).toBe('APPROVED');
    expect(displayStatus(cash({ expires_at: null }), NOW)).toBe('AWAITING_SELLER');
  });
});

describe('labels', () => {
  it('names the method and the amount', () => {
    expect(methodLabel(cash())).toBe('Cash App');
    expect(amountLabel(cash())).toBe('$1.99');
    const tokens = cash({ method: 'TOKENS', amount_tokens: 15, amount_usd: null });
    expect(methodLabel(tokens)).toBe('Tokens');
    expect(amountLabel(tokens)).toBe('15 tokens');
  });

  it('has a human text for every status, a new Cash App order saying whose move it is on each side', () => {
    expect(STATUS_LABEL.UNDER_REVIEW).toBe('Under review');
    expect(statusLabel('AWAITING_SELLER', 'buyer')).toBe('Awaiting your payment');
    expect(statusLabel('AWAITING_SELLER', 'seller')).toBe('Awaiting payment');
    expect(statusLabel('APPROVED', 'buyer')).toBe('Approved');
  });
});

describe('orderActions', () => {
  it('lets the buyer of an awaiting cash order upload proof, and nothing else', () => {
    expect(orderActions(cash(), 'buyer', NOW)).toEqual({ uploadProof: true, approve: false, reject: false, viewProof: false, download: false });
  });

  it('lets the seller approve or reject awaiting and under-review orders, and view a proof', () => {
    expect(orderActions(cash(), 'seller', NOW)).toMatchObject({ uploadProof: false, approve: true, reject: true, viewProof: false });
    expect(orderActions(cash({ status: 'UNDER_REVIEW', has_proof: true }), 'seller', NOW)).toEqual({
      uploadProof: false,
      approve: true,
      reject: true,
      viewProof: true,
      download: false,
    });
  });

  it('lets the buyer view the proof they uploaded', () => {
    expect(orderActions(cash({ status: 'UNDER_REVIEW', has_proof: true }), 'buyer', NOW)).toEqual({ uploadProof: false, approve: false, reject: false, viewProof: true, download: false });
  });

  it('offers the buyer the downloads of an approved order only', () => {
    expect(orderActions(cash({ status: 'APPROVED' }), 'buyer', NOW).download).toBe(true);
    expect(orderActions(cash({ status: 'APPROVED' }), 'seller', NOW).download).toBe(false);
    expect(orderActions(cash({ status: 'REJECTED' }), 'buyer', NOW).download).toBe(false);
  });

  it('offers nothing on an expired order', () => {
    const expired = cash({ expires_at: '2026-05-01T00:00:00Z' });
    expect(orderActions(expired, 'buyer', NOW)).toMatchObject({ uploadProof: false, download: false });
    expect(orderActions(expired, 'seller', NOW)).toMatchObject({ approve: false, reject: false });
  });
});

describe('splitOrders', () => {
  it('splits by side, newest first', () => {
    const orders = [
      { id: 'a', buyer_id: 'me', seller_id: 's', created_at: '2026-01-01T00:00:00Z' },
      { id: 'b', buyer_id: 'x', seller_id: 'me', created_at: '2026-02-01T00:00:00Z' },
      { id: 'c', buyer_id: 'me', seller_id: 's', created_at: '2026-03-01T00:00:00Z' },
    ];
    const { purchases, sales } = splitOrders(orders, 'me');
    expect(purchases.map((o) => o.id)).toEqual(['c', 'a']);
    expect(sales.map((o) => o.id)).toEqual(['b']);
  });
});

describe('proofProblem', () => {
  it('refuses files over 5 MB and files that are not images', () => {
    expect(proofProblem({ size: PROOF_MAX_BYTES + 1, type: 'image/png' })).toBe(ORDER_MSG.proofTooLarge);
    expect(proofProblem({ size: 10, type: 'application/pdf' })).toBe(ORDER_MSG.proofNotImage);
    expect(proofProblem({ size: PROOF_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
  });
});
