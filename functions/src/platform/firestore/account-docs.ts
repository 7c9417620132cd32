import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ROLES, type Role } from '../../../../common/constants';
import { COL } from './collections';
import { converter, parseStored, serverTime } from './typed-collection';

/**
 * A user's account documents as stored (id = uid): profiles, user_roles and token_balances. The
 * fields are those accounts/create-account.ts writes; most may be missing on a document another
 * writer made first (a merge of one field), and readers give those their defaults.
 */

const text = z.string().nullish();
const replicated = { user_id: z.string().optional(), updatedAt: serverTime.optional(), _deleted: z.boolean().optional() };

const storedProfile = z.object({
  ...replicated,
  username: z.string().optional(),
  full_name: text,
  avatar_url: text,
  email: text,
  wallet_address: text,
  cash_app_tag: text,
  migration_status: z.string().optional(),
  /** The referrer's username, null when none. */
  referred_by: text,
  free_voting_until: text,
  created_at: text,
});
export type StoredProfile = z.infer<typeof storedProfile>;

const storedRoles = z.object({ ...replicated, roles: z.array(z.enum(ROLES)).optional() });

const storedBalance = z.object({
  ...replicated,
  balance: z.number().optional(),
  /** Tokens bought by card and not spent yet (tokens/ledger.ts). */
  card_unspent: z.number().optional(),
  frozen: z.boolean().optional(),
  unverified: z.boolean().optional(),
});
export type StoredBalance = z.infer<typeof storedBalance>;

/** usernames/{username}: who holds the name (create-account.ts). */
const storedUsername = z.object({ user_id: z.string(), created_at: z.string().optional() });

export const profilesCol = (db: Firestore) => db.collection(COL.profiles).withConverter(converter(storedProfile, COL.profiles));
export const rolesCol = (db: Firestore) => db.collection(COL.userRoles).withConverter(converter(storedRoles, COL.userRoles));
export const balancesCol = (db: Firestore) => db.collection(COL.balances).withConverter(converter(storedBalance, COL.balances));

/** The profile of a snapshot read without the converter (a mixed getAll); undefined when there is none. */
export const profileOf = (snap: DocumentSnapshot | undefined): StoredProfile | undefined =>
  snap?.exists ? parseStored(storedProfile, COL.profiles, snap.id, snap.data()) : undefined;

/** The stored roles of a user_roles snapshot; undefined when the document or its list is missing. */
export const rolesIn = (snap: DocumentSnapshot | undefined): Role[] | undefined =>
  snap?.exists ? parseStored(storedRoles, COL.userRoles, snap.id, snap.data()).roles : undefined;

/** The uid holding a usernames snapshot's name; undefined when nobody does. */
export const usernameOwner = (snap: DocumentSnapshot | undefined): string | undefined =>
  snap?.exists ? parseStored(storedUsername, COL.usernames, snap.id, snap.data()).user_id : undefined;

/** The token_balances document of a snapshot; undefined when there is none. */
export const balanceDocOf = (snap: DocumentSnapshot | undefined): StoredBalance | undefined =>
  snap?.exists ? parseStored(storedBalance, COL.balances, snap.id, snap.data()) : undefined;
