import type { AuthEmail } from '../platform/deps';

/** One address, as Firebase Auth compares them: it keeps addresses lower-cased, a profile keeps the one typed. */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether Firebase Auth vouches for an account's address of record, its profile's `email` (what
 * referrals, campaigns and account mail use): Auth's record is verified, and for that very
 * address. A user can move their account's Auth address through Firebase's public API (verify
 * and change, or `accounts:update`) and verify some other mailbox; that says nothing about the
 * profile's address, so it does not count (docs/security.md).
 */
export function vouchesFor(record: AuthEmail | undefined, profileEmail: unknown): boolean {
  if (!record?.verified || !record.email) return false;
  return typeof profileEmail === 'string' && profileEmail.trim() !== '' && sameAddress(record.email, profileEmail);
}
