import * as z from 'zod/mini';
import { ORDER_METHODS, ORDER_STATUSES } from './orders';
import { changeTime as updatedAt, docKey as id, publicFieldsOf, rxSchemaOf } from '../rx-schema';

/** The order: one definition for the API, replication and the client's RxDB. */

const nullableText = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

/** An order as the API and replication send it (to its buyer and its seller only); the server's stored order extends it. */
export const orderDoc = z.object({
  id,
  listing_id: z.string(),
  track_id: z.string(),
  buyer_id: z.string(),
  seller_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  method: z.enum(ORDER_METHODS),
  amount_tokens: nullableNumber,
  amount_usd: nullableNumber,
  /** Cash orders: where to pay, and until when. */
  cash_app_tag: nullableText,
  expires_at: nullableText,
  has_proof: z.boolean(),
  created_at: z.string(),
  title: z.string(),
  artist_name: z.string(),
  cover_art_url: nullableText,
  listing_type: z.string(),
  version_type: z.string(),
  buyer_username: z.string(),
  seller_username: z.string(),
  updatedAt,
});
/** The replicated order (with its change time). */
export type OrderRxDoc = z.infer<typeof orderDoc>;
/** An order as the API answers it. */
export type Order = Omit<OrderRxDoc, 'updatedAt'>;
export const ORDER_PUBLIC_FIELDS = publicFieldsOf(orderDoc.shape);
/** The stored schema requires only what its first version did (the API always sends every field). */
export const orderRxSchema = rxSchemaOf(orderDoc, {
  version: 0,
  required: ['id', 'listing_id', 'buyer_id', 'seller_id', 'status', 'method', 'created_at', 'title', 'updatedAt'],
});
