import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue } from 'firebase-admin/firestore';
import { radioFileName, sftpPath, type AdDuration, type AdTier, type RadioStatus } from '../../../common/radio/radio';
import { COL } from '../../../functions/src/platform/firestore/collections';
import type { Deps } from '../../../functions/src/platform/deps';
import { queueMusic } from '../../../functions/src/radio/queue-music';
import { sourceAudioPath } from '../../../functions/src/radio/source-audio';
import { putOnStationAsPlanned } from '../../../functions/src/radio/station-upload';
import { storedOf } from '../../../functions/src/radio/submission-doc';
import { runFfmpeg } from '../media';

const DAY_MS = 86_400_000;

/** A short generated ad spot: a two-tone jingle of exactly `seconds`, mp3. */
export async function adJingle(seconds: number, hz = 520): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'ad-'));
  const out = join(dir, 'ad.mp3');
  const tone = `sine=frequency=${hz}:duration=${seconds}`;
  const second = `sine=frequency=${Math.round(hz * 1.5)}:duration=${seconds}`;
  await runFfmpeg(['-f', 'lavfi', '-i', tone, '-f', 'lavfi', '-i', second, '-filter_complex', 'amix=inputs=2,volume=0.5', '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '64k', '-ar', '44100', out]);
  const data = await readFile(out);
  await rm(dir, { recursive: true, force: true });
  return data;
}

async function uidOf(deps: Deps, username: string): Promise<string | null> {
  return ((await deps.db.collection(COL.usernames).doc(username).get()).get('user_id') as string | undefined) ?? null;
}

/** What a music submission becomes after the admin's steps (status, SFTP state, time). */
type MusicStep = { status: RadioStatus; uploaded: boolean; error?: string; scheduleInDays?: number };

const MUSIC_STEPS: MusicStep[] = [
  { status: 'pending', uploaded: false },
  { status: 'approved', uploaded: false },
  { status: 'rejected', uploaded: false },
  { status: 'approved', uploaded: false, error: 'The station did not accept the file (SFTP upload failed)' },
  { status: 'uploaded', uploaded: true },
  { status: 'scheduled', uploaded: true, scheduleInDays: 2 },
  { status: 'broadcasted', uploaded: true, scheduleInDays: -1 },
];

const ADS: Array<{ name: string; tier: AdTier; seconds: AdDuration; status: RadioStatus; uploaded: boolean }> = [
  { name: 'Pizza Palace Friday Deal', tier: 'standard', seconds: 15, status: 'pending', uploaded: false },
  { name: 'Open Mic at The Wren', tier: 'premium', seconds: 30, status: 'approved', uploaded: false },
  { name: 'Synth Shop Spring Sale', tier: 'prime', seconds: 30, status: 'scheduled', uploaded: true },
];

/** Puts a seeded submission's file on the station, when the stack runs one, so it can really air. */
async function onStation(deps: Deps, id: string): Promise<void> {
  if (!deps.station) return;
  const doc = storedOf(await deps.db.collection(COL.radioSubmissions).doc(id).get());
  const source = await sourceAudioPath(deps, doc);
  for (let attempt = 1; ; attempt++) {
    try {
      return await putOnStationAsPlanned(deps, deps.station, doc, source);
    } catch (err) {
      // On a busy machine ten SFTP handshakes at once can miss their 10 s: try again, then say why.
      if (attempt >= 3) throw new Error(`The seeded ${id} did not reach the station: ${String(err instanceof Error ? (err.cause ?? err) : err)}`);
    }
  }
}

/**
 * Demo radio queue: music submissions of approved seeded tracks (sent by the super admin's quick
 * send, through the real code, for their owners) and ads of the listener with generated audio,
 * together in every status: pending, approved, rejected, uploaded, scheduled (a future time),
 * broadcasted; some uploaded to the station, one with a failed upload. Skipped when the queue
 * has documents already.
 */
export async function seedRadio(deps: Deps, say: (msg: string) => void): Promise<void> {
  const { db } = deps;
  if (!(await db.collection(COL.radioSubmissions).limit(1).get()).empty) return;
  const superAdmin = await uidOf(deps, 'superadmin');
  const advertiser = await uidOf(deps, 'listener');
  if (!superAdmin || !advertiser) return say('Radio seed skipped: the demo accounts are missing');

  const approved = await db.collection(COL.tracks).where('status', '==', 'approved').limit(40).get();
  const owned = [];
  for (const t of approved.docs) {
    const owner = t.get('submitted_by') as string | undefined;
    if (owner && (await db.collection(COL.profiles).doc(owner).get()).exists) owned.push(t);
  }
  /** Submissions really put on the station when the stack runs one (the demo station). */
  const uploaded: string[] = [];
  let music = 0;
  for (const [i, step] of MUSIC_STEPS.entries()) {
    const track = owned[i];
    if (!track) break;
    const { submission } = await queueMusic(deps, track.id, { by: 'admin', uid: superAdmin });
    const when = step.scheduleInDays === undefined ? null : new Date(deps.now() + step.scheduleInDays * DAY_MS).toISOString();
    if (step.uploaded) uploaded.push(submission.id);
    await db.collection(COL.radioSubmissions).doc(submission.id).update({
      status: step.status,
      sftp_uploaded: step.uploaded,
      sftp_upload_error: step.error ?? null,
      scheduled_broadcast_time: when,
      ...(step.status === 'broadcasted' ? { station_requested_at: when } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    music++;
  }

  const username = ((await db.collection(COL.profiles).doc(advertiser).get()).get('username') as string | undefined) ?? 'Advertisement';
  for (const ad of ADS) {
    const ref = db.collection(COL.radioSubmissions).doc();
    const path = `radio-ads/${advertiser}/${ref.id}.mp3`;
    await deps.storage.put(path, await adJingle(ad.seconds, ad.seconds === 15 ? 660 : 440), 'audio/mpeg');
    const now = new Date(deps.now());
    await ref.create({
      user_id: advertiser,
      track_id: null,
      submission_type: 'advertisement',
      status: ad.status,
      payment_status: 'paid',
      payment_amount: 0,
      ad_audio_url: path,
      ad_tier: ad.tier,
      ad_duration_seconds: ad.seconds,
      sftp_uploaded: ad.uploaded,
      sftp_upload_error: null,
      sftp_path: sftpPath('advertisement', now, radioFileName(ad.name, ref.id)),
      scheduled_broadcast_time: ad.status === 'scheduled' ? new Date(deps.now() + DAY_MS).toISOString() : null,
      created_at: now.toISOString(),
      track_title: ad.name,
      track_artist: username,
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
    if (ad.uploaded) uploaded.push(ref.id);
  }
  // Each is transcoded (a core busy for a second or two) and sent over SFTP: all at once, not in turn.
  const put = await Promise.allSettled(uploaded.map((id) => onStation(deps, id)));
  // A seeded file that cannot reach the station leaves the queue as it is: the stack runs on without it.
  for (const p of put) if (p.status === 'rejected') say(String(p.reason instanceof Error ? p.reason.message : p.reason).slice(0, 300));
  say(`Seeded the radio queue: ${music} music submissions and ${ADS.length} ads`);
}
