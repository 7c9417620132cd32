import { describe, expect, it } from 'vitest';
import { rateLimitedMessage } from './rate-limits';

describe('rateLimitedMessage', () => {
  it('says the wait in seconds, minutes or hours, rounded up', () => {
    expect(rateLimitedMessage(1)).toBe('Too many requests. Please try again in 1 seconds.');
    expect(rateLimitedMessage(119)).toBe('Too many requests. Please try again in 119 seconds.');
    expect(rateLimitedMessage(120)).toBe('Too many requests. Please try again in 2 minutes.');
    expect(rateLimitedMessage(7199)).toBe('Too many requests. Please try again in 120 minutes.');
    expect(rateLimitedMessage(7200)).toBe('Too many requests. Please try again in 2 hours.');
    // A day-long window (new verification mails) no longer reads "in 1245 minutes".
    expect(rateLimitedMessage(74_700)).toBe('Too many requests. Please try again in 21 hours.');
  });
});
