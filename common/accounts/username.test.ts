import { describe, expect, it } from 'vitest';
import { signupInput } from '../schemas';
import { normalizeCoupon, normalizeUsername, usernameProblem } from './username';

describe('usernames', () => {
  it('lower-cases and keeps only letters, digits and underscore', () => {
    expect(normalizeUsername('  Jane.Doe-99_X! ')).toBe('janedoe99_x');
    expect(normalizeUsername('ÉLODIE')).toBe('lodie');
  });

  it('names the problem: required, then 3 to 20 characters', () => {
    expect(usernameProblem('')).toBe('Username is required');
    expect(usernameProblem('ab')).toMatch(/3 to 20/);
    expect(usernameProblem('a'.repeat(21))).toMatch(/3 to 20/);
    expect(usernameProblem('abc')).toBeNull();
  });

  it('upper-cases and trims coupons', () => {
    expect(normalizeCoupon('  welcome25 ')).toBe('WELCOME25');
  });
});

describe('signupInput', () => {
  const base = { email: 'a@example.com', password: 'secret123' };

  it('normalises the username, referral and coupon', () => {
    const parsed = signupInput.parse({ ...base, username: 'Neo_One', referral_code: ' Trinity ', coupon: ' welcome25 ' });
    expect(parsed).toMatchObject({ username: 'neo_one', referral_code: 'trinity', coupon: 'WELCOME25' });
  });

  it('refuses unknown fields, reserved ids and empty usernames', () => {
    expect(signupInput.safeParse({ ...base, username: 'neo', admin: true }).success).toBe(false);
    expect(signupInput.safeParse({ ...base, username: '__neo__' }).success).toBe(false);
    expect(signupInput.safeParse({ ...base, username: '***' }).error?.issues[0]?.message).toBe('Username is required');
  });
});
