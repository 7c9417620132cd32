// `npm run ratings:simulate [-- --seed N]`: do skill ratings rank listeners and tracks better than today's raw counts (issue 54 §3)?
// Prints the seed and the run's size on stderr, exactly three lines on stdout; exits 1 if a goal is missed.
import { DEFAULT_SEED, resultLines, simulateRatings, unmetGoals } from './lib/ratings-simulation';

const at = process.argv.indexOf('--seed');
const seed = at >= 0 ? Number(process.argv[at + 1]) : DEFAULT_SEED;
if (!Number.isSafeInteger(seed) || seed < 0) {
  console.error('usage: npm run ratings:simulate -- [--seed N] (N a whole number ≥ 0)');
  process.exit(2);
}

const started = performance.now();
console.error(`seed ${seed}`);
const result = simulateRatings({ seed });
for (const line of resultLines(result)) console.log(line);
console.error(`${result.honestVotes} honest votes, ${result.puppetVotes} by the ring; ${result.listenersCompared} listeners with 20 votes or more; ${((performance.now() - started) / 1000).toFixed(1)} s`);
const unmet = unmetGoals(result);
for (const goal of unmet) console.error(`goal missed: ${goal}`);
process.exit(unmet.length > 0 ? 1 : 0);
