import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdScheduledRefreshes } from '../../functions/src/leaderboards/refresh-scheduler';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { addTrack, openSession, voteAll } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/**
 * After the reveal, a voter sees how the others guessed, from the tallies as last rolled up. An
 * instance answers from the tallies it read for a moment (voting/reveal.ts), and forgets them
 * once its own rollup rewrites them, so that the next reveal shows the new counts at once.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // This test ends the rollups itself: a scheduled one between two voters would show the second the first's guess.
  holdScheduledRefreshes(h.deps);
  // The only track: every session holds it.
  await addTrack(h, { song_type: 'hybrid' });
}, 60_000);
afterAll(() => h.close());

const revealOthers = async (name: string, guess: 'ai' | 'human' | 'hybrid') => {
  const voter = await signUp(h, name);
  const session = (await openSession(h, voter.token)).body.session!;
  const [vote] = await voteAll(h, voter.token, session, guess);
  return vote!.reveal.others as Record<string, number>;
};

describe('how the others guessed', () => {
  it('shows a rollup by this instance in the very next reveal', async () => {
    expect(await revealOthers('og_first', 'ai')).toEqual({ ai: 0, human: 0, hybrid: 0 });
    expect(await revealOthers('og_second', 'human')).toEqual({ ai: 0, human: 0, hybrid: 0 });
    expect(await rollUpVoteCounts(h.deps)).toBe(1);
    expect(await revealOthers('og_third', 'ai')).toEqual({ ai: 1, human: 1, hybrid: 0 });
  });
});
