import type { RequestHandler } from 'express';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import { RADIO_MSG } from '../../../common/radio-messages';
import type { Deps } from '../platform/deps';
import { HttpError, notFound } from '../platform/errors';
import { log } from '../platform/log';
import { noFields, parse } from '../platform/validate';
import { loadSubmission } from './radio-transition';
import { baseName, sourceAudioPath } from './source-audio';
import { failureText, StationStageError, stationFile } from './station-upload';
import { submissionIdParams } from './submission-doc';

/** Where a submission's station file is kept for the manual download (rewritten on each). */
export const stationCopyPath = (id: string): string => `radio-ready/${id}.mp3`;

/**
 * POST /api/cms/radio/:id/download-link — a signed URL (3600 s) of the file the station takes
 * (the original as a tagged 128 kbps mp3, as 'Upload to Station' sends it), downloading under
 * the name of its SFTP path, so the manual upload puts exactly that file where the queue expects
 * it. (It used to give the original: a WAV named .wav for an .mp3 path.) Allowed in any status.
 */
export const downloadLink =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const doc = await loadSubmission(deps, id);
    const source = await sourceAudioPath(deps, doc);
    let mp3: Buffer;
    try {
      mp3 = await stationFile(deps, doc, source);
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
