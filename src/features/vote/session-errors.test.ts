import { describe, expect, it } from 'vitest';
import { insufficientTokens } from './session-errors';

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
