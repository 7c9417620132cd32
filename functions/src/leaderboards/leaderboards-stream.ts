import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { DeceptionRow, Leaderboards } from '../../../common/leaderboards';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { parse } from '../platform/validate';
import { deceptionQuery, deceptionRows } from './deception';
import { leaderboardStreamOpened, refreshLeaderboardsNow } from './refresh-scheduler';
import { SUMMARY_CATEGORIES, summariesFrom, type Summaries } from './summary';

const HEARTBEAT_MS = 15_000;
/** Hosting and load balancers cut long requests; end first and let EventSource reconnect. */
const MAX_STREAM_MS = 50_000;

/**
 * GET /api/public/leaderboards/stream — Server-Sent Events, each a `data:` line with the whole
 * Leaderboards JSON: once at the start, then whenever the deception board's track_stats or a
 * leaderboard_summary document changes (identical boards are not sent twice).
 */
export const leaderboardsStream =
  (deps: Deps): RequestHandler =>
  (req, res) => {
    parse(z.strictObject({}), req.query);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });

    let closed = false;
    let deception: DeceptionRow[] | null = null;
    let summaries: Summaries | null = null;
    let lastSent = '';
    const emit = () => {
      if (closed || !deception || !summaries) return;
      const boards: Leaderboards = { ...summaries, deception };
      const text = JSON.stringify(boards);
      if (text === lastSent) return;
      lastSent = text;
      res.write(`data: ${text}\n\n`);
    };
    const failed = (err: unknown) => {
      log.streamError(err);
      close();
    };

    const unsubscribes = [
      deceptionQuery(deps.db).onSnapshot((snap) => {
        deception = deceptionRows(snap);
        emit();
      }, failed),
      deps.db.collection(COL.leaderboardSummary).onSnapshot((snap) => {
        summaries = summariesFrom(snap.docs);
        // A database without summaries yet: compute them; the listener then sends them.
        if (snap.size < SUMMARY_CATEGORIES.length) void refreshLeaderboardsNow(deps).catch((err: unknown) => log.unexpectedError(err));
        emit();
      }, failed),
    ];
    const release = leaderboardStreamOpened(deps);

    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const deadline = setTimeout(() => close(), MAX_STREAM_MS);
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(deadline);
      unsubscribes.forEach((u) => u());
      release();
      res.end();
    }
    req.on('close', close);
  };
