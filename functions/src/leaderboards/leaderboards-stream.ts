import type { RequestHandler } from 'express';
import type { DeceptionRow, Leaderboards } from '../../../common/contest/leaderboards';
import type { PublicMigration } from '../../../common/migration/migration';
import { migrationConfigRef } from '../migration/migration-refs';
import { publicMigration } from '../migration/public-migration';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { openEventStream } from '../platform/http/sse';
import { noFields, parse } from '../platform/http/validate';
import { deceptionQuery, deceptionRows } from './deception';
import { leaderboardStreamOpened, refreshLeaderboardsNow } from './refresh-scheduler';
import { SUMMARY_CATEGORIES, summariesFrom, summaryCol, type Summaries } from './summary';

/**
 * GET /api/public/leaderboards/stream — Server-Sent Events, each a `data:` line with the whole
 * Leaderboards JSON: once at the start, then whenever the deception board's track_stats or a
 * leaderboard_summary document changes (identical boards are not sent twice). It also carries
 * the migration countdown (`migration`), sent again whenever migration_config/1 changes, so the
 * home card needs no stream or poll of its own; the user count is fresh at each (re)connection.
 */
export const leaderboardsStream =
  (deps: Deps): RequestHandler =>
  (req, res) => {
    parse(noFields, req.query);
    const stream = openEventStream(req, res);
    let deception: DeceptionRow[] | null = null;
    let summaries: Summaries | null = null;
    let migration: PublicMigration | null = null;
    let lastSent = '';
    const emit = () => {
      if (!deception || !summaries || !migration) return;
      const boards: Leaderboards = { ...summaries, deception, migration };
      const text = JSON.stringify(boards);
      if (text === lastSent) return;
      lastSent = text;
      stream.send(boards);
    };
    const failed = (err: unknown) => {
      log.streamError(err);
      stream.close();
    };

    const unsubscribes = [
      deceptionQuery(deps.db).onSnapshot((snap) => {
        // A stored document that does not parse ends the stream like a failed listener (it was logged).
        try {
          deception = deceptionRows(snap);
        } catch (err) {
          failed(err);
          return;
        }
        emit();
      }, failed),
      summaryCol(deps.db).onSnapshot((snap) => {
        try {
          summaries = summariesFrom(snap.docs);
        } catch (err) {
          failed(err);
          return;
        }
        // A database without summaries yet: compute them; the listener then sends them.
        if (snap.size < SUMMARY_CATEGORIES.length) void refreshLeaderboardsNow(deps).catch((err: unknown) => log.unexpectedError(err));
        emit();
      }, failed),
      migrationConfigRef(deps.db).onSnapshot((snap) => {
        publicMigration(deps.db, snap.data() ?? {}).then((m) => {
          migration = m;
          emit();
        }, failed);
      }, failed),
    ];
    unsubscribes.forEach((u) => stream.onClose(u));
    stream.onClose(leaderboardStreamOpened(deps));
  };
