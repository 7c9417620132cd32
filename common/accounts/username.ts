import { USERNAME_MAX, USERNAME_MIN } from '../constants';
import { MSG } from '../messages';
import { PATHS } from '../paths';

/** Lower-cases and strips everything but letters, digits and underscore (spec section 5). */
export const normalizeUsername = (input: string): string =>
  input.toLowerCase().replace(/[^a-z0-9_]/g, '');

/**
 * Names a username cannot take: the app's own pages and the site's top-level folders. /{username}
 * is the referral link, and for these the page (or the folder) answers instead, so the link
 * would never reach sign-up. They read as taken (the spec's 'Username already taken').
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...Object.values(PATHS).map((p) => normalizeUsername(p)).filter((u) => u.length > 0),
  'api', 'assets', 'icons', 'placeholders', 'prerendered', 'sitemap', 'robots', 'favicon', 'manifest', 'sw',
]);

export const isReservedUsername = (username: string): boolean => RESERVED_USERNAMES.has(username);

export const usernameProblem = (username: string): string | null => {
  if (username.length === 0) return 'Username is required';
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX)
    return `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`;
  if (isReservedUsername(username)) return MSG.usernameTaken;
  return null;
};

export const normalizeCoupon = (input: string): string => input.trim().toUpperCase();
