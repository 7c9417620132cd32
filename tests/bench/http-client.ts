import { Agent, request } from 'node:http';

export type JsonResponse = { status: number; body: any };

/**
 * The benches' HTTP client: JSON over node:http with kept-alive connections. The clients share
 * the API's thread, and fetch (undici and its web streams) cost that thread about 2 ms of CPU
 * per request, as much as a third of the API's own work on a vote: figures measured through
 * fetch were the client's as much as the API's (docs/adr/0045-tests-in-process-api-and-emulator-stack.md).
 */
export function jsonClient(base: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (method: string, path: string, body?: unknown, token?: string) =>
    new Promise<JsonResponse>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      };
      const req = request(`${base}${path}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
}

/**
 * As deployed: Node maps no stack traces through source maps there (tsx turns it on), and the
 * Firestore client reads an Error's stack on every request, which mapping makes costly.
 */
export const unmappedStacks = () => process.setSourceMapsEnabled(false);
