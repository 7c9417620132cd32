import type { Bucket } from '@google-cloud/storage';
import { describe, expect, it } from 'vitest';
import { CloudStorage, StorageUnavailableError } from './storage';

/** A bucket whose every call fails as Cloud Storage does when it is out of reach or the signer refuses. */
function failingBucket(): Bucket {
  const outage = Object.assign(new Error('We encountered an internal error. Please try again.'), { code: 503 });
  const fail = () => Promise.reject(outage);
  const file = { save: fail, exists: fail, download: fail, getMetadata: fail, delete: fail, getSignedUrl: fail };
  return { file: () => file } as unknown as Bucket;
}

describe('CloudStorage', () => {
  const storage = new CloudStorage(failingBucket());

  it.each([
    ['put', () => storage.put('a/b.mp3', Buffer.from('x'), 'audio/mpeg')],
    ['get', () => storage.get('a/b.mp3')],
    ['delete', () => storage.delete('a/b.mp3')],
    ['exists', () => storage.exists('a/b.mp3')],
    ['signedUrl', () => storage.signedUrl('a/b.mp3', 60)],
  ])('%s: a failing service rejects with StorageUnavailableError (the API answers 503), keeping the cause', async (_name, call) => {
    const err: unknown = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).cause).toMatchObject({ code: 503 });
  });
});
