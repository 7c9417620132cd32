import { z } from 'zod';
import { MAX_LOCK_DAYS, TX_HASH_PATTERN } from './migration';
import { MIGRATION_MSG } from './migration-messages';
import { docId } from '../schemas';

/** Request bodies of the token migration endpoints (the server validates with them). */

export const migrationRunInput = z.strictObject({ force: z.boolean().optional() });

export const migrationSettingsInput = z.strictObject({
  lock_days: z.int('Lock period must be a whole number of days').min(0, 'Lock period cannot be negative').max(MAX_LOCK_DAYS, `Lock period is at most ${MAX_LOCK_DAYS} days`),
});

export const claimIdParams = z.strictObject({ id: docId });

/** POST /api/cms/migration/claims/:id/settle: what the super admin found on the chain. */
export const settleClaimInput = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('sent'), tx_hash: z.string().trim().regex(TX_HASH_PATTERN, MIGRATION_MSG.badTxHash) }),
  z.strictObject({ outcome: z.literal('not_sent') }),
]);
export type SettleClaimInput = z.infer<typeof settleClaimInput>;
