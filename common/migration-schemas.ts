import { z } from 'zod';
import { MAX_LOCK_DAYS } from './migration';

/** Request bodies of the token migration endpoints (the server validates with them). */

export const migrationRunInput = z.strictObject({ force: z.boolean().optional() });

export const migrationSettingsInput = z.strictObject({
  lock_days: z.int('Lock period must be a whole number of days').min(0, 'Lock period cannot be negative').max(MAX_LOCK_DAYS, `Lock period is at most ${MAX_LOCK_DAYS} days`),
});
