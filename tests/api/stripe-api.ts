import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API on a local port, for the real `stripe` library: it answers
 * `POST /v1/checkout/sessions` as Stripe does (a `checkout.session` made from the form-encoded
 * parameters the library sent) and keeps every session it made, as Stripe would.
 */
export type StripeApi = {
  host: string;
  port: number;
  /** The sessions made, in order: Stripe's objects, as answered. */
  sessions: Array<Record<string, any>>;
  /** The parameters of each create, decoded from the body the library sent. */
  created: Array<Record<string, any>>;
  close: () => Promise<void>;
};

/** `a[b][0][c]=1&a[d]=2` (Stripe's form encoding) as nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: any = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[part];
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a')}`;

function checkoutSession(params: Record<string, any>): Record<string, any> {
  const lines: Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }> = params.line_items ?? [];
  const amount = lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0);
  const sessionId = id('cs_test');
  return {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: Math.floor(Date.now() / 1000),
    currency: lines[0]?.price_data.currency ?? null,
    customer: null,
    livemode: false,
    metadata: params.metadata ?? {},
    mode: params.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: params.success_url ?? null,
    url: `https://checkout.stripe.com/c/pay/${sessionId}`,
  };
}

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
  res.end(JSON.stringify(body));
};

export async function startStripeApi(): Promise<StripeApi> {
  const sessions: StripeApi['sessions'] = [];
  const created: StripeApi['created'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
        answer(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const params = decodeStripeForm(Buffer.concat(chunks).toString('utf8'));
        created.push(params);
        const session = checkoutSession(params);
        sessions.push(session);
        answer(res, 200, session);
        return;
      }
      answer(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
    });
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    sessions,
    created,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
