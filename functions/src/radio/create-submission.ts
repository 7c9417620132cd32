import type { RequestHandler } from 'express';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { idempotencyKey } from '../platform/http/idempotency';
import { parse } from '../platform/http/validate';
import { queueMusic } from './queue-music';
import { musicBody } from './submission-doc';

/**
 * POST /api/radio/submissions { track_id, submission_type: 'music', token_cost? } — create-radio-submission:
 * the owner of an approved track puts it into the radio queue for the radio upload cost.
 */
export const createSubmission =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const key = idempotencyKey(req);
    const { track_id, token_cost } = parse(musicBody, req.body);
    const { submission } = await queueMusic(deps, track_id, { by: 'owner', uid: caller.uid, key, expectedCost: token_cost });
    res.status(201).json({ submission });
  };
