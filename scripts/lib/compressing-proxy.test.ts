import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompressingProxy } from './compressing-proxy';

const SCRIPT = 'export const answer = 42;\n'.repeat(200);
let upstream: Server;
let proxy: Server;
let base: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(SCRIPT);
    else if (req.url === '/events') res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"resync":true}\n\n');
    else if (req.url === '/cover.webp') res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.from([1, 2, 3]));
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startCompressingProxy(0, (upstream.address() as AddressInfo).port);
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(() => {
  proxy.close();
  upstream.close();
});

/** The raw response: fetch would decode the body itself. */
async function raw(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the compressing proxy (what deployed Hosting sends)', () => {
  it('sends scripts brotli- or gzip-compressed, as the browser accepts', async () => {
    const br = await raw('/app.js', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await raw('/app.js', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
  });

  it('passes streams, images, statuses and clients without compression through untouched', async () => {
    expect(await raw('/events', 'gzip, br')).toMatchObject({ encoding: undefined, body: Buffer.from('data: {"resync":true}\n\n') });
    expect(await raw('/cover.webp', 'gzip, br')).toMatchObject({ encoding: undefined, body: Buffer.from([1, 2, 3]) });
    expect(await raw('/app.js', 'identity')).toMatchObject({ encoding: undefined, body: Buffer.from(SCRIPT) });
    expect((await raw('/missing', 'gzip')).status).toBe(404);
  });
});
