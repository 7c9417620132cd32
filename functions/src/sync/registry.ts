import { FieldPath, Timestamp, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import { z } from 'zod';
import { type Checkpoint, type SyncCollectionName } from '../../../common/sync';
import { BALANCE_PUBLIC_FIELDS, DAILY_GRANT_PUBLIC_FIELDS, PROFILE_PUBLIC_FIELDS, USER_ROLES_PUBLIC_FIELDS } from '../../../common/accounts/accounts';
import { LISTING_PUBLIC_FIELDS } from '../../../common/marketplace/listing-doc';
import { ORDER_PUBLIC_FIELDS } from '../../../common/marketplace/order-doc';
import { RADIO_SUBMISSION_PUBLIC_FIELDS } from '../../../common/radio/radio';
import { VOTE_PUBLIC_FIELDS, VOTE_SESSION_PUBLIC_FIELDS } from '../../../common/contest/voting';
import { COL } from '../platform/firestore/collections';
import { parseStored } from '../platform/firestore/typed-collection';

/** The `:collection` of a sync route (pull, push). */
export { collectionParams } from '../../../common/api/sync';

/** Who may see which documents of a replicated collection: decided here, per caller. */
type Visibility =
  | { kind: 'own'; ownerField: string }
  /** Documents with several owners (an order's buyer and seller) list them in an array field. */
  | { kind: 'shared'; ownersField: string }
  /** One user's documents, and every document for admins (the radio queue). */
  | { kind: 'ownOrAdmin'; ownerField: string }
  | { kind: 'public' };

/** Who is asking: signed out (null), or a user and whether they hold the admin role. */
export type Viewer = { uid: string; admin: boolean } | null;

type SyncCollection = {
  source: string;
  visibility: Visibility;
  /** The fields a client receives; never more than the caller may see. */
  fields: readonly string[];
};

export const SYNC_REGISTRY: Record<SyncCollectionName, SyncCollection> = {
  profiles: {
    source: COL.profiles,
    visibility: { kind: 'own', ownerField: 'user_id' },
    fields: PROFILE_PUBLIC_FIELDS,
  },
  user_roles: { source: COL.userRoles, visibility: { kind: 'own', ownerField: 'user_id' }, fields: USER_ROLES_PUBLIC_FIELDS },
  token_balances: { source: COL.balances, visibility: { kind: 'own', ownerField: 'user_id' }, fields: BALANCE_PUBLIC_FIELDS },
  daily_token_grants: {
    source: COL.dailyGrants,
    visibility: { kind: 'own', ownerField: 'user_id' },
    fields: DAILY_GRANT_PUBLIC_FIELDS,
  },
  // A vote's track_id and a session's track_ids stay on the server: they would unblind the clips.
  votes: {
    source: COL.votes,
    visibility: { kind: 'own', ownerField: 'user_id' },
    fields: VOTE_PUBLIC_FIELDS,
  },
  vote_sessions: {
    source: COL.voteSessions,
    visibility: { kind: 'own', ownerField: 'user_id' },
    fields: VOTE_SESSION_PUBLIC_FIELDS,
  },
  // Every listing, active or not (clients hide inactive ones); seller_id stays on the server.
  marketplace_listings: { source: COL.listings, visibility: { kind: 'public' }, fields: LISTING_PUBLIC_FIELDS },
  // An order reaches its buyer and its seller, nobody else; the proof's storage path stays here.
  orders: { source: COL.orders, visibility: { kind: 'shared', ownersField: 'party_ids' }, fields: ORDER_PUBLIC_FIELDS },
  // A submission reaches its owner and the admins who run the queue; the station bookkeeping stays here.
  radio_submissions: {
    source: COL.radioSubmissions,
    visibility: { kind: 'ownOrAdmin', ownerField: 'user_id' },
    fields: RADIO_SUBMISSION_PUBLIC_FIELDS,
  },
};

/** Whether the collection's visibility depends on the viewer's roles (then the caller looks them up once). */
export const needsRoles = (names: readonly SyncCollectionName[]): boolean =>
  names.some((name) => SYNC_REGISTRY[name].visibility.kind === 'ownOrAdmin');

const micros = (ts: Timestamp): number => ts.seconds * 1_000_000 + Math.floor(ts.nanoseconds / 1000);
const fromMicros = (us: number): Timestamp => new Timestamp(Math.floor(us / 1_000_000), (us % 1_000_000) * 1000);

/** The caller's view of a collection, in change order; null when they may see nothing. */
export function visibleQuery(db: Firestore, name: SyncCollectionName, viewer: Viewer): Query | null {
  const { source, visibility } = SYNC_REGISTRY[name];
  let query: Query = db.collection(source);
  if (visibility.kind !== 'public') {
    if (!viewer) return null;
    if (visibility.kind === 'own' || (visibility.kind === 'ownOrAdmin' && !viewer.admin)) query = query.where(visibility.ownerField, '==', viewer.uid);
    else if (visibility.kind === 'shared') query = query.where(visibility.ownersField, 'array-contains', viewer.uid);
  }
  return query.orderBy('updatedAt').orderBy(FieldPath.documentId());
}

export function afterCheckpoint(query: Query, checkpoint: Checkpoint | null): Query {
  return checkpoint ? query.startAfter(fromMicros(checkpoint.updatedAt), checkpoint.id) : query;
}

export type ClientDoc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };

export function toClientDoc(name: SyncCollectionName, snap: DocumentSnapshot): ClientDoc {
  const data = snap.data() ?? {};
  const doc: ClientDoc = {
    id: snap.id,
    updatedAt: Math.floor(micros(data.updatedAt as Timestamp) / 1000),
    _deleted: data._deleted === true,
  };
  for (const field of SYNC_REGISTRY[name].fields) doc[field] = data[field] ?? null;
  return doc;
}

/** What a checkpoint needs of a replicated document: its change time, a server timestamp. */
const changeTime = z.object({ updatedAt: z.instanceof(Timestamp) });

export function checkpointOf(snap: DocumentSnapshot): Checkpoint {
  return { id: snap.id, updatedAt: micros(parseStored(changeTime, snap.ref.parent.id, snap.id, snap.data()).updatedAt) };
}
