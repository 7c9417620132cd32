import { describe, expect, it } from 'vitest';
import { insufficientTokens, sessionCost } from './session-errors';

describe('insufficientTokens', () => {
  it("reads a 402's message and detail", () => {
    const err = Object.assign(new Error('Insufficient tokens'), {
      status: 402,
      body: { error: { code: 'insufficient_tokens', message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 3.' } },
    });
    expect(insufficientTokens(err)).toEqual({ message: 'Insufficient tokens', detail: 'You need 10 tokens but only have 3.' });
  });

  it('is null for any other failure', () => {
    expect(insufficientTokens(Object.assign(new Error('Network error'), { status: 0, body: null }))).toBeNull();
    expect(insufficientTokens(Object.assign(new Error('Sign in required'), { status: 401, body: null }))).toBeNull();
    expect(insufficientTokens('boom')).toBeNull();
  });
});

describe('sessionCost', () => {
  const conflict = (error: Record<string, unknown>) => Object.assign(new Error(String(error.message)), { status: 409, body: { error } });

  it("reads a payment_required's cost and balance", () => {
    const err = conflict({ code: 'payment_required', message: 'This session costs 10 tokens. Confirm the price to start it.', cost: 10, balance: 56 });
    expect(sessionCost(err)).toEqual({ cost: 10, balance: 56, message: 'This session costs 10 tokens. Confirm the price to start it.', changed: false });
  });

  it('reads a price_changed as a new price to confirm', () => {
    const err = conflict({ code: 'price_changed', message: 'A vote session now costs 12 tokens. Nothing was charged.', cost: 12, balance: 56 });
    expect(sessionCost(err)).toMatchObject({ cost: 12, balance: 56, changed: true });
  });

  it('is null for any other failure', () => {
    expect(sessionCost(conflict({ code: 'conflict', message: 'Busy' }))).toBeNull();
    expect(sessionCost(conflict({ code: 'payment_required', message: 'x' }))).toBeNull();
    expect(sessionCost(Object.assign(new Error('Insufficient tokens'), { status: 402, body: { error: { code: 'insufficient_tokens', cost: 10, balance: 3 } } }))).toBeNull();
    expect(sessionCost('boom')).toBeNull();
  });
});
