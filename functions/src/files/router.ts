import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { attachment, type DiskStorage } from '../platform/storage';
import { forbidden, notFound } from '../platform/errors';
import { serveSessionClip } from '../voting/serve-clip';
import { PLACEHOLDER_FILES } from '../../../common/placeholders';
import { sendFile } from './send-file';

/**
 * GET /api/files/clips/:sessionId/:handle — a vote session's clip (voting/serve-clip.ts).
 * GET /api/files/placeholders/:filename — a stored placeholder cover, to anyone.
 * GET /api/files/<path>?expires&sig — serves a DiskStorage file to whoever holds a valid
 * signed URL (the local stack's stand-in for Cloud Storage signed URLs). Range requests work
 * (audio seeking); no other header says anything about the file.
 */
export function filesRouter(deps: Deps): Router {
  const router = Router();
  router.get('/clips/:sessionId/:handle', serveSessionClip(deps));
  // The stored placeholder covers (/upload-placeholders) are public: tracks' cover_art_url points here.
  router.get('/placeholders/:filename', async (req, res) => {
    const { filename } = req.params as { filename: string };
    const file = PLACEHOLDER_FILES.includes(filename) ? await deps.storage.get(`placeholders/${filename}`) : null;
    if (!file) throw notFound('File not found');
    sendFile(req, res, file, 'public, max-age=3600');
  });
  router.get('/{*path}', async (req, res) => {
    // Duck-typed: the local stack may load the storage class from another module instance.
    const storage = deps.storage as Partial<DiskStorage>;
    if (typeof storage.verify !== 'function' || typeof storage.get !== 'function') throw notFound();
    const path = (req.params as { path?: string[] }).path?.join('/') ?? '';
    const expires = Number(req.query.expires);
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    if (!path || !storage.verify(path, expires, sig)) throw forbidden('Invalid or expired link');
    const file = await storage.get(path);
    if (!file) throw notFound('File not found');
    if (typeof req.query.download === 'string' && req.query.download) res.setHeader('Content-Disposition', attachment(req.query.download));
    sendFile(req, res, file, 'private, max-age=3600');
  });
  return router;
}
