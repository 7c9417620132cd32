import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { CMS_PAGE_SIZE } from '../../../common/constants';
import { normalizeUsername } from '../../../common/accounts/username';
import { USERS_MSG, type CmsPage, type CmsUser } from '../../../common/accounts/users-messages';
import { balanceDocOf, rolesIn } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { cursorId, decodeCursor, encodeCursor } from '../platform/http/cursor';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { listUsersQuery } from './cms-schemas';

/**
 * The list runs in phases, each one query ordered by a field: without a search every profile by
 * username; with one, usernames starting with it, then emails starting with it (minus those
 * already listed by username). A cursor names the phase and the last row's position in it.
 */
const PHASES = ['all', 'username', 'email'] as const;
type Phase = (typeof PHASES)[number];
type Step = { phase: Phase; field: 'username' | 'email'; prefix: string };

const position = z.strictObject({ p: z.enum(PHASES), v: z.string().max(400).optional(), id: cursorId.optional() });
type Position = z.infer<typeof position>;

/** The phases of a search: usernames are lower case letters, digits and _, so a query with anything else skips them. */
function stepsFor(q: string | undefined): Step[] {
  if (!q) return [{ phase: 'all', field: 'username', prefix: '' }];
  const name = q.toLowerCase();
  const steps: Step[] = [];
  if (normalizeUsername(name) === name) steps.push({ phase: 'username', field: 'username', prefix: name });
  steps.push({ phase: 'email', field: 'email', prefix: q });
  return steps;
}

async function pageOfProfiles(db: Firestore, steps: Step[], from: Position | null): Promise<{ docs: DocumentSnapshot[]; next: Position | null }> {
  let i = from ? steps.findIndex((s) => s.phase === from.p) : 0;
  if (i < 0) throw badRequest(USERS_MSG.badCursor);
  const docs: DocumentSnapshot[] = [];
  const usernamePrefix = steps.find((s) => s.phase === 'username')?.prefix;
  for (; i < steps.length; i++) {
    const step = steps[i]!;
    const need = CMS_PAGE_SIZE - docs.length;
    if (need <= 0) return { docs, next: { p: step.phase } };
    let query = db.collection(COL.profiles).orderBy(step.field).orderBy(FieldPath.documentId());
    if (step.prefix) query = query.where(step.field, '>=', step.prefix).where(step.field, '<', `${step.prefix}\uf8ff`);
    const after = from && from.p === step.phase && from.v !== undefined && from.id !== undefined ? from : null;
    if (after) query = query.startAfter(after.v, after.id);
    const snap = await query.limit(need + 1).get();
    const page = snap.docs.slice(0, need);
    const fresh = step.phase === 'email' && usernamePrefix !== undefined ? page.filter((d) => !String(d.get('username')).startsWith(usernamePrefix)) : page;
    docs.push(...fresh);
    const last = page.at(-1);
    if (snap.docs.length > need && last) return { docs, next: { p: step.phase, v: String(last.get(step.field)), id: last.id } };
  }
  return { docs, next: null };
}

const text = (d: DocumentSnapshot, field: string): string | null => {
  const v: unknown = d.get(field);
  return typeof v === 'string' && v !== '' ? v : null;
};

/**
 * GET /api/cms/users?q=&cursor= (admins) — a page of users with roles and balances: at most two
 * ordered queries of a page each and one getAll, however many users there are.
 */
export const listUsers =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { q, cursor } = parse(listUsersQuery, req.query);
    const { db } = deps;
    const from = decodeCursor(position, cursor, USERS_MSG.badCursor);
    const { docs, next } = await pageOfProfiles(db, stepsFor(q || undefined), from);
    const extra = docs.length
      ? await db.getAll(...docs.flatMap((d) => [db.collection(COL.userRoles).doc(d.id), db.collection(COL.balances).doc(d.id)]))
      : [];
    const items: CmsUser[] = docs.map((d, i) => ({
      id: d.id,
      username: String(d.get('username') ?? ''),
      full_name: text(d, 'full_name'),
      avatar_url: text(d, 'avatar_url'),
      email: text(d, 'email'),
      roles: (rolesIn(extra[2 * i]) ?? ['user']).slice().sort(),
      balance: balanceDocOf(extra[2 * i + 1])?.balance ?? 0,
      created_at: text(d, 'created_at'),
      migration_status: text(d, 'migration_status') ?? 'pre_migration',
    }));
    const body: CmsPage<CmsUser> = { items, next: next ? encodeCursor(next) : null };
    res.json(body);
  };
