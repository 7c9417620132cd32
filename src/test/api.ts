import { vi } from 'vitest';

/** A request the component sent to the API: its method, path under /api (with query) and JSON body. */
export type SentRequest = { method: string; path: string; body: unknown };

type Reply = { status?: number; body?: unknown } | undefined;
type Handler = (req: SentRequest) => Reply | Promise<Reply>;

/**
 * Stands in for the network at fetch: each request to /api is recorded and answered by `handler`
 * (200 with `body`, or an error status with the API's `{ error: { message } }`). No handler
 * answer: 404. Returns the requests sent so far, in order.
 */
export function stubApi(handler: Handler): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      const text = typeof init?.body === 'string' ? init.body : null;
      const req: SentRequest = { method: init?.method ?? 'GET', path: url.pathname.replace(/^\/api/, '') + url.search, body: text ? JSON.parse(text) : (init?.body ?? null) };
      sent.push(req);
      const reply = (await handler(req)) ?? { status: 404, body: { error: { message: 'Not found' } } };
      return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

/** An API error reply with the server's message. */
export const apiError = (status: number, message: string) => ({ status, body: { error: { message } } });
