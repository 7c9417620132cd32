import { createHash } from 'node:crypto';
import { Router } from 'express';
import { files } from '../../../common/api/files';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { imageRunError, webpVariant } from '../platform/media/image';
import { attachment, type DiskStorage } from '../platform/storage/storage';
import { badRequest, forbidden, notFound } from '../platform/http/errors';
import { serveSessionClip } from '../voting/serve-clip';
import { COVER_WIDTHS, parseCoverWidth, type CoverWidth } from '../../../common/contest/covers';
import { PLACEHOLDER_FILES } from '../../../common/cms/placeholders';
import { sendFile } from './send-file';

/**
 * GET /api/files/clips/:sessionId/:handle — a vote session's clip (voting/serve-clip.ts).
 * GET /api/files/placeholders/:filename[?w=96|192|512] — a stored placeholder cover, to anyone
 * (with ?w=, as WebP that wide: covers are shown at their size).
 * GET /api/files/<path>?expires&sig — serves a DiskStorage file to whoever holds a valid
 * signed URL (the local stack's stand-in for Cloud Storage signed URLs). Range requests work
 * (audio seeking); no other header says anything about the file.
 */
export function filesRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/files');
  on(files.clip, serveSessionClip(deps));
  // The stored placeholder covers (/upload-placeholders) are public: tracks' cover_art_url points here.
  on(files.placeholder, async (req, res) => {
    const { filename } = req.params as { filename: string };
    const width = parseCoverWidth(req.query.w);
    if (width === null) throw badRequest(`w: one of ${COVER_WIDTHS.join(', ')}`);
    const file = PLACEHOLDER_FILES.includes(filename) ? await deps.storage.get(`placeholders/${filename}`) : null;
    if (!file) throw notFound('File not found');
    const sent = width === 'original' ? file : { data: await coverVariant(deps.ffmpegPath, filename, width, file.data), contentType: 'image/webp' };
    sendFile(req, res, sent, 'public, max-age=3600');
  });
  on(files.signed, async (req, res) => {
    // Duck-typed: the local stack may load the storage class from another module instance.
    const storage = deps.storage as Partial<DiskStorage>;
    if (typeof storage.verify !== 'function' || typeof storage.get !== 'function') throw notFound();
    const path = (req.params as { path?: string[] }).path?.join('/') ?? '';
    const expires = Number(req.query.expires);
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    const download = typeof req.query.download === 'string' ? req.query.download : '';
    if (!path || !storage.verify(path, expires, sig, download)) throw forbidden('Invalid or expired link');
    const file = await storage.get(path);
    if (!file) throw notFound('File not found');
    if (download) res.setHeader('Content-Disposition', attachment(download));
    sendFile(req, res, file, 'private, max-age=3600');
  });
  return router;
}

/** Encoded variants of this instance, by cover and width, with the hash of the JPEG they came from (a new upload replaces it). */
const variants = new Map<string, { hash: string; data: Buffer }>();

async function coverVariant(ffmpegPath: string, filename: string, width: CoverWidth, jpeg: Buffer): Promise<Buffer> {
  const key = `${filename}:${width}`;
  const hash = createHash('sha256').update(jpeg).digest('hex');
  const cached = variants.get(key);
  if (cached?.hash === hash) return cached.data;
  // A stored cover that does not decode (uploads are checked since; one stored before) has no variant.
  const data = await webpVariant(ffmpegPath, jpeg, width).catch((err: unknown) => {
    throw imageRunError(err, () => notFound('File not found'));
  });
  variants.set(key, { hash, data });
  return data;
}
