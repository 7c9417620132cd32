import type { RequestHandler } from 'express';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/http/validate';
import { queueMusic } from './queue-music';
import { trackIdBody } from './submission-doc';

/**
 * POST /api/cms/radio/send { track_id } — the admin quick send (spec §5, §9): the track's owner
 * gets a paid submission of amount 0; a non-super admin needs the radio cost in tokens but is
 * not charged (docs/adr/0036-radio-submissions-and-the-queue.md).
 */
export const quickSend =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { track_id } = parse(trackIdBody, req.body);
    const { submission } = await queueMusic(deps, track_id, { by: 'admin', uid: caller.uid });
    res.status(201).json({ submission });
  };
