import type { RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { streamQuery } from '../../../common/api/sync';
import type { StreamEvent } from '../../../common/sync';
import { callerOf, viewerOf } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { openEventStream } from '../platform/http/sse';
import { parse } from '../platform/http/validate';
import { checkpointOf, needsRoles, toClientDoc, visibleQuery } from './registry';

/**
 * GET /api/sync/stream?collections=a,b — Server-Sent Events of the caller's changes in the
 * named collections. The first event is a RESYNC, so a reconnecting client pulls what it
 * missed; after that each event carries changed documents and their checkpoint.
 */
export const stream =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { collections } = parse(streamQuery, req.query);
    const uid = callerOf(res)?.uid ?? null;
    const viewer = await viewerOf(deps, uid, needsRoles(collections));
    const stream = openEventStream(req, res);
    const send = (event: StreamEvent) => stream.send(event);
    send({ resync: true });
    log.streamOpened(uid, collections);

    const since = Timestamp.fromMillis(deps.now());
    for (const name of collections) {
      const query = visibleQuery(deps.db, name, viewer);
      if (!query) continue;
      const unsubscribe = query.where('updatedAt', '>=', since).onSnapshot(
        (snap) => {
          const changed = snap.docChanges().filter((c) => c.type !== 'removed');
          const last = changed.at(-1);
          if (!last) return;
          send({ collection: name, documents: changed.map((c) => toClientDoc(name, c.doc)), checkpoint: checkpointOf(last.doc) });
        },
        (err) => {
          log.streamError(err);
          stream.close();
        },
      );
      stream.onClose(unsubscribe);
    }
  };
