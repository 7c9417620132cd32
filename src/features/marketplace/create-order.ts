import type { CreateOrderResponse, OrderMethod } from '@common/marketplace/orders';
import type { CreateOrderInput } from '@common/schemas';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

/** POST /api/orders: a token purchase (approved at once) or a Cash App order awaiting payment, at the price shown (`price`: the server refuses another). */
export function createOrder(listingId: string, method: OrderMethod, price: number): Promise<CreateOrderResponse> {
  const body: CreateOrderInput = { listing_id: listingId, method, price };
  return call(endpoints.orders.create, {
    body,
    // One key per attempt: a retried request (flaky network) is not charged twice.
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}
