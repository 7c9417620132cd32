import type { Request, Response } from 'express';

/**
 * Sends a stored file with its content type and `cacheControl`, honouring a single byte Range
 * (206, or 416 when unsatisfiable), so audio can seek. No other header says anything about it.
 */
export function sendFile(req: Request, res: Response, file: { data: Buffer; contentType: string }, cacheControl: string): void {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Accept-Ranges', 'bytes');
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
}
