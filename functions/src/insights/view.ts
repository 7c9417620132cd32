import { GENRES } from '../../../common/constants';
import { SONG_TYPES, type SongType } from '../../../common/contest/contest';
import { EXPERIENCE_BANDS, INSIGHTS_MIN_VOTES, RATING_BANDS, type InsightCell, type Insights, type MatrixRow } from '../../../common/contest/insights';
import { matrixKey, typeKey, type Counts, type GlobalInsights, type Tally } from './aggregates';

export const INSIGHTS_LICENCE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Fool Rate insights',
};

/** How the figures are made (docs/insights.md), one sentence each. */
export const INSIGHTS_METHOD = [
  'A vote is a scored guess (AI, Human or Hybrid) on a contest clip heard blind; refused votes are not counted.',
  'A vote is right when the guess is the track\'s true song type; a blind guess is right one time in three (33.3%).',
  'Figures by true song type (the confusion matrix and the weekly accuracy per type) count only tracks that have left the contest (rejected, moved to the marketplace or deleted), so nothing here tells the answer for a track still being voted on.',
  'Overall, genre, experience and rating figures count every scored vote.',
  'Weeks are UTC weeks starting on Monday, named by that Monday; a listener\'s experience is the number of the vote among their own (1st to 10th, 11th to 50th, 51st on); their rating is their skill rating just before the vote.',
  `A group of fewer than ${INSIGHTS_MIN_VOTES} votes is withheld (null); no user or track identifiers are published.`,
  'The aggregates are brought up to date about once a minute.',
];

const percent = (right: number, votes: number) => Math.round((right / votes) * 1000) / 10;

/** A group's figures, withheld under the minimum. */
const cellOf = (t: Tally | undefined): InsightCell => (t && t.votes >= INSIGHTS_MIN_VOTES ? { votes: t.votes, right: t.right, accuracy: percent(t.right, t.votes) } : null);

function matrixRow(counts: Counts, type: SongType): MatrixRow {
  const guesses = Object.fromEntries(SONG_TYPES.map((g) => [g, counts[matrixKey(type, g)]?.votes ?? 0])) as Record<SongType, number>;
  const votes = SONG_TYPES.reduce((n, g) => n + guesses[g], 0);
  return votes >= INSIGHTS_MIN_VOTES ? { votes, guesses } : null;
}

const sum = (counts: Counts, prefix: string) => Object.entries(counts).reduce((n, [k, t]) => (k.startsWith(prefix) ? n + t.votes : n), 0);

/** The public figures of the stored aggregates (the JSON endpoint and the CSV both come from here). */
export function insightsOf(global: GlobalInsights | undefined): Insights {
  const counts = global?.counts ?? {};
  const weeks = [...new Set(Object.keys(counts).flatMap((k) => (k.startsWith('all|') ? [k.slice(4)] : [])))].sort();
  return {
    updated_at: global?.updated_at ?? null,
    min_votes: INSIGHTS_MIN_VOTES,
    chance: 33.3,
    votes: sum(counts, 'all|'),
    typed_votes: sum(counts, 'matrix|'),
    matrix: { ai: matrixRow(counts, 'ai'), human: matrixRow(counts, 'human'), hybrid: matrixRow(counts, 'hybrid') },
    weekly: weeks.map((week) => ({
      week,
      all: cellOf(counts[`all|${week}`]),
      ai: cellOf(counts[typeKey('ai', week)]),
      human: cellOf(counts[typeKey('human', week)]),
      hybrid: cellOf(counts[typeKey('hybrid', week)]),
    })),
    genres: GENRES.map((genre) => ({ genre, cell: cellOf(counts[`genre|${genre}`]) })),
    experience: EXPERIENCE_BANDS.map((band) => ({ band, cell: cellOf(counts[`exp|${band}`]) })),
    rating_bands: RATING_BANDS.map((band) => ({ band, cell: cellOf(counts[`rating|${band}`]) })),
    licence: INSIGHTS_LICENCE,
    method: INSIGHTS_METHOD,
  };
}

const csvField = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The same figures as CSV: the licence and the method as `#` comment lines, then one row per
 * group (figure, group, subgroup, votes, right, accuracy_percent); a withheld group has empty numbers.
 */
export function insightsCsv(insights: Insights): string {
  const rows: Array<Array<string | number | null>> = [['figure', 'group', 'subgroup', 'votes', 'right', 'accuracy_percent']];
  const cellRow = (figure: string, group: string, subgroup: string, cell: InsightCell) => rows.push([figure, group, subgroup, cell?.votes ?? null, cell?.right ?? null, cell?.accuracy ?? null]);
  for (const type of SONG_TYPES) {
    const row = insights.matrix[type];
    for (const guess of SONG_TYPES) rows.push(['confusion', type, guess, row ? row.guesses[guess] : null, null, row ? percent(row.guesses[guess], row.votes) : null]);
  }
  for (const w of insights.weekly) for (const key of ['all', ...SONG_TYPES] as const) cellRow('weekly_accuracy', w.week, key, w[key]);
  for (const g of insights.genres) cellRow('genre_accuracy', g.genre, '', g.cell);
  for (const e of insights.experience) cellRow('experience_accuracy', e.band, '', e.cell);
  for (const r of insights.rating_bands) cellRow('rating_band_accuracy', r.band, '', r.cell);
  const header = [
    `# Fool Rate insights, ${insights.updated_at ?? 'no votes yet'}. Licence: ${insights.licence.name} (${insights.licence.url}); attribution: ${insights.licence.attribution}.`,
    '# confusion rows: group = true song type, subgroup = guess, votes = guesses, accuracy_percent = percent of the row.',
    ...insights.method.map((m) => `# ${m}`),
  ];
  return `${[...header, ...rows.map((r) => r.map(csvField).join(','))].join('\n')}\n`;
}
