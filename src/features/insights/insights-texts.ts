import type { ExperienceBand } from '@common/contest/insights';

/** What the insights page says (its tests and the browser test read the same strings). */
export const INSIGHTS_TEXT = {
  heading: 'Insights',
  lead: 'What people can hear: how well listeners tell human, AI and hybrid music apart, from the contest’s blind votes.',
  rule: 'Per-type figures count only tracks that have left the contest, so nothing here tells the answer for a track still being voted on.',
  empty: 'Not enough votes yet',
  emptyText: 'The figures appear once listeners have voted. Every blind guess in the Voting Arena counts.',
  withheld: (minVotes: number) => `fewer than ${minVotes} votes`,
  matrix: {
    title: 'What listeners guessed',
    caption: 'For tracks that were truly human, AI or hybrid, the share of votes that guessed each type; each row adds up to 100%.',
    chance: (chance: string) => `A blind guess would put about ${chance} in every cell: ▲ marks a cell at or above that, ▽ one below; the outlined cells are right guesses.`,
  },
  weekly: {
    title: 'Accuracy week by week',
    caption: 'The share of votes that guessed right each week (weeks start on Monday, UTC): all votes, and by the tracks’ true type.',
  },
  genres: { title: 'Accuracy by genre', caption: 'The share of votes that guessed right, for tracks of each of the nine genres.' },
  experience: { title: 'Accuracy by experience', caption: 'The share of votes that guessed right, by how many votes the listener had cast: their 1st to 10th, 11th to 50th, or 51st on.' },
  ratings: { title: 'Accuracy by listener rating', caption: 'The share of votes that guessed right, by the listener’s skill rating when they voted (a newcomer starts at 1500).' },
  offline: (age: string) => `You are offline. These are the last figures saved, from ${age}.`,
} as const;

export const EXPERIENCE_LABELS: Record<ExperienceBand, string> = { '1-10': '1st–10th vote', '11-50': '11th–50th vote', '51+': '51st vote on' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-23' (a week's Monday) → '23 Nov 2026' and '23 Nov', without Intl. */
export function weekLabels(week: string): { label: string; short: string } {
  const [y, m, d] = week.split('-').map(Number);
  const short = `${d} ${MONTHS[(m ?? 1) - 1] ?? ''}`;
  return { label: `Week of ${short} ${y}`, short };
}
