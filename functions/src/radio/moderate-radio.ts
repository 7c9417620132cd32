import type { RequestHandler } from 'express';
import { RADIO_MSG } from '../../../common/radio-messages';
import { enqueueAccountMail, formatMailTime } from '../platform/account-mail';
import type { Deps } from '../platform/deps';
import { badRequest, conflict } from '../platform/errors';
import { parse } from '../platform/validate';
import { changeSubmission } from './radio-transition';
import { emptyBody, scheduleBody, submissionIdParams, uploadRunning, type StoredRadioSubmission } from './submission-doc';

/** The submission's name in the submitter's mail: the track's title, or the ad's name. */
const mailTitle = (doc: StoredRadioSubmission) => doc.track_title || (doc.submission_type === 'advertisement' ? 'your advertisement' : 'your track');

/** POST /api/cms/radio/:id/approve and /reject — only from pending (spec §4); an approval mails the submitter. */
export const moderateRadio =
  (deps: Deps, status: 'approved' | 'rejected'): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(emptyBody, req.body ?? {});
    const submission = await changeSubmission(
      deps,
      id,
      (doc) => {
        if (doc.status !== 'pending') throw conflict(RADIO_MSG.notPending);
        return { status };
      },
      status === 'approved' ? (tx, doc) => enqueueAccountMail(deps.db, tx, doc.user_id, 'radio_approved', { title: mailTitle(doc) }, deps.now()) : undefined,
    );
    res.json({ submission });
  };

/**
 * POST /api/cms/radio/:id/mark-uploaded — the manual flow: after uploading the downloaded file
 * over SFTP by hand, the admin confirms it (beyond the spec; Schedule needs an uploaded file).
 */
export const markUploaded =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    parse(emptyBody, req.body ?? {});
    const submission = await changeSubmission(deps, id, (doc) => {
      if (doc.status !== 'approved') throw conflict(RADIO_MSG.notApprovedForUpload);
      if (uploadRunning(doc, deps.now())) throw conflict(RADIO_MSG.uploadInProgress);
      return { status: 'uploaded', sftp_uploaded: true, sftp_upload_error: null };
    });
    res.json({ submission });
  };

/** A broadcast time may be this much in the past (clocks differ) and at most this far ahead. */
const CLOCK_SKEW_MS = 60_000;
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** POST /api/cms/radio/:id/schedule { scheduled_broadcast_time } — an uploaded submission gets its time (status scheduled); the submitter is mailed it. */
export const scheduleRadio =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(submissionIdParams, req.params);
    const input = parse(scheduleBody, req.body);
    const at = Date.parse(input.scheduled_broadcast_time);
    if (!Number.isFinite(at)) throw badRequest(`scheduled_broadcast_time: ${RADIO_MSG.scheduleFailed}`);
    if (at < deps.now() - CLOCK_SKEW_MS) throw badRequest(RADIO_MSG.scheduleInPast);
    if (at > deps.now() + MAX_AHEAD_MS) throw badRequest(RADIO_MSG.scheduleTooFar);
    const submission = await changeSubmission(
      deps,
      id,
      (doc) => {
        if (doc.status !== 'uploaded' || !doc.sftp_uploaded) throw conflict(RADIO_MSG.notUploaded);
        return { status: 'scheduled', scheduled_broadcast_time: new Date(at).toISOString(), station_requested_at: null };
      },
      (tx, doc) => enqueueAccountMail(deps.db, tx, doc.user_id, 'radio_scheduled', { title: mailTitle(doc), scheduled_at: formatMailTime(at) }, deps.now()),
    );
    res.json({ submission });
  };
