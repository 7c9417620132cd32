import type { RequestHandler } from 'express';
import { SCHEDULE_MAX_AHEAD_MS } from '../../../common/radio/radio';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { enqueueAccountMail, formatMailTime } from '../accounts/account-mail';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { badRequest, conflict, notFound } from '../platform/http/errors';
import { noFields, parse } from '../platform/http/validate';
import { auditSubmission, changeSubmission } from './radio-transition';
import { radioRef, scheduleBody, storedOf, submissionIdParams, toSubmission, uploadRunning } from './submission-doc';
import { mailTitle, prepareTurnDown, turnedDown } from './withdraw';

/** POST /api/cms/radio/:id/approve — only from pending (spec §4); the submitter is mailed. */
export const approveRadio =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const submission = await changeSubmission(
      deps,
      id,
      (doc) => {
        if (doc.status !== 'pending') throw conflict(RADIO_MSG.notPending);
        return { status: 'approved' };
      },
      (tx, doc) => enqueueAccountMail(deps.db, tx, doc.user_id, 'radio_approved', { title: mailTitle(doc) }, deps.now()),
      { actorId: caller.uid, action: 'radio.approve' },
    );
    res.json({ submission });
  };

/**
 * POST /api/cms/radio/:id/reject — only from pending (spec §4): the tokens the submission cost go
 * back to its payer and the submitter is mailed, in the same transaction (prepareTurnDown).
 */
export const rejectRadio =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const submission = await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(radioRef(deps.db, id));
      if (!snap.exists || snap.get('_deleted') === true) throw notFound(RADIO_MSG.submissionNotFound);
      const doc = storedOf(snap);
      if (doc.status !== 'pending') throw conflict(RADIO_MSG.notPending);
      const turnDown = await prepareTurnDown(deps, tx, doc);
      await turnDown();
      const patch = turnedDown(doc);
      auditSubmission(deps, tx, { actorId: caller.uid, action: 'radio.reject' }, doc, patch);
      return toSubmission({ ...doc, ...patch });
    });
    res.json({ submission });
  };

/**
 * POST /api/cms/radio/:id/mark-uploaded — the manual flow: after uploading the downloaded file
 * over SFTP by hand, the admin confirms it (beyond the spec; Schedule needs an uploaded file).
 */
export const markUploaded =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(submissionIdParams, req.params);
    parse(noFields, req.body ?? {});
    const submission = await changeSubmission(
      deps,
      id,
      (doc) => {
        if (doc.status !== 'approved') throw conflict(RADIO_MSG.notApprovedForUpload);
        if (uploadRunning(doc, deps.now())) throw conflict(RADIO_MSG.uploadInProgress);
        return { status: 'uploaded', sftp_uploaded: true, sftp_upload_error: null };
      },
      undefined,
      { actorId: caller.uid, action: 'radio.upload' },
    );
    res.json({ submission });
  };

/** A broadcast time may be this much in the past (clocks differ) and at most this far ahead. */
const CLOCK_SKEW_MS = 60_000;

/** POST /api/cms/radio/:id/schedule { scheduled_broadcast_time } — an uploaded submission gets its time (status scheduled); the submitter is mailed it. */
export const scheduleRadio =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(submissionIdParams, req.params);
    const input = parse(scheduleBody, req.body);
    const at = Date.parse(input.scheduled_broadcast_time);
    if (!Number.isFinite(at)) throw badRequest(`scheduled_broadcast_time: ${RADIO_MSG.scheduleFailed}`);
    if (at < deps.now() - CLOCK_SKEW_MS) throw badRequest(RADIO_MSG.scheduleInPast);
    if (at > deps.now() + SCHEDULE_MAX_AHEAD_MS) throw badRequest(RADIO_MSG.scheduleTooFar);
    const submission = await changeSubmission(
      deps,
      id,
      (doc) => {
        if (doc.status !== 'uploaded' || !doc.sftp_uploaded) throw conflict(RADIO_MSG.notUploaded);
        return { status: 'scheduled', scheduled_broadcast_time: new Date(at).toISOString(), station_requested_at: null };
      },
      (tx, doc) => enqueueAccountMail(deps.db, tx, doc.user_id, 'radio_scheduled', { title: mailTitle(doc), scheduled_at: formatMailTime(at) }, deps.now()),
      { actorId: caller.uid, action: 'radio.schedule' },
    );
    res.json({ submission });
  };
