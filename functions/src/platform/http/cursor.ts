import { createHmac, timingSafeEqual } from 'node:crypto';
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

const macOf = (secret: string, body: string): Buffer => createHmac('sha256', secret).update(`cursor:${body}`).digest();

/**
 * A cursor the client must hand back unchanged: encodeCursor's text, a dot, and its HMAC under a
 * server secret, so that a forged or edited one is a 400 (GET /api/marketplace/search).
 */
export const encodeSignedCursor = (position: Record<string, unknown>, secret: string): string => {
  const body = encodeCursor(position);
  return `${body}.${macOf(secret, body).toString('base64url')}`;
};

/** decodeCursor for encodeSignedCursor's cursors: a 400 `message` unless signed with `secret`. */
export function decodeSignedCursor<S extends z.ZodType>(schema: S, cursor: string | undefined, secret: string, message: string): z.infer<S> | null {
  if (cursor === undefined || cursor === '') return null;
  const dot = cursor.lastIndexOf('.');
  const body = cursor.slice(0, Math.max(dot, 0));
  const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
  const wanted = macOf(secret, body);
  if (dot <= 0 || given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw badRequest(message);
  return decodeCursor(schema, body, message);
}
