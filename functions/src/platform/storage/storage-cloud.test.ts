import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRC32C, Storage } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachment, CloudStorage } from './storage';

/**
 * CloudStorage through the real @google-cloud/storage client, pointed (apiEndpoint) at a local
 * stand-in for Cloud Storage's JSON API that keeps objects in memory: uploads (multipart, as
 * `resumable: false` sends them), metadata, media downloads and deletes.
 */
const BUCKET = 'demo-foolrate.appspot.com';
type StoredObject = { data: Buffer; contentType: string };

function startGcs() {
  const objects = new Map<string, StoredObject>();
  const asked: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // The hashes Cloud Storage computes: the client compares them with its own after an upload.
  const metadata = (name: string, o: StoredObject) => ({
    kind: 'storage#object',
    bucket: BUCKET,
    name,
    contentType: o.contentType,
    size: String(o.data.length),
    generation: '1',
    md5Hash: createHash('md5').update(o.data).digest('base64'),
    crc32c: crc32c(o.data),
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://gcs.local');
      asked.push(`${req.method} ${url.pathname}`);
      const upload = url.pathname === `/upload/storage/v1/b/${BUCKET}/o` && url.searchParams.get('uploadType') === 'multipart';
      const object = /^\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
      if (req.method === 'POST' && upload) {
        const [meta, media] = multipartRelated(Buffer.concat(chunks), req.headers['content-type'] ?? '');
        const info = JSON.parse(meta!.body.toString('utf8')) as { name?: string; contentType?: string };
        const name = info.name ?? url.searchParams.get('name')!;
        const stored = { data: media!.body, contentType: info.contentType ?? media!.contentType };
        objects.set(name, stored);
        return json(res, 200, metadata(name, stored));
      }
      if (!object || object[1] !== BUCKET) return json(res, 404, { error: { code: 404, message: 'The specified bucket does not exist.' } });
      const name = decodeURIComponent(object[2]!);
      const found = objects.get(name);
      if (!found) return json(res, 404, { error: { code: 404, message: `No such object: ${BUCKET}/${name}` } });
      if (req.method === 'DELETE') {
        objects.delete(name);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && url.searchParams.get('alt') === 'media') {
        res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': found.data.length });
        res.end(found.data);
        return;
      }
      if (req.method === 'GET') return json(res, 200, metadata(name, found));
      json(res, 405, { error: { code: 405, message: 'Method not allowed' } });
    });
  }).listen(0, '127.0.0.1');
  return { server, objects, asked };
}

const crc32c = (data: Buffer) => {
  const sum = new CRC32C();
  sum.update(data);
  return sum.toString();
};

/** The parts of a multipart/related body: each one's Content-Type and bytes. */
function multipartRelated(body: Buffer, contentType: string): Array<{ contentType: string; body: Buffer }> {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`Not multipart: ${contentType}`);
  const parts: Array<{ contentType: string; body: Buffer }> = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start + 2, next - 2); // after the CRLF that ends the delimiter line, before the CRLF that precedes the next
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    parts.push({ contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '', body: part.subarray(headerEnd + 4) });
    at = next;
  }
  return parts;
}

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CLIENT_EMAIL = 'api@demo-foolrate.iam.gserviceaccount.com';

let gcs: ReturnType<typeof startGcs>;
let storage: CloudStorage;
/** Deployed, storage.googleapis.com; here the stand-in, which signed URLs name too. */
let endpoint: string;

beforeAll(async () => {
  gcs = startGcs();
  await new Promise((r) => gcs.server.once('listening', r));
  endpoint = `http://127.0.0.1:${(gcs.server.address() as AddressInfo).port}`;
  const client = new Storage({
    apiEndpoint: endpoint,
    projectId: 'demo-foolrate',
    credentials: { client_email: CLIENT_EMAIL, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    retryOptions: { autoRetry: false },
  });
  storage = new CloudStorage(client.bucket(BUCKET));
});
afterAll(async () => {
  gcs.server.closeAllConnections();
  await new Promise((r) => gcs.server.close(r));
});

describe('CloudStorage against the Cloud Storage JSON API', () => {
  const bytes = Buffer.from([0xff, 0xfb, 0x90, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0x01, 0xfe]);

  it('stores what it is given, byte for byte, with its content type, and reads it back', async () => {
    await storage.put('tracks/t1/original.mp3', bytes, 'audio/mpeg');
    expect(gcs.objects.get('tracks/t1/original.mp3')).toEqual({ data: bytes, contentType: 'audio/mpeg' });
    expect(await storage.exists('tracks/t1/original.mp3')).toBe(true);
    expect(await storage.get('tracks/t1/original.mp3')).toEqual({ data: bytes, contentType: 'audio/mpeg' });
  });

  it('answers a missing object with false and null, not an error', async () => {
    expect(await storage.exists('tracks/none/original.mp3')).toBe(false);
    expect(await storage.get('tracks/none/original.mp3')).toBeNull();
  });

  it('deletes an object, and a missing one without complaint', async () => {
    await storage.put('proofs/o1/proof.png', Buffer.from('png'), 'image/png');
    await storage.delete('proofs/o1/proof.png');
    expect(gcs.objects.has('proofs/o1/proof.png')).toBe(false);
    expect(await storage.exists('proofs/o1/proof.png')).toBe(false);
    await expect(storage.delete('proofs/o1/proof.png')).resolves.toBeUndefined();
    expect(gcs.asked.filter((a) => a.startsWith('DELETE'))).toEqual([`DELETE /storage/v1/b/${BUCKET}/o/proofs%2Fo1%2Fproof.png`, `DELETE /storage/v1/b/${BUCKET}/o/proofs%2Fo1%2Fproof.png`]);
  });

  it('signs a read URL with the service account key, for the time asked and under the download name', async () => {
    const before = Date.now();
    const signed = new URL(await storage.signedUrl('tracks/t1/original.mp3', 600, 'Ünder Fire.mp3'));
    const q = signed.searchParams;
    expect(`${signed.origin}${signed.pathname}`).toBe(`${endpoint}/${BUCKET}/tracks/t1/original.mp3`);
    expect(q.get('GoogleAccessId')).toBe(CLIENT_EMAIL);
    const expires = Number(q.get('Expires')) * 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 601_000);
    expect(q.get('response-content-disposition')).toBe(attachment('Ünder Fire.mp3'));
    // Cloud Storage's V2 signature over this very read, made with the account's key.
    const toSign = ['GET', '', '', q.get('Expires'), `/${BUCKET}/tracks/t1/original.mp3`].join('\n');
    expect(createVerify('RSA-SHA256').update(toSign).verify(publicKey, q.get('Signature')!, 'base64')).toBe(true);
    expect(createVerify('RSA-SHA256').update(toSign.replace('original', 'other')).verify(publicKey, q.get('Signature')!, 'base64')).toBe(false);
  });
});
