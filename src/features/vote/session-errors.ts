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
