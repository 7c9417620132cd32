import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitBodies } from './admission';

/** A server whose handler reads the whole body, behind a small budget; `reads` counts the bodies it read. */
const budget = { uploadBytes: 1000, otherBytes: 100, inFlightBytes: 2500 };
let reads = 0;
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer(
    admitBodies((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        reads++;
        res.end(`read ${Buffer.concat(chunks).length}`);
      });
    }, budget),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends only the request's head (no body) and resolves with the first answer's status line, if one comes before the body would. */
function headOnly(headers: Record<string, string>): Promise<{ status: number; socket: ReturnType<typeof connect> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /api/x HTTP/1.1\r\nHost: t\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
    });
    socket.once('data', (d) => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(d.toString())?.[1]), socket }));
    socket.once('error', reject);
  });
}

describe('admitBodies', () => {
  it('refuses a body declared over its kind’s limit with 413 before any of it is sent', async () => {
    const json = await headOnly({ 'Content-Type': 'application/json', 'Content-Length': '101' });
    expect(json.status).toBe(413);
    json.socket.destroy();
    const upload = await headOnly({ 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '1001' });
    expect(upload.status).toBe(413);
    upload.socket.destroy();
    expect(reads).toBe(0);
  });

  it('admits bodies within their limits and reads them', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/x`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(100) });
    expect(await res.text()).toBe('read 100');
  });

  it('refuses with 503 and Retry-After a body that would take the bodies in flight over the budget, and admits again once one ends', async () => {
    const held = await Promise.all([0, 1].map(() => new Promise<ReturnType<typeof connect>>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /api/up HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n\r\n');
        resolve(socket);
      });
    })));
    // Two 1000-byte uploads are being read (their bodies not sent yet): a third does not fit in 2500.
    const refused = await headOnly({ 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '1000' });
    expect(refused.status).toBe(503);
    refused.socket.destroy();
    const small = await fetch(`http://127.0.0.1:${port}/api/x`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'y'.repeat(50) });
    expect(await small.text()).toBe('read 50');

    const done = new Promise<string>((resolve) => held[0]!.once('data', (d) => resolve(d.toString())));
    held[0]!.write('z'.repeat(1000));
    expect(await done).toContain('read 1000');
    held[0]!.destroy();
    held[1]!.destroy();
    const again = await fetch(`http://127.0.0.1:${port}/api/up`, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'w'.repeat(1000) });
    expect(await again.text()).toBe('read 1000');
  });

  it('counts a chunked body as the largest its kind may carry, and refuses a malformed length', async () => {
    const bad = await headOnly({ 'Content-Type': 'application/json', 'Content-Length': 'abc' });
    expect(bad.status).toBe(400);
    bad.socket.destroy();
    const chunked = await fetch(`http://127.0.0.1:${port}/api/x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('{}')), c.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.text()).toBe('read 2');
  });
});
