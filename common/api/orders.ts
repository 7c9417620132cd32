import { z } from 'zod';
import { orderDoc, type Order } from '../marketplace/order-doc';
import type { CreateOrderResponse } from '../marketplace/orders';
import { createOrderInput, docId } from '../schemas';
import { endpoint, ignoredBody, json, jsonBody, other } from './contract';

export const orderIdParams = z.strictObject({ id: docId });

/** An order as the API answers it: the replicated document without its change time (functions/src/orders/order-doc.ts toOrder). */
export const orderSchema = z.strictObject(orderDoc.shape).omit({ updatedAt: true }).meta({ title: 'Order' }) satisfies z.ZodType<Order>;
const order = json(z.strictObject({ order: orderSchema }).meta({ title: 'OrderAnswer' }));
/** A Cash App order also says where and how much to pay, and the deadline (spec §7); a token order only the order. */
const createOrderResponse = z
  .strictObject({ order: orderSchema, cash_app_tag: z.string().optional(), amount_usd: z.number().optional(), expires_at: z.string().optional() })
  .meta({ title: 'CreateOrderResponse' }) satisfies z.ZodType<CreateOrderResponse>;
const signedUrl = json(z.object({ url: z.string() }));

/**
 * Buying licences (functions/src/orders/router.ts). Every order endpoint but creation is its
 * parties' alone: anyone else is told the order does not exist (404).
 */
export const orders = {
  create: endpoint({
    method: 'POST',
    path: '/api/orders',
    access: 'user',
    summary: 'Buys a licence with tokens (approved at once) or opens a Cash App order; an Idempotency-Key replays the first answer',
    body: jsonBody(createOrderInput),
    response: json(createOrderResponse, 201),
  }),
  get: endpoint({ method: 'GET', path: '/api/orders/:id', access: 'owner', summary: 'An order, for its buyer', params: orderIdParams, response: order }),
  uploadProof: endpoint({
    method: 'POST',
    path: '/api/orders/:id/proof',
    access: 'owner',
    summary: "The buyer's payment proof: multipart `image` (PNG, JPEG, WebP or GIF, at most 5 MB) and optionally `order_id`",
    params: orderIdParams,
    body: { kind: 'multipart', fields: z.strictObject({ order_id: z.string().optional() }), files: ['image'] },
    checkedBy: 'handler',
    response: order,
  }),
  approve: endpoint({ method: 'POST', path: '/api/orders/:id/approve', access: 'owner', summary: "The seller approves a Cash App order's payment", params: orderIdParams, body: ignoredBody, response: order }),
  reject: endpoint({ method: 'POST', path: '/api/orders/:id/reject', access: 'owner', summary: 'The seller rejects a Cash App order', params: orderIdParams, body: ignoredBody, response: order }),
  proof: endpoint({ method: 'GET', path: '/api/orders/:id/proof', access: 'owner', summary: 'A signed URL of the payment proof, for the order’s parties', params: orderIdParams, response: signedUrl }),
  download: endpoint({
    method: 'GET',
    path: '/api/orders/:id/download',
    access: 'owner',
    summary: 'A signed URL (3600 s) of what the licence is for, for its licensee',
    params: orderIdParams,
    response: json(z.object({ url: z.string(), expires_in: z.number() })),
  }),
  certificate: endpoint({ method: 'GET', path: '/api/orders/:id/certificate', access: 'owner', summary: 'The licence certificate (PDF), for its licensee', params: orderIdParams, response: other('file', 200, 'application/pdf') }),
} as const;
