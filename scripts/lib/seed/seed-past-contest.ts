import { randomUUID } from 'node:crypto';
import { removeTrack } from '../../../functions/src/cms/delete-track';
import { updateTrack } from '../../../functions/src/cms/track-write';
import { refreshLeaderboardsNow } from '../../../functions/src/leaderboards/refresh-scheduler';
import type { Deps } from '../../../functions/src/platform/deps';
import { openVoteSession } from '../../../functions/src/voting/open-session';
import { scoreVote } from '../../../functions/src/voting/score-vote';
import { SONG_TYPES, type SongType } from '../../../common/contest/contest';
import { mulberry32 } from '../prng';

/** A track of a past contest round: voted on, then removed, so its votes show in the insights by true type. */
export type PastTrack = { title: string; artist: string; genre: string; type: SongType };

export const PAST_TRACKS: PastTrack[] = [
  { title: 'Last Summer Tape', artist: 'Ivy Harlan', genre: 'Hip-Hop', type: 'human' },
  { title: 'Prompted Skyline', artist: 'Model Citizen', genre: 'Pop', type: 'ai' },
  { title: 'Half Machine Hymn', artist: 'Ora Vale', genre: 'Electronic', type: 'hybrid' },
];

/** Listeners per past week, and the weeks (the oldest first) they voted in. */
const LISTENERS_PER_WEEK = 10;
const WEEKS = 3;
const WEEK_MS = 7 * 86_400_000;

/**
 * A past contest round for the insights page (issue 55): PAST_TRACKS entered and approved, then
 * voted on by 30 demo listeners spread over the three weeks before now (each with a skill of their
 * own, drawn from a seeded PRNG: right with chance 1/3 + 2/3 · skill), and finally deleted through
 * the CMS's own path, which lets their per-type votes count (insights/aggregates.ts). Runs before
 * the demo's live tracks exist, so these listeners' sessions hold only the past tracks.
 * `submit(track, index)` enters a track as the demo seed enters its own (with a generated song);
 * `account` makes a demo account (its sign-in and its profile, created at its deps' time).
 */
export async function seedPastContest(
  deps: Deps,
  account: (deps: Deps, name: string, fullName: string) => Promise<string>,
  submit: (track: PastTrack, index: number) => Promise<string[]>,
  log: (msg: string) => void,
): Promise<void> {
  const ids: string[] = [];
  for (const [i, t] of PAST_TRACKS.entries()) {
    for (const id of await submit(t, i)) {
      await updateTrack(deps, id, () => ({ status: 'approved', cover_art_url: `/placeholders/cover-${String(20 + i).padStart(2, '0')}.jpg` }));
      ids.push(id);
    }
  }
  const random = mulberry32(55);
  const now = deps.now();
  for (let w = 0; w < WEEKS; w++) {
    // Mid-week, WEEKS - w weeks ago: the votes fall in three different UTC weeks.
    const at = now - (WEEKS - w) * WEEK_MS;
    const past: Deps = { ...deps, now: () => at };
    for (let l = 0; l < LISTENERS_PER_WEEK; l++) {
      const name = `past${w * LISTENERS_PER_WEEK + l + 1}`;
      const uid = await account(past, name, `Past Listener ${w * LISTENERS_PER_WEEK + l + 1}`);
      const skill = random();
      const opened = await openVoteSession(past, uid);
      const session = opened.session!;
      // The answers behind the session's clips, as the server stored them (never sent to a voter).
      const trackIds = (await deps.db.collection('vote_sessions').doc(session.id).get()).get('track_ids') as string[];
      for (const [c, clip] of session.clips.entries()) {
        const truth = PAST_TRACKS[ids.indexOf(trackIds[c]!)]!.type;
        const right = random() < 1 / 3 + (2 / 3) * skill * 0.6;
        const wrong = SONG_TYPES.filter((s) => s !== truth);
        await scoreVote(past, uid, {
          id: randomUUID(),
          session_id: session.id,
          clip_id: clip.clip_id,
          guess: right ? truth : wrong[Math.floor(random() * wrong.length)]!,
          created_at: new Date(at).toISOString(),
        });
      }
    }
  }
  // Rolled up while the tracks are in the contest (their per-type counts held), then the round ends.
  await refreshLeaderboardsNow(deps);
  for (const id of ids) await removeTrack(deps, id, 'demo-seed');
  await refreshLeaderboardsNow(deps);
  log(`Seeded a past contest round: ${ids.length} tracks, ${WEEKS * LISTENERS_PER_WEEK} listeners over ${WEEKS} weeks (insights)`);
}
