import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { adFields } from '../../../common/api/radio';
import { AUDIO_MAX_BYTES } from '../../../common/contest/contest';
import { MSG } from '../../../common/messages';
import {
  AD_AUDIO_FIELD,
  AD_DURATION_TOLERANCE_SECONDS,
  radioFileName,
  sftpPath,
  type AdDuration,
  type RadioSubmission,
} from '../../../common/radio/radio';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import type { Role } from '../../../common/constants';
import { isSuperAdmin } from '../../../common/accounts/roles';
import { requireCaller } from '../platform/http/auth';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest, insufficientTokens } from '../platform/http/errors';
import { transactWithFiles } from '../platform/storage/files-transaction';
import { idempotencyKey, keyedResponseRef, priorResponse } from '../platform/http/idempotency';
import { log } from '../platform/log';
import { probeAudio, type AudioKind } from '../platform/media/media';
import { readForm } from '../platform/http/multipart';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { writeLedgerEntry } from '../tokens/ledger';
import { peekPayer, readPayer } from '../tokens/payer';
import { checkShownPrice, type Pricing } from '../tokens/pricing';
import { audioRefusal, checkAudio } from '../tracks/check-media';
import { AUDIO_CONTENT_TYPES } from '../tracks/prepare-media';
import { changed, radioRef, toSubmission, type StoredRadioSubmission } from './submission-doc';

type AdFields = z.infer<typeof adFields>;

const LIMITS = { fields: 10, fieldSize: 1024, files: 1, parts: 12 };

async function readAdForm(req: Request) {
  return readForm(req, {
    files: { [AD_AUDIO_FIELD]: { maxBytes: AUDIO_MAX_BYTES, tooLarge: RADIO_MSG.adUploadTooLarge } },
    required: AD_AUDIO_FIELD,
    missing: `${AD_AUDIO_FIELD}: ${RADIO_MSG.adAudioRequired}`,
    limits: LIMITS,
    tooLarge: RADIO_MSG.adUploadTooLarge,
    fields: (raw) => parse(adFields, raw),
  });
}

/** Checks the audio by content (as track uploads are) and measures it by decoding; it must fill its slot. */
async function checkAdAudio(deps: Deps, data: Buffer, slot: AdDuration): Promise<AudioKind> {
  const kind = checkAudio(data);
  let measured: number;
  try {
    measured = (await probeAudio(deps.ffmpegPath, data, kind)).durationSeconds;
  } catch (err) {
    throw audioRefusal(err);
  }
  if (Math.abs(measured - slot) > AD_DURATION_TOLERANCE_SECONDS) throw badRequest(RADIO_MSG.adLengthMismatch(measured, slot));
  return kind;
}

/** The ad's price for this payer (a super admin's are free), checked against the price the caller saw and their balance. */
function adCost(roles: Role[], balance: number, pricing: Pricing, fields: AdFields): number {
  const cost = isSuperAdmin(roles) ? 0 : pricing.radio_ads[fields.tier][fields.duration_seconds];
  checkShownPrice(fields.token_cost, cost, RADIO_MSG.adCostChanged);
  if (cost > balance) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(cost, balance) });
  return cost;
}

/** A cheap check before the audio work: profile, price and tokens (decided again in the transaction). */
async function precheck(deps: Deps, uid: string, fields: AdFields): Promise<void> {
  const { roles, balance, pricing } = await peekPayer(deps.db, uid);
  adCost(roles, balance, pricing, fields);
}

/**
 * POST /api/radio/ads (multipart: tier, duration_seconds, name, then the file `audio`) — an
 * advertisement into the radio queue. The audio is checked by content and its real length
 * measured (never the client's word); the original is stored at radio-ads/{uid}/{id}.{ext};
 * then the submission and the charge in one transaction. A refused or replayed request leaves
 * no file. Idempotency-Key: a retry gets the first answer and is charged once.
 */
export const createAd =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const key = idempotencyKey(req);
    const keyRef = key ? keyedResponseRef(deps.db, COL.radioKeys, caller.uid, key) : null;
    const prior = keyRef ? priorResponse<RadioSubmission>(await keyRef.get()) : null;
    if (prior) {
      res.status(201).json({ submission: prior });
      return;
    }
    await consumeRateLimit(deps, 'upload', caller.uid);
    const form = await readAdForm(req);
    const slot = Number(form.fields.duration_seconds) as AdDuration;
    await precheck(deps, caller.uid, form.fields);
    const kind = await checkAdAudio(deps, form.file.data, slot);

    const { db } = deps;
    const id = db.collection(COL.radioSubmissions).doc().id;
    const audioPath = `radio-ads/${caller.uid}/${id}.${kind}`;
    await deps.storage.put(audioPath, form.file.data, AUDIO_CONTENT_TYPES[kind]);
    const files = {
      probe: radioRef(db, id),
      ours: (snap: DocumentSnapshot) => snap.exists,
      remove: () => deps.storage.delete(audioPath).catch((err: unknown) => log.mediaCleanupFailed(audioPath, err)),
    };
    const outcome = await transactWithFiles(
      db,
      files,
      async (tx) => {
        const read = await readPayer<RadioSubmission>(db, tx, caller.uid, keyRef);
        if (read.prior) return { submission: read.prior, replayed: true };
        const { profile, roles, balance, pricing } = read.payer;
        const cost = adCost(roles, balance, pricing, form.fields);
        const now = new Date(deps.now());
        const nowIso = now.toISOString();
        const username = profileOf(profile)?.username;
        const doc: StoredRadioSubmission = {
          id,
          user_id: caller.uid,
          track_id: null,
          submission_type: 'advertisement',
          status: 'pending',
          payment_status: 'paid',
          payment_amount: cost,
          ad_audio_url: audioPath,
          ad_tier: form.fields.tier,
          ad_duration_seconds: slot,
          sftp_uploaded: false,
          sftp_upload_error: null,
          sftp_path: sftpPath('advertisement', now, radioFileName(form.fields.name, id)),
          scheduled_broadcast_time: null,
          created_at: nowIso,
          track_title: form.fields.name,
          track_artist: username || RADIO_MSG.advertisement,
        };
        if (cost > 0) writeLedgerEntry(db, tx, balance, { userId: caller.uid, delta: -cost, reason: 'radio_ad', ref: id }, nowIso);
        tx.create(radioRef(db, id), { ...doc, ...changed(), _deleted: false });
        const submission = toSubmission(doc);
        if (keyRef) tx.create(keyRef, { user_id: caller.uid, key, response: submission, created_at: nowIso });
        return { submission, replayed: false };
      },
      // A concurrent twin with the same key won: its file is the one in use.
      (o) => !o.replayed,
    );
    res.status(201).json({ submission: outcome.submission });
  };
