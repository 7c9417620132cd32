import { rolesIn } from '../platform/firestore/account-docs';
import { MSG } from '../../../common/messages';
import { musicSubmissionId, radioFileName, sftpPath, type RadioSubmission } from '../../../common/radio/radio';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { isSuperAdmin } from '../../../common/accounts/roles';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { keyedResponseRef } from '../platform/http/idempotency';
import { conflict, insufficientTokens, notFound } from '../platform/http/errors';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { checkShownPrice, readPricing } from '../tokens/pricing';
import { tracksCol } from '../tracks/track-doc';
import { MYSTERY_FILE_SLUG } from './mystery';
import { changed, newStationKey, radioRef, toSubmission, type StoredRadioSubmission } from './submission-doc';

/**
 * Who sends: the track's owner (pays the radio upload cost; super admins pay nothing), or an
 * admin's quick send from the CMS (spec §5: the admin needs the cost in tokens unless super
 * admin, is not charged; the submission is the owner's, payment 0).
 */
export type MusicSend = { by: 'owner'; uid: string; key: string | null; expectedCost?: number } | { by: 'admin'; uid: string };

/**
 * One transaction: the checks, the submission at music_{trackId} (tx.create: two concurrent
 * sends of a track make one submission and one charge) and the charge. A repeated
 * Idempotency-Key returns the first answer and writes nothing (`replayed`).
 */
export async function queueMusic(deps: Deps, trackId: string, send: MusicSend): Promise<{ submission: RadioSubmission; replayed: boolean }> {
  const { db } = deps;
  const id = musicSubmissionId(trackId);
  const keyRef = send.by === 'owner' && send.key ? keyedResponseRef(db, COL.radioKeys, send.uid, send.key) : null;
  return db.runTransaction(async (tx) => {
    const [prior, trackSnap, existing, rolesSnap, balance, pricing] = await Promise.all([
      keyRef ? tx.get(keyRef) : null,
      tx.get(tracksCol(db).doc(trackId)),
      tx.get(radioRef(db, id)),
      tx.get(db.collection(COL.userRoles).doc(send.uid)),
      readBalance(db, tx, send.uid),
      readPricing(db, tx),
    ]);
    if (prior?.exists) return { submission: prior.get('response') as RadioSubmission, replayed: true };
    const track = trackSnap.data() ?? null;
    if (!track || (send.by === 'owner' && track.submitted_by !== send.uid)) throw notFound(RADIO_MSG.trackNotFound);
    if (track.status !== 'approved') throw conflict(RADIO_MSG.onlyApproved);
    if (existing.exists) throw conflict(RADIO_MSG.alreadyQueued);
    const owner = track.submitted_by ? await tx.get(db.collection(COL.profiles).doc(track.submitted_by)) : null;
    if (!owner?.exists) throw notFound(RADIO_MSG.noOwner);

    const free = isSuperAdmin(rolesIn(rolesSnap) ?? []);
    const cost = pricing.radio_upload_cost;
    const charge = send.by === 'owner' && !free ? cost : 0;
    // What the owner was shown (0 for a super admin, who sends for free) must be what is charged.
    if (send.by === 'owner') checkShownPrice(send.expectedCost, charge, RADIO_MSG.costChanged);
    if (!free && balance < cost) throw insufficientTokens(RADIO_MSG.tokenShortage(cost), { detail: MSG.needTokens(cost, balance) });

    const now = new Date(deps.now());
    const nowIso = now.toISOString();
    // A contest track's station file is named by a random key only: neither its title nor its
    // track id (which the submission id carries) may name it while it airs blind (mystery.ts).
    const stationKey = newStationKey();
    const fileName = track.submission_type === 'contest' ? radioFileName(MYSTERY_FILE_SLUG, stationKey) : radioFileName(track.title, id);
    const doc: StoredRadioSubmission = {
      id,
      user_id: track.submitted_by,
      track_id: trackId,
      submission_type: 'music',
      status: 'pending',
      payment_status: 'paid',
      payment_amount: charge,
      ad_audio_url: null,
      ad_tier: null,
      ad_duration_seconds: null,
      sftp_uploaded: false,
      sftp_upload_error: null,
      sftp_path: sftpPath('music', now, fileName),
      scheduled_broadcast_time: null,
      created_at: nowIso,
      track_title: track.title,
      track_artist: track.artist_name,
      station_key: stationKey,
    };
    if (charge > 0) writeLedgerEntry(db, tx, balance, { userId: send.uid, delta: -charge, reason: 'radio_submission', ref: id }, nowIso);
    tx.create(radioRef(db, id), { ...doc, ...changed(), _deleted: false });
    const submission = toSubmission(doc);
    if (keyRef && send.by === 'owner') tx.create(keyRef, { user_id: send.uid, key: send.key, response: submission, created_at: nowIso });
    return { submission, replayed: false };
  });
}
