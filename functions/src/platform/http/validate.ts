import { z } from 'zod';
import { badRequest } from './errors';

/** A request part that carries no fields (declared with the endpoints, common/api/contract.ts). */
export { noFields } from '../../../../common/api/contract';

/** Parses a request part with a zod schema; a failure is a 400 naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue?.message ?? 'Invalid input'}`);
}
