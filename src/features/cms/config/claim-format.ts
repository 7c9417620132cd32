import { TX_HASH_PATTERN, type UnresolvedClaim } from '@common/migration/migration';
import { MIGRATION_MSG } from '@common/migration/migration-messages';

/** Whom a claim belongs to, as the CMS names them: @username, else their email, else their uid. */
export const claimant = (c: Pick<UnresolvedClaim, 'username' | 'email' | 'user_id'>): string => (c.username ? `@${c.username}` : (c.email ?? c.user_id));

/** Why the server would refuse a typed transaction hash (it trims it first, as here), or null. */
export const txHashProblem = (typed: string): string | null => (TX_HASH_PATTERN.test(typed.trim()) ? null : MIGRATION_MSG.badTxHash);
