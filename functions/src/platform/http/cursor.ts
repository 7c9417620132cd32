import { z } from 'zod';
import { docId } from '../../../../common/schemas';
import { badRequest } from './errors';
import { isWellFormedJson } from './http';

/**
 * Opaque page cursors: a position in a query's order (base64url JSON), handed to the client as
 * is and checked with a schema when it comes back, so a made-up cursor is a 400, never a 500.
 */
export const encodeCursor = (position: Record<string, unknown>): string => Buffer.from(JSON.stringify(position)).toString('base64url');

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | undefined, message: string): z.infer<S> | null {
  if (cursor === undefined || cursor === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(message);
  }
  const parsed = schema.safeParse(json);
  // A "\ud800" escape survives JSON: Firestore would refuse it in the query with a 500.
  if (!parsed.success || !isWellFormedJson(parsed.data)) throw badRequest(message);
  return parsed.data;
}

/** A cursor's document id: one Firestore takes (a "/" made startAfter throw, a 500). */
export const cursorId = docId;

/** A position after a document in (created_at desc, id desc) order. */
export const createdAtCursor = z.strictObject({ v: z.string().max(100), id: cursorId });
