import { USERNAME_MAX, USERNAME_MIN } from './constants';

/** Lower-cases and strips everything but letters, digits and underscore (spec section 5). */
export const normalizeUsername = (input: string): string =>
  input.toLowerCase().replace(/[^a-z0-9_]/g, '');

export const usernameProblem = (username: string): string | null => {
  if (username.length === 0) return 'Username is required';
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX)
    return `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`;
  return null;
};

export const normalizeCoupon = (input: string): string => input.trim().toUpperCase();
