import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** What Firebase Hosting compresses: text, scripts, JSON, XML, SVG, the web manifest. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(javascript|json|xml|manifest\+json|x-javascript)|image\/svg\+xml)/;

function encodingFor(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = String(accept ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return null;
}

/**
 * An HTTP proxy to `target` that compresses responses as deployed Firebase Hosting does
 * (brotli or gzip, per Accept-Encoding); the Hosting emulator sends everything uncompressed.
 * Streams (Server-Sent Events) and already encoded bodies pass through untouched.
 */
export function startCompressingProxy(port: number, target: number): Promise<Server> {
  const server = createServer((req, res) => {
    const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (up) => {
      const headers: IncomingHttpHeaders = { ...up.headers };
      const encoding = encodingFor(req.headers['accept-encoding']);
      const compress = encoding !== null && !headers['content-encoding'] && COMPRESSIBLE.test(String(headers['content-type'] ?? '')) && up.statusCode !== 304;
      if (!compress) {
        res.writeHead(up.statusCode ?? 502, headers);
        pipeline(up, res, () => undefined);
        return;
      }
      delete headers['content-length'];
      headers['content-encoding'] = encoding;
      headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : 'Accept-Encoding';
      res.writeHead(up.statusCode ?? 200, headers);
      const encoder = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : createGzip({ level: 9 });
      pipeline(up, encoder, res, () => undefined);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    pipeline(req, upstream, () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
