import { Transform, type Writable } from 'node:stream';
import type { Request } from 'express';
import { rawBodyOf } from './http';

/**
 * Upload bodies are read up to a limit and no further. A body that declares more (Content-Length)
 * is refused before any of it is read; one that is streamed without a length (chunked) is
 * cut off as soon as it passes the limit. The rest is never read, so that connection cannot
 * carry another request: the answer goes out with `Connection: close`.
 */

/** Room a multipart body needs beyond its files: boundaries, part headers and the text fields. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export type BodyFeed = {
  /** After a refusal: keep reading only to throw the bytes away, still no further than the limit. */
  discardRest: () => void;
};

function closeAfterAnswer(req: Request): void {
  if (req.res && !req.res.headersSent) req.res.setHeader('Connection', 'close');
}

/**
 * Feeds the request body into `sink` (busboy), at most `maxBytes` of it; past that it stops
 * reading and calls `onOverflow` once. Cloud Functions hands over the body already read
 * (`rawBody`, capped by the platform); a plain server streams it.
 */
export function feedBody(req: Request, sink: Writable, maxBytes: number, onOverflow: () => void): BodyFeed {
  const declared = Number(req.headers['content-length']);
  const rawBody = rawBodyOf(req);
  if ((Number.isFinite(declared) && declared > maxBytes) || (rawBody && rawBody.length > maxBytes)) {
    closeAfterAnswer(req);
    onOverflow();
    return { discardRest: () => undefined };
  }
  if (rawBody) {
    sink.end(rawBody);
    return { discardRest: () => undefined };
  }
  let seen = 0;
  let discarding = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (seen > maxBytes) return done(); // a chunk already on its way when reading stopped
      seen += chunk.length;
      if (seen > maxBytes) {
        req.unpipe(counter);
        req.pause();
        counter.unpipe(sink);
        closeAfterAnswer(req);
        onOverflow();
        return done();
      }
      done(null, discarding ? undefined : chunk);
    },
  });
  req.pipe(counter).pipe(sink);
  return {
    discardRest: () => {
      discarding = true;
      counter.unpipe(sink);
      counter.resume(); // nothing is pushed any more; keep the request flowing through the count
    },
  };
}
