import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { toWellFormed } from '../../../../common/doc-id';

/**
 * Object storage as the API uses it. Locally files live on disk and signed URLs are served by
 * the API itself (/api/files/...); deployed, Cloud Storage can stand behind the same interface.
 */
export interface ObjectStorage {
  put(path: string, data: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(path: string): Promise<void>;
  /** Whether a file is stored at `path` (without reading it). */
  exists(path: string): Promise<boolean>;
  /** A URL that grants read access to `path` for `seconds`; with `downloadAs`, the file downloads under that name. */
  signedUrl(path: string, seconds: number, downloadAs?: string): Promise<string>;
}

const safePath = (root: string, path: string): string => {
  const full = normalize(join(root, path));
  if (!full.startsWith(normalize(root) + '/')) throw new Error(`Invalid storage path: ${path}`);
  return full;
};

/** On-disk storage with HMAC-signed, expiring URLs (verified by verifySignedFile). */
export class DiskStorage implements ObjectStorage {
  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly now: () => number,
    /** Where signed URLs point, e.g. '/api/files'. */
    private readonly urlBase = '/api/files',
  ) {}

  async put(path: string, data: Buffer, contentType: string): Promise<void> {
    const full = safePath(this.root, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, data);
    await writeFile(`${full}.type`, contentType);
  }

  async get(path: string): Promise<{ data: Buffer; contentType: string } | null> {
    const full = safePath(this.root, path);
    try {
      await stat(full);
    } catch {
      return null;
    }
    const [data, contentType] = await Promise.all([readFile(full), readFile(`${full}.type`, 'utf8').catch(() => 'application/octet-stream')]);
    return { data, contentType };
  }

  async delete(path: string): Promise<void> {
    const full = safePath(this.root, path);
    await rm(full, { force: true });
    await rm(`${full}.type`, { force: true });
  }

  async exists(path: string): Promise<boolean> {
    try {
      return (await stat(safePath(this.root, path))).isFile();
    } catch {
      return false;
    }
  }

  /** The signature covers the download name too (as Cloud Storage's covers its response-content-disposition). */
  sign(path: string, expires: number, downloadAs = ''): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}\n${downloadAs}`).digest('base64url');
  }

  async signedUrl(path: string, seconds: number, downloadAs?: string): Promise<string> {
    return this.signedUrlSync(path, seconds, downloadAs);
  }

  signedUrlSync(path: string, seconds: number, downloadAs?: string): string {
    const expires = Math.floor(this.now() / 1000) + seconds;
    const url = `${this.urlBase}/${path.split('/').map(encodeURIComponent).join('/')}?expires=${expires}&sig=${this.sign(path, expires, downloadAs)}`;
    return downloadAs ? `${url}&download=${encodeURIComponent(downloadAs)}` : url;
  }

  /** Whether a signed URL's parts (its download name included) are genuine and unexpired. */
  verify(path: string, expires: number, sig: string, downloadAs = ''): boolean {
    if (!Number.isInteger(expires) || expires < Math.floor(this.now() / 1000)) return false;
    const expected = Buffer.from(this.sign(path, expires, downloadAs));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** Cloud Storage (or its URL signer) failed: out of reach, throttled, refusing. The API answers 503 (platform/http/errors.ts). */
export class StorageUnavailableError extends Error {}

/** A Cloud Storage call, whose failure becomes a StorageUnavailableError (with the original as its cause). */
async function reachable<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new StorageUnavailableError(`Cloud Storage ${what} failed`, { cause: err });
  }
}

/** Cloud Storage behind the same interface (deployed functions). */
export class CloudStorage implements ObjectStorage {
  constructor(private readonly bucket: import('@google-cloud/storage').Bucket) {}

  put(path: string, data: Buffer, contentType: string): Promise<void> {
    return reachable('save', () => this.bucket.file(path).save(data, { contentType, resumable: false }));
  }

  get(path: string): Promise<{ data: Buffer; contentType: string } | null> {
    return reachable('download', async () => {
      const file = this.bucket.file(path);
      const [exists] = await file.exists();
      if (!exists) return null;
      const [[data], [meta]] = await Promise.all([file.download(), file.getMetadata()]);
      return { data, contentType: meta.contentType ?? 'application/octet-stream' };
    });
  }

  async delete(path: string): Promise<void> {
    await reachable('delete', () => this.bucket.file(path).delete({ ignoreNotFound: true }));
  }

  exists(path: string): Promise<boolean> {
    return reachable('exists', async () => (await this.bucket.file(path).exists())[0]);
  }

  signedUrl(path: string, seconds: number, downloadAs?: string): Promise<string> {
    return reachable('signing', async () => {
      const [url] = await this.bucket.file(path).getSignedUrl({
        action: 'read',
        expires: Date.now() + seconds * 1000,
        ...(downloadAs ? { responseDisposition: attachment(downloadAs) } : {}),
      });
      return url;
    });
  }
}

/** The longest name a download gets, in characters (code points), its extension included. */
const DOWNLOAD_NAME_MAX = 150;

/**
 * `name` cut to DOWNLOAD_NAME_MAX characters, its extension kept: cut by code points, so an emoji
 * (two UTF-16 units) is never halved; a lone half of one (not valid Unicode) becomes U+FFFD.
 */
function downloadName(name: string): string {
  const chars = Array.from(toWellFormed(name));
  if (chars.length <= DOWNLOAD_NAME_MAX) return chars.join('');
  const dot = chars.lastIndexOf('.');
  const ext = dot > 0 && chars.length - dot <= 6 ? chars.slice(dot) : [];
  return [...chars.slice(0, DOWNLOAD_NAME_MAX - ext.length), ...ext].join('');
}

/** A Content-Disposition that downloads under `name` (ASCII fallback plus the UTF-8 form). */
export function attachment(name: string): string {
  const short = downloadName(name);
  const ascii = short.replace(/[^\x20-\x7e]/gu, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(short)}`;
}
