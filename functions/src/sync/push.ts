import type { RequestHandler } from 'express';
import { pushRows } from '../../../common/api/sync';
import type { SyncCollectionName } from '../../../common/sync';
import { requireCaller } from '../platform/http/auth';
import type { Deps, VerifiedUser } from '../platform/deps';
import { badRequest } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { collectionParams, type ClientDoc } from './registry';

/** RxDB's push row: what the client believes the server has, and what it wants. */
export type PushRow = { assumedMasterState: Record<string, unknown> | null; newDocumentState: Record<string, unknown> };

/**
 * Applies a batch of client writes and returns the conflicts: for every row whose result on
 * the server differs from what the client wrote, the server's document. Must be idempotent
 * (RxDB retries pushes on any error).
 */
export type PushHandler = (deps: Deps, caller: VerifiedUser, rows: PushRow[]) => Promise<ClientDoc[]>;

/** POST /api/sync/:collection/push — only collections with a handler accept writes. */
export const push =
  (deps: Deps, handlers: Partial<Record<SyncCollectionName, PushHandler>>): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { collection } = parse(collectionParams, req.params);
    const handler = handlers[collection];
    if (!handler) throw badRequest(`${collection} does not accept writes`);
    const rows = parse(pushRows, req.body).map((r) => ({ assumedMasterState: r.assumedMasterState ?? null, newDocumentState: r.newDocumentState }));
    // Votes are the only collection clients write; their handler limits pushes per user.
    res.json(await handler(deps, caller, rows));
  };
