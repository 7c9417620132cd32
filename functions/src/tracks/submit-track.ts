import type { RequestHandler } from 'express';
import type { SubmissionResult } from '../../../common/radio/submission';
import { requireCaller } from '../platform/http/auth';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { idempotencyKey, priorResponse } from '../platform/http/idempotency';
import { createTracks, precheck } from './create-tracks';
import { submissionKeyRef } from './idempotency';
import { readSubmission } from './parse-submission';
import { prepareMedia } from './prepare-media';
import { storeMedia } from './store-media';

/**
 * POST /api/tracks — process-track-submission: validate the form, check and measure the audio,
 * cut the clip, store the files, then create the tracks and charge the fee in one transaction.
 * Anything that fails after the upload removes the files again: no files, no track, no charge
 * (createTracks).
 */
export const submitTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const key = idempotencyKey(req);
    const prior = key ? priorResponse<SubmissionResult>(await submissionKeyRef(deps.db, caller.uid, key).get()) : null;
    if (prior) {
      res.status(201).json(prior);
      return;
    }
    await consumeRateLimit(deps, 'upload', caller.uid);
    const parsed = await readSubmission(req);
    await precheck(deps, caller.uid, parsed.fields.submissionRoutes);
    const media = await prepareMedia(deps.ffmpegPath, parsed);
    const groupId = deps.db.collection(COL.tracks).doc().id;
    const stored = await storeMedia(deps.storage, groupId, media, parsed.fields.submissionRoutes.length);
    const result = await createTracks(deps, {
      uid: caller.uid,
      key,
      groupId,
      fields: parsed.fields,
      media: stored,
      durationSeconds: media.audio.durationSeconds,
      audioKeys: media.audio.keys,
      print: media.print,
      previewStart: media.previewStart,
    });
    res.status(201).json(result);
  };
