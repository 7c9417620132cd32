import type { RequestHandler } from 'express';
import type { Deps } from '../platform/deps';
import { readSettings } from './settings';

/** GET /api/cms/config — admin; the token economy, order and migration settings in force, defaults filled in. */
export const getSettings =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json(await readSettings(deps.db));
  };
