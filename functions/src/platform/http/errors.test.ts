import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { StorageUnavailableError } from '../storage/storage';

let server: ReturnType<ReturnType<typeof express>['listen']>;
let base: string;

beforeAll(async () => {
  const app = express();
  // What firebase-admin's runTransaction rejects with once its attempts are spent on contention.
  app.get('/contended', () => {
    throw Object.assign(new Error('10 ABORTED: Too much contention on these documents. Please try again.'), { code: 10 });
  });
  // What firebase-admin rejects with when Firestore cannot be reached or is overloaded.
  app.get('/down/:code', (req) => {
    throw Object.assign(new Error(`${req.params.code} UNAVAILABLE: No connection established`), { code: Number(req.params.code), details: 'No connection established', metadata: {} });
  });
  // ssh2's SFTP status errors carry numeric codes too (4 = FAILURE): not the database.
  app.get('/sftp', () => {
    throw Object.assign(new Error('Failure'), { code: 4 });
  });
  app.get('/storage-down', () => {
    throw new StorageUnavailableError('Cloud Storage signing failed', { cause: new Error('iam.serviceAccounts.signBlob 503') });
  });
  app.get('/broken', () => {
    throw new Error('boom');
  });
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('errorHandler', () => {
  it('answers a transaction aborted by contention with 503 and Retry-After, not 500', async () => {
    const res = await fetch(`${base}/contended`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
  });

  it.each([4, 8, 14])('answers gRPC status %i (the database out of reach or overloaded) with 503 and Retry-After, not 500', async (code) => {
    const res = await fetch(`${base}/down/${code}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Service temporarily unavailable, please try again');
  });

  it('does not take another library’s numeric code for a gRPC status', async () => {
    expect((await fetch(`${base}/sftp`)).status).toBe(500);
  });

  it('answers file storage out of reach with 503 and Retry-After', async () => {
    const res = await fetch(`${base}/storage-down`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('File storage is temporarily unavailable, please try again');
  });

  it('still answers an unexpected error with 500', async () => {
    const res = await fetch(`${base}/broken`);
    expect(res.status).toBe(500);
  });
});
