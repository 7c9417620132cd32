import type { Request, Response } from 'express';

const HEARTBEAT_MS = 15_000;
/** Hosting and load balancers cut long requests; end first and let the client reconnect. */
const MAX_STREAM_MS = 50_000;

export type EventStream = {
  /** Sends one `data:` event with the value as JSON (nothing once closed). */
  send: (value: unknown) => void;
  /** Runs when the stream ends, whoever ends it. */
  onClose: (cleanup: () => void) => void;
  close: () => void;
  readonly closed: boolean;
};

/** Starts a Server-Sent-Events response with a heartbeat and a time cap. */
export function openEventStream(req: Request, res: Response): EventStream {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const cleanups: Array<() => void> = [];
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const deadline = setTimeout(() => stream.close(), MAX_STREAM_MS);
  const stream: EventStream = {
    closed: false,
    send: (value) => {
      if (!stream.closed) res.write(`data: ${JSON.stringify(value)}\n\n`);
    },
    onClose: (cleanup) => {
      if (stream.closed) cleanup();
      else cleanups.push(cleanup);
    },
    close: () => {
      if (stream.closed) return;
      (stream as { closed: boolean }).closed = true;
      clearInterval(heartbeat);
      clearTimeout(deadline);
      cleanups.forEach((c) => c());
      res.end();
    },
  };
  req.on('close', () => stream.close());
  if (req.method === 'HEAD') stream.close(); // the headers only: a stream would hold them 50 s
  return stream;
}
