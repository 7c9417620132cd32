/**
 * A 402 from the API (an ApiError, matched by shape so this stays testable without the client
 * config): its message and detail ('You need 10 tokens but only have 3.').
 */
export function insufficientTokens(err: unknown): { message: string; detail: string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const { status, message, body } = err as { status?: unknown; message?: unknown; body?: unknown };
  if (status !== 402) return null;
  const detail = (body as { error?: { detail?: unknown } } | null)?.error?.detail;
  return { message: typeof message === 'string' && message ? message : 'Insufficient tokens', detail: typeof detail === 'string' ? detail : '' };
}

/** What a paid session costs, as the API tells it before charging anything. */
export type SessionCost = { cost: number; balance: number; message: string; changed: boolean };

/**
 * A 409 that asks for the price of a paid session to be confirmed (`payment_required`), or says
 * the price confirmed is no longer the price (`price_changed`, `changed`): its cost and the
 * caller's balance. Matched by shape, like insufficientTokens.
 */
export function sessionCost(err: unknown): SessionCost | null {
  if (typeof err !== 'object' || err === null) return null;
  const { status, message, body } = err as { status?: unknown; message?: unknown; body?: unknown };
  const e = (body as { error?: { code?: unknown; cost?: unknown; balance?: unknown } } | null)?.error;
  if (status !== 409 || (e?.code !== 'payment_required' && e?.code !== 'price_changed')) return null;
  if (typeof e.cost !== 'number' || typeof e.balance !== 'number') return null;
  return { cost: e.cost, balance: e.balance, message: typeof message === 'string' ? message : '', changed: e.code === 'price_changed' };
}
