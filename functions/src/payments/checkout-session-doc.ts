import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COL } from '../platform/firestore/collections';
import { converter, parseStored } from '../platform/firestore/typed-collection';

/**
 * checkout_sessions/{id} as stored: written open by checkout.ts (a local session with its payment
 * intent from the start, a Stripe one's arriving with its completion), then completed or reversed
 * by the webhook.
 */
const storedCheckoutSession = z.object({
  user_id: z.string(),
  pack_id: z.string(),
  tokens: z.number(),
  amount_usd: z.number(),
  amount_cents: z.number(),
  status: z.string(),
  provider: z.enum(['local', 'stripe']),
  created_at: z.string(),
  payment_intent: z.string().optional(),
});
export type StoredCheckoutSession = z.infer<typeof storedCheckoutSession>;

export const checkoutSessionsCol = (db: Firestore) => db.collection(COL.checkoutSessions).withConverter(converter(storedCheckoutSession, COL.checkoutSessions));
/** The checkout session of a snapshot read without the converter; undefined when there is none. */
export const checkoutSessionOf = (snap: DocumentSnapshot): StoredCheckoutSession | undefined =>
  snap.exists ? parseStored(storedCheckoutSession, COL.checkoutSessions, snap.id, snap.data()) : undefined;
