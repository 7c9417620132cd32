import type { OrderMethod } from '@common/marketplace/orders';
import { ORDER_MSG } from '@common/marketplace/orders';

export type ToastText = { title: string; description: string };

/**
 * The toast for a failed POST /api/orders (an ApiError, matched by shape so this stays
 * testable without the client config): 402 is 'Insufficient tokens' with the server's detail;
 * the server's other refusals (4xx) carry their own message; anything else gets the spec's text.
 */
export function purchaseFailure(err: unknown, method: OrderMethod, ctx: { price: number; balance: number }): ToastText {
  const { status, message, body } = (typeof err === 'object' && err !== null ? err : {}) as { status?: unknown; message?: unknown; body?: unknown };
  const title = method === 'TOKENS' ? ORDER_MSG.purchaseFailed : ORDER_MSG.orderFailed;
  const fallback = method === 'TOKENS' ? ORDER_MSG.purchaseFailedBody : ORDER_MSG.orderFailedBody;
  if (status === 402) {
    const detail = (body as { error?: { detail?: unknown } } | null)?.error?.detail;
    return {
      title: typeof message === 'string' && message ? message : 'Insufficient tokens',
      description: typeof detail === 'string' && detail ? detail : `You need ${ctx.price} tokens but only have ${ctx.balance}.`,
    };
  }
  const refusal = typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message;
  return { title, description: refusal || fallback };
}
