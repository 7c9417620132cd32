import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, resultLines, SIMULATION_DEFAULTS, simulateRatings, spearman, unmetGoals, type SimulationResult } from './ratings-simulation';

/** The default seed and one other (the first), not picked among seeds that pass: docs/adr/0051-skill-ratings.md gives the rate over 100 seeds. */
const OTHER_SEED = 1;

describe('spearman', () => {
  it('is 1 for the same order, -1 for the reverse and 0 when one side is all ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 400])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBe(0);
  });

  it('gives ties their average rank', () => {
    // Ranks [1.5, 1.5, 3] against [1, 2, 3]: Pearson of the ranks is √3/2.
    expect(spearman([7, 7, 9], [1, 2, 3])).toBeCloseTo(Math.sqrt(3) / 2, 12);
  });
});

describe('simulateRatings (issue 54 §3)', () => {
  const runs = new Map<number, SimulationResult>();
  const run = (seed: number): SimulationResult => {
    if (!runs.has(seed)) runs.set(seed, simulateRatings({ seed }));
    return runs.get(seed)!;
  };

  it.each([DEFAULT_SEED, OTHER_SEED])('meets every goal with seed %i', (seed) => {
    const r = run(seed);
    expect(unmetGoals(r)).toEqual([]);
    expect(r.listeners.rating).toBeGreaterThanOrEqual(0.8);
    expect(r.listeners.rating - r.listeners.raw).toBeGreaterThanOrEqual(0.2);
    expect(r.tracks.rating).toBeGreaterThanOrEqual(0.85);
    expect(r.tracks.rating).toBeGreaterThanOrEqual(r.tracks.raw);
    expect(r.target.byRating).toBeGreaterThan(10);
    expect(r.target.byRaw).toBeLessThanOrEqual(3);
  });

  it('casts the honest votes asked for, the ring on top, and compares the listeners with 20 votes or more', () => {
    const r = run(DEFAULT_SEED);
    expect(r.honestVotes).toBe(SIMULATION_DEFAULTS.votes);
    // Each of the 50 puppets plays whole sessions until the target comes up: at least one each.
    expect(r.puppetVotes).toBeGreaterThanOrEqual(SIMULATION_DEFAULTS.puppets * 10);
    expect(r.listenersCompared).toBeGreaterThan(100);
    expect(r.listenersCompared).toBeLessThan(SIMULATION_DEFAULTS.listeners / 2);
  });

  it('replays the same figures for the same seed, and others for another', () => {
    expect(simulateRatings({ seed: DEFAULT_SEED })).toEqual(run(DEFAULT_SEED));
    expect(run(OTHER_SEED)).not.toEqual(run(DEFAULT_SEED));
  });

  it('reports a missed goal: without the ring, its target is an ordinary track, not in the raw top 3', () => {
    const r = simulateRatings({ seed: DEFAULT_SEED, puppets: 0 });
    expect(r.puppetVotes).toBe(0);
    expect(r.target.byRaw).toBeGreaterThan(10);
    expect(unmetGoals(r)).toContain("puppets: the ring's target in the top 3 by raw fool rate");
  });

  it('prints exactly the three lines, to two decimals', () => {
    expect(resultLines(run(DEFAULT_SEED))).toEqual([
      expect.stringMatching(/^listeners: spearman rating -?\d\.\d\d raw -?\d\.\d\d$/),
      expect.stringMatching(/^tracks: spearman rating -?\d\.\d\d raw -?\d\.\d\d$/),
      expect.stringMatching(/^puppets: target rank by rating \d+ by raw fool rate \d+$/),
    ]);
  });
});

describe('npm run ratings:simulate', () => {
  it('prints the three lines on stdout (the seed goes to stderr) and exits 0 when the goals are met', () => {
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ratings-simulate.ts', '--seed', String(OTHER_SEED)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(stdout.trimEnd().split('\n')).toEqual(resultLines(simulateRatings({ seed: OTHER_SEED })));
  });
});
