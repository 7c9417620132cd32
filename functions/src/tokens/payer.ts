import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import type { Role } from '../../../common/constants';
import { balanceDocOf, rolesIn } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { notFound } from '../platform/http/errors';
import { readBalance } from './ledger';
import { appConfigRef, pricingFrom, readPricing, type Pricing } from './pricing';

/** The caller of a paid write, as its transaction reads them before deciding the price. */
export type Payer = { profile: DocumentSnapshot; roles: Role[]; balance: number; pricing: Pricing };

/**
 * The payer read outside any transaction, for a cheap check before costly work (decoding the
 * upload); the transaction decides again. A caller without a profile is a 404.
 */
export async function peekPayer(db: Firestore, uid: string): Promise<Payer> {
  const [profile, roles, balance, config] = await db.getAll(
    db.collection(COL.profiles).doc(uid),
    db.collection(COL.userRoles).doc(uid),
    db.collection(COL.balances).doc(uid),
    appConfigRef(db),
  );
  if (!profile?.exists) throw notFound('Profile not found');
  return { profile, roles: rolesIn(roles) ?? [], balance: balanceDocOf(balance)?.balance ?? 0, pricing: pricingFrom(config?.data()) };
}

/**
 * The first reads of a paid, keyed write (a submission, an ad), in its transaction: the first
 * answer to the same Idempotency-Key if there was one (`prior`), else the payer. A caller
 * without a profile is a 404.
 */
export async function readPayer<R>(
  db: Firestore,
  tx: Transaction,
  uid: string,
  keyRef: DocumentReference | null,
): Promise<{ prior: R; payer: null } | { prior: null; payer: Payer }> {
  const [prior, profile, roles, balance, pricing] = await Promise.all([
    keyRef ? tx.get(keyRef) : null,
    tx.get(db.collection(COL.profiles).doc(uid)),
    tx.get(db.collection(COL.userRoles).doc(uid)),
    readBalance(db, tx, uid),
    readPricing(db, tx),
  ]);
  if (prior?.exists) return { prior: prior.get('response') as R, payer: null };
  if (!profile.exists) throw notFound('Profile not found');
  return { prior: null, payer: { profile, roles: rolesIn(roles) ?? [], balance, pricing } };
}
