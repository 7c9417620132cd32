import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import pMap from 'p-map';
import { createAccount } from '../../../functions/src/accounts/create-account';
import { updateTrack } from '../../../functions/src/cms/track-write';
import { refreshLeaderboardsNow } from '../../../functions/src/leaderboards/refresh-scheduler';
import { COL } from '../../../functions/src/platform/firestore/collections';
import type { Deps } from '../../../functions/src/platform/deps';
import { readBalance, writeLedgerEntry } from '../../../functions/src/tokens/ledger';
import { createTracks } from '../../../functions/src/tracks/create-tracks';
import { parseFields } from '../../../functions/src/tracks/parse-submission';
import { prepareMedia } from '../../../functions/src/tracks/prepare-media';
import { storeMedia } from '../../../functions/src/tracks/store-media';
import { openVoteSession } from '../../../functions/src/voting/open-session';
import { backfillSampleKeys } from '../../../functions/src/voting/sample-key';
import { ensureContentTwins } from '../../../functions/src/marketplace/backfill-audio-keys';
import { scoreVote } from '../../../functions/src/voting/score-vote';
import { seedPastContest } from './seed-past-contest';
import type { SongType } from '../../../common/contest/contest';
import { demoSongMp3 } from './demo-music';
import { DEMO_PASSWORD } from './seed';

type DemoTrack = {
  title: string;
  artist: string;
  genre: string;
  type: SongType;
  status: 'approved' | 'pending';
  /** Default: the contest. */
  /** Contest only by default; 'both' makes a contest track and its marketplace twin. */
  route?: 'marketplace' | 'both';
  ai?: string[];
  human?: string[];
  tools?: string[];
  story?: string;
};

/** 14 approved contest tracks (every type), 3 pending ones, a marketplace track and a track entered in both (contest and marketplace), each with its own generated song. */
const DEMO_TRACKS: DemoTrack[] = [
  { title: 'Glass Harbor', artist: 'Mara Quill', genre: 'Pop', type: 'human', status: 'approved' },
  { title: 'Neon Cartography', artist: 'Vector Bloom', genre: 'Electronic', type: 'ai', status: 'approved' },
  { title: 'Paper Satellites', artist: 'June Okafor', genre: 'Rock', type: 'hybrid', status: 'approved', ai: ['Melody', 'Mixing'], human: ['Vocals', 'Lyrics'], tools: ['Suno'], story: 'I hummed the hook into my phone and let the AI build the band around it.' },
  { title: 'Midnight Ledger', artist: 'Sol Ramírez', genre: 'Jazz', type: 'human', status: 'approved' },
  { title: 'Synthetic Sunrise', artist: 'Aurora Engine', genre: 'Electronic', type: 'ai', status: 'approved' },
  { title: 'Copper Lanterns', artist: 'The Wren Collective', genre: 'Country', type: 'hybrid', status: 'approved', ai: ['Instruments', 'Arrangement'], human: ['Vocals', 'Melody'], tools: ['Udio', 'AI Maestro'], story: 'Recorded the vocals in a barn; the fiddle parts came from Udio.' },
  { title: 'Static Bloom', artist: 'Kiko Lane', genre: 'Hip-Hop', type: 'human', status: 'approved' },
  { title: 'Algorithm of Rain', artist: 'Nimbus-7', genre: 'Classical', type: 'ai', status: 'approved' },
  { title: 'Velvet Circuit', artist: 'Dana Voss', genre: 'R&B', type: 'hybrid', status: 'approved', ai: ['Beat/Rhythm', 'Mastering'], human: ['Vocals', 'Lyrics', 'Melody'], tools: ['AIVA', 'Stable Audio'] },
  { title: 'Low Tide Letters', artist: 'Ezra Bell', genre: 'Other', type: 'human', status: 'approved' },
  { title: 'Chrome Lullaby', artist: 'Lumen Drift', genre: 'Pop', type: 'ai', status: 'approved' },
  { title: 'Borrowed Thunder', artist: 'Rhea & The Engines', genre: 'Rock', type: 'hybrid', status: 'approved', ai: ['Lyrics'], human: ['Instruments', 'Vocals', 'Mixing'], tools: ['ElevenLabs Music'], story: 'The lyrics started as an AI draft; we rewrote half of them on tour.' },
  { title: 'Orchard Lights', artist: 'Theo Marsh', genre: 'Country', type: 'human', status: 'approved' },
  { title: 'Quantum Waltz', artist: 'Opus Null', genre: 'Classical', type: 'ai', status: 'approved' },
  { title: 'Second Sunrise Demo', artist: 'Mara Quill', genre: 'Pop', type: 'human', status: 'pending' },
  { title: 'Fractal Funk', artist: 'Vector Bloom', genre: 'Electronic', type: 'ai', status: 'pending' },
  { title: 'Harbor Ghosts', artist: 'June Okafor', genre: 'Rock', type: 'hybrid', status: 'pending', ai: ['Arrangement'], human: ['Vocals'], tools: ['Other'] },
  { title: 'Sunday Market Groove', artist: 'Mara Quill', genre: 'Jazz', type: 'human', status: 'approved', route: 'marketplace' },
  { title: 'Skyline Licensing Loop', artist: 'Vector Bloom', genre: 'Electronic', type: 'ai', status: 'approved', route: 'both' },
];

const VOTERS = ['nova', 'pixel', 'reed', 'sage', 'tempo', 'vinyl'];
const GUESSES: SongType[] = ['human', 'ai', 'hybrid'];

