import type { RequestHandler } from 'express';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/validate';
import { loadSubmission } from './radio-transition';
import { baseName, sourceAudioPath } from './source-audio';
import { emptyBody, submissionIdParams } from './submission-doc';

/**
 * POST /api/cms/radio/:id/download-link — a signed URL (3600 s) of the submission's original
 * audio, downloading under the station file's name (with the original's own extension when it
 * is not mp3), for the manual SFTP upload. Read-only, so allowed in any status.
 */
export const downloadLink =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(emptyBody, req.body ?? {});
    const doc = await loadSubmission(deps, id);
    const path = await sourceAudioPath(deps, doc);
    const stationName = doc.sftp_path ? baseName(doc.sftp_path) : baseName(path);
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'mp3';
    const downloadAs = stationName.replace(/\.mp3$/, `.${ext}`);
    const url = await deps.storage.signedUrl(path, SIGNED_URL_SECONDS, downloadAs);
    res.json({ url, sftp_path: doc.sftp_path });
  };
