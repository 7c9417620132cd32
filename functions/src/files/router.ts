import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { attachment, type DiskStorage } from '../platform/storage';
import { forbidden, notFound } from '../platform/errors';

/**
 * GET /api/files/<path>?expires&sig — serves a DiskStorage file to whoever holds a valid
 * signed URL (the local stack's stand-in for Cloud Storage signed URLs). Range requests work
 * (audio seeking); no other header says anything about the file.
 */
export function filesRouter(deps: Deps): Router {
  const router = Router();
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
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Accept-Ranges', 'bytes');
    if (typeof req.query.download === 'string' && req.query.download) res.setHeader('Content-Disposition', attachment(req.query.download));
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    const size = file.data.length;
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        res.status(416).setHeader('Content-Range', `bytes */${size}`).end();
        return;
      }
      res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
      res.setHeader('Content-Length', String(end - start + 1));
      res.end(file.data.subarray(start, end + 1));
      return;
    }
    res.setHeader('Content-Length', String(size));
    res.end(file.data);
  });
  return router;
}
