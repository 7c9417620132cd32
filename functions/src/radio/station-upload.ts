import type { RequestHandler } from 'express';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import type { RadioStation } from '../platform/station/station';
import { conflict, HttpError, unavailable } from '../platform/http/errors';
import { log } from '../platform/log';
import { encodeForStation, sniffAudio } from '../platform/media/media';
import { noFields, parse } from '../platform/http/validate';
import { settleKey, stationPlan } from './mystery';
import { changeSubmission, loadSubmission } from './radio-transition';
import { sourceAudioPath } from './source-audio';
import { submissionIdParams, UPLOAD_CLAIM_MS, uploadRunning, type StationTags, type StoredRadioSubmission } from './submission-doc';

const uploadable = (doc: StoredRadioSubmission, now: number): void => {
  if (doc.status !== 'approved') throw conflict(RADIO_MSG.notApprovedForUpload);
  if (uploadRunning(doc, now)) throw conflict(RADIO_MSG.uploadInProgress);
};

/** What the admin sees of a failure: short, and never a credential (the station's own error text is only logged). */
export function failureText(stage: Stage): string {
  if (stage === 'read') return 'The original audio could not be read';
  if (stage === 'convert') return 'The audio could not be converted to mp3';
  return 'The station did not accept the file (SFTP upload failed)';
}

type Stage = 'read' | 'convert' | 'upload';

export class StationStageError extends Error {
  constructor(
    readonly stage: Stage,
    cause: unknown,
  ) {
    super(`station upload failed at ${stage}`, { cause });
  }
}

/**
 * The file the station takes: the submission's original audio (at `path` in storage) as a
 * 128 kbps mp3 tagged with `tags` (stationPlan: its title and artist, or a mystery's while its
 * track is in the contest). Throws a StationStageError ('read', 'convert').
 */
export async function stationFile(deps: Deps, path: string, tags: StationTags): Promise<Buffer> {
  let stage: Stage = 'read';
  try {
    const original = await deps.storage.get(path);
    const kind = original ? sniffAudio(original.data) : null;
    if (!original || !kind) throw new Error(`no readable audio at ${path}`);
    stage = 'convert';
    return await encodeForStation(deps.ffmpegPath, original.data, kind, tags);
  } catch (err) {
    throw new StationStageError(stage, err);
  }
}

/** The station file (stationFile) written to the submission's SFTP path on the station. Throws a StationStageError. */
export async function putOnStation(deps: Deps, station: RadioStation, doc: StoredRadioSubmission, path: string, tags: StationTags): Promise<void> {
  const mp3 = await stationFile(deps, path, tags);
  try {
    await station.upload(doc.sftp_path!, mp3);
  } catch (err) {
    throw new StationStageError('upload', err);
  }
}

/**
 * The station file put as 'Upload to Station' makes it (a mystery's while the track is in the
 * contest), recording its key and whether it is a mystery, without the claim or a status change:
 * the seeded queue's way (scripts/lib/seed-radio.ts). Throws a StationStageError.
 */
export async function putOnStationAsPlanned(deps: Deps, station: RadioStation, doc: StoredRadioSubmission, path: string): Promise<void> {
  let plan = await stationPlan(deps, doc);
  await changeSubmission(deps, doc.id, (current) => {
    const settled = settleKey(plan, current);
    plan = settled.plan;
    return settled.patch;
  });
  await putOnStation(deps, station, doc, path, plan.tags);
  await changeSubmission(deps, doc.id, () => ({ station_mystery: plan.mystery }));
}

/**
 * POST /api/cms/radio/:id/upload — 'Upload to Station': the original audio as a 128 kbps mp3
 * tagged with title and artist (a mystery's tags while the track is in the contest: mystery.ts),
 * to the submission's SFTP path. Only from approved (also after a
 * failed attempt). The attempt is claimed in a transaction first (`upload_started_at`), so a
 * second concurrent call gets a 409. Success: uploaded; failure: sftp_upload_error set, status
 * unchanged, 502. Uploaded but not recorded (the database failed): 503, and the claim lapses
 * after UPLOAD_CLAIM_MS. Checks that refuse (404, 409, 422) write nothing.
 */
export const stationUpload =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const station = deps.station;
    if (!station) throw conflict(RADIO_MSG.stationNotConfigured);
    const doc = await loadSubmission(deps, id);
    uploadable(doc, deps.now());
    const path = await sourceAudioPath(deps, doc);
    let plan = await stationPlan(deps, doc);
    const startedAt = new Date(deps.now()).toISOString();
    await changeSubmission(deps, id, (current) => {
      uploadable(current, deps.now());
      const settled = settleKey(plan, current);
      plan = settled.plan;
      return { upload_started_at: startedAt, ...settled.patch };
    });

    try {
      await putOnStation(deps, station, doc, path, plan.tags);
    } catch (err) {
      const stage = err instanceof StationStageError ? err.stage : 'upload';
      log.stationCallFailed(`upload:${stage}`, id, err);
      await changeSubmission(deps, id, () => ({ sftp_upload_error: failureText(stage), upload_started_at: null }));
      throw new HttpError(502, 'station_failed', RADIO_MSG.stationUploadFailed, { detail: failureText(stage) });
    }
    let submission;
    try {
      // The file now on the station is a mystery, or named: the reveal (mystery.ts) goes by this.
      const uploaded = { status: 'uploaded', sftp_uploaded: true, sftp_upload_error: null, upload_started_at: null, station_mystery: plan.mystery } as const;
      submission = await changeSubmission(deps, id, () => uploaded, undefined, {
        actorId: requireCaller(res).uid,
        action: 'radio.upload',
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // The file is on the station; the attempt's lock lapses after UPLOAD_CLAIM_MS, then an upload again records it.
      log.stationUploadUnrecorded(id, err);
      throw unavailable(RADIO_MSG.uploadNotRecorded(UPLOAD_CLAIM_MS / 60_000), UPLOAD_CLAIM_MS / 1000);
    }
    res.json({ submission });
  };
