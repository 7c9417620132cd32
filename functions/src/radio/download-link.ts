import type { RequestHandler } from 'express';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import type { Deps } from '../platform/deps';
import { HttpError, notFound } from '../platform/http/errors';
import { log } from '../platform/log';
import { noFields, parse } from '../platform/http/validate';
import { changeSubmission, loadSubmission } from './radio-transition';
import { baseName, sourceAudioPath } from './source-audio';
import { settleKey, stationPlan } from './mystery';
import { failureText, StationStageError, stationFile } from './station-upload';
import { submissionIdParams } from './submission-doc';

/** Where a submission's station file is kept for the manual download (rewritten on each). */
export const stationCopyPath = (id: string): string => `radio-ready/${id}.mp3`;

/**
 * POST /api/cms/radio/:id/download-link — a signed URL (3600 s) of the file the station takes
 * (the original as a tagged 128 kbps mp3, as 'Upload to Station' sends it), downloading under
 * the name of its SFTP path, so the manual upload puts exactly that file where the queue expects
 * it. (It used to give the original: a WAV named .wav for an .mp3 path.) Allowed in any status.
 * While the track is in the contest the file is a mystery's (mystery.ts); before the submission
 * is uploaded, what the download carries is recorded, as the file the admin will upload.
 */
export const downloadLink =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const doc = await loadSubmission(deps, id);
    const source = await sourceAudioPath(deps, doc);
    let plan = await stationPlan(deps, doc);
    if (!doc.sftp_uploaded && (plan.mystery || doc.station_mystery)) {
      await changeSubmission(deps, doc.id, (current) => {
        const settled = settleKey(plan, current);
        plan = settled.plan;
        return current.sftp_uploaded ? settled.patch : { ...settled.patch, station_mystery: plan.mystery };
      });
    }
    let mp3: Buffer;
    try {
      mp3 = await stationFile(deps, source, plan.tags);
    } catch (err) {
      const stage = err instanceof StationStageError ? err.stage : 'convert';
      log.stationCallFailed(`download:${stage}`, id, err);
      if (stage === 'read') throw notFound(RADIO_MSG.noAudio);
      throw new HttpError(422, 'invalid_argument', failureText(stage));
    }
    const copy = stationCopyPath(doc.id);
    await deps.storage.put(copy, mp3, 'audio/mpeg');
    const url = await deps.storage.signedUrl(copy, SIGNED_URL_SECONDS, doc.sftp_path ? baseName(doc.sftp_path) : `${doc.id}.mp3`);
    res.json({ url, sftp_path: doc.sftp_path });
  };