async function uidOf(deps: Deps, username: string): Promise<string> {
  const snap = await deps.db.collection(COL.usernames).doc(username).get();
  return snap.get('user_id') as string;
}

async function grant(deps: Deps, uid: string, tokens: number): Promise<void> {
  await deps.db.runTransaction(async (tx) => {
    const balance = await readBalance(deps.db, tx, uid);
    writeLedgerEntry(deps.db, tx, balance, { userId: uid, delta: tokens, reason: 'admin_grant', ref: 'demo-seed' }, new Date(deps.now()).toISOString());
  });
}

/** One demo track's song and submission, through the real steps before the upload is stored (clip cut, tags stripped). */
async function prepareDemo(deps: Deps, t: DemoTrack, index: number, cacheDir: string) {
  const data = await demoSongMp3(cacheDir, 1000 + index);
  const fields = parseFields({
    title: t.title,
    artistName: t.artist,
    genre: t.genre,
    songType: t.type,
    submissionRoutes: JSON.stringify(t.route === 'both' ? ['contest', 'marketplace'] : [t.route ?? 'contest']),
    previewStartTime: String(5 + (index % 4) * 2.5),
    hybridAiElements: JSON.stringify(t.ai ?? []),
    hybridHumanElements: JSON.stringify(t.human ?? []),
    hybridTools: JSON.stringify(t.tools ?? []),
    ...(t.story ? { creationStory: t.story } : {}),
  });
  const media = await prepareMedia(deps.ffmpegPath, { fields, audio: { name: `${t.title}.mp3`, ext: 'mp3', data }, video: null });
  return { fields, media };
}

/** Submits a prepared demo track as its artist would: stored, then the tracks created and the fee charged. */
async function submitDemo(deps: Deps, uid: string, { fields, media }: Awaited<ReturnType<typeof prepareDemo>>): Promise<string[]> {
  const groupId = randomUUID();
  const stored = await storeMedia(deps.storage, groupId, media, fields.submissionRoutes.length);
  const result = await createTracks(deps, {
    uid,
    key: null,
    groupId,
    fields,
    media: stored,
    durationSeconds: media.audio.durationSeconds,
    audioKeys: media.audio.keys,
    print: media.print,
    previewStart: media.previewStart,
  });
  return result.tracks.map((track) => track.id);
}

/** A demo account (its sign-in and its profile), made once: its uid. */
async function demoAccount(deps: Deps, auth: Auth, name: string, fullName: string): Promise<string> {
  const email = `${name}@demo.test`;
  const uid = await auth
    .getUserByEmail(email)
    .then((u) => u.uid)
    .catch(async () => (await auth.createUser({ email, password: DEMO_PASSWORD, displayName: name, emailVerified: true })).uid);
  await createAccount(deps, { uid, username: name, email, fullName, avatarUrl: null, emailVerified: true });
  return uid;
}

/** Demo contest: tracks with real generated audio, moderation states, voters and votes. */
export async function seedContest(deps: Deps, auth: Auth, cacheDir: string, log: (msg: string) => void): Promise<void> {
  // Data saved before sampling keys gets them first, or its tracks are never offered to voters.
  const keyed = await backfillSampleKeys(deps.db);
  if (keyed > 0) log(`Gave ${keyed} tracks a sampling key`);
  // And content keys, so a later upload of the same audio is their twin (marketplace/backfill-audio-keys.ts).
  const contentKeyed = await ensureContentTwins(deps, new Date(deps.now()).toISOString());
  if (contentKeyed) log(`Gave ${contentKeyed} tracks content keys`);
  if (!(await deps.db.collection(COL.tracks).limit(1).get()).empty) return;
  const artist = await uidOf(deps, 'artist');
  await grant(deps, artist, 500);
  // A past round first (its listeners' sessions must hold only its tracks), entered by an artist of its own.
  const archivist = await demoAccount(deps, auth, 'archivist', 'Archive Records');
  await grant(deps, archivist, 200);
  await seedPastContest(deps, (d, name, fullName) => demoAccount(d, auth, name, fullName), async (t, i) => submitDemo(deps, archivist, await prepareDemo(deps, { ...t, status: 'approved' }, DEMO_TRACKS.length + i, cacheDir)), log);
  log(`Generating ${DEMO_TRACKS.length} demo songs (cached in ${cacheDir})…`);
  // Synthesizing and encoding a song keeps one core busy for seconds: two at a time, submitted in order.
  const prepared = await pMap(DEMO_TRACKS, (t, i) => prepareDemo(deps, t, i, cacheDir), { concurrency: 2 });
  for (const [i, t] of DEMO_TRACKS.entries()) {
    const ids = await submitDemo(deps, artist, prepared[i]!);
    const cover = `/placeholders/cover-${String((i % 26) + 1).padStart(2, '0')}.jpg`;
    if (t.status === 'approved') for (const id of ids) await updateTrack(deps, id, () => ({ status: 'approved', cover_art_url: cover }));
  }

  for (const [v, name] of VOTERS.entries()) {
    const uid = await demoAccount(deps, auth, name, name[0]!.toUpperCase() + name.slice(1));
    const opened = await openVoteSession(deps, uid);
    for (const [c, clip] of (opened.session?.clips ?? []).entries()) {
      await scoreVote(deps, uid, {
        id: randomUUID(),
        session_id: opened.session!.id,
        clip_id: clip.clip_id,
        guess: GUESSES[(v * 7 + c * 3) % 3]!,
        created_at: new Date(deps.now()).toISOString(),
      });
    }
  }
  await refreshLeaderboardsNow(deps);
  log('Seeded demo contest: tracks, votes and leaderboards');
}
