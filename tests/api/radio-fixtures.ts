/**
 * Radio test data: ad audio of a given length, tracks with their stored original, and radio
 * submissions written straight into Firestore (as the API leaves them), in any status.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { radioFileName, sftpPath, type RadioSubmission } from '../../common/radio/radio';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { adJingle } from '../../scripts/lib/seed/seed-radio';
import { addTrack, testClip } from './contest-fixtures';
import type { Harness } from './harness';
import type { User } from './order-fixtures';

const jingles = new Map<number, Promise<Buffer>>();
/** An mp3 of exactly `seconds` (generated once per length and file). */
export const adAudio = (seconds: number): Promise<Buffer> => {
  if (!jingles.has(seconds)) jingles.set(seconds, adJingle(seconds, 520));
  return jingles.get(seconds)!;
};

/** An approved track of `owner` whose original audio is stored (a 1 s mp3). */
export async function trackWithAudio(h: Pick<Harness, 'db' | 'deps'>, owner: User, over: Partial<TrackDoc> = {}): Promise<TrackDoc> {
  const track = await addTrack(h, { submitted_by: owner.uid, ...over });
  await h.deps.storage.put(track.audio_path, await testClip(), 'audio/mpeg');
  return track;
}

/**
 * A radio submission of `owner` in `status`: music (with a fresh track and its stored audio) or
 * an ad (with its stored audio); `over` overrides any field.
 */
export async function addRadioSubmission(
  h: Pick<Harness, 'db' | 'deps'>,
  owner: User,
  type: 'music' | 'advertisement',
  over: Partial<RadioSubmission> = {},
): Promise<RadioSubmission> {
  const at = new Date('2026-03-01T12:00:00Z');
  let doc: RadioSubmission;
  if (type === 'music') {
    const track = await trackWithAudio(h, owner);
    const id = `music_${track.id}`;
    doc = {
      id,
      user_id: owner.uid,
      track_id: track.id,
      submission_type: 'music',
      status: 'pending',
      payment_status: 'paid',
      payment_amount: 1000,
      ad_audio_url: null,
      ad_tier: null,
      ad_duration_seconds: null,
      sftp_uploaded: false,
      sftp_upload_error: null,
      sftp_path: sftpPath('music', at, radioFileName(track.title, id)),
      scheduled_broadcast_time: null,
      created_at: at.toISOString(),
      track_title: track.title,
      track_artist: track.artist_name,
      ...over,
    };
  } else {
    const id = `ad_${randomUUID().slice(0, 12)}`;
    const path = `radio-ads/${owner.uid}/${id}.mp3`;
    await h.deps.storage.put(path, await adAudio(15), 'audio/mpeg');
    doc = {
      id,
      user_id: owner.uid,
      track_id: null,
      submission_type: 'advertisement',
      status: 'pending',
      payment_status: 'paid',
      payment_amount: 150,
      ad_audio_url: path,
      ad_tier: 'standard',
      ad_duration_seconds: 15,
      sftp_uploaded: false,
      sftp_upload_error: null,
      sftp_path: sftpPath('advertisement', at, radioFileName('Pizza Palace', id)),
      scheduled_broadcast_time: null,
      created_at: at.toISOString(),
      track_title: 'Pizza Palace',
      track_artist: 'advertiser',
      ...over,
    };
  }
  await h.db.collection('radio_submissions').doc(doc.id).set({ ...doc, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
  return doc;
}

/** The multipart body of an ad. */
export function adForm(fields: { tier?: string; duration_seconds?: string; name?: string; token_cost?: string }, audio: Buffer, fileName = 'ad.mp3'): FormData {
  const form = new FormData();
  form.append('tier', fields.tier ?? 'standard');
  form.append('duration_seconds', fields.duration_seconds ?? '15');
  form.append('name', fields.name ?? 'Pizza Palace');
  if (fields.token_cost !== undefined) form.append('token_cost', fields.token_cost);
  form.append('audio', new Blob([new Uint8Array(audio)]), fileName);
  return form;
}
