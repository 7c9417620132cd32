import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '@common/contest/insights';
import { stubApi } from '@/test/api';
import { renderUi, screen, within } from '@/test/render';
import { renderInRouter } from '@/test/router';
import { InsightsPage, InsightsView } from './insights-page';

const cell = (votes: number, right: number) => ({ votes, right, accuracy: Math.round((right / votes) * 1000) / 10 });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const insights = (over: Partial<Insights> = {}): Insights => ({
  updated_at: minutesAgo(5),
  min_votes: 10,
  chance: 33.3,
  votes: 1480,
  typed_votes: 420,
  matrix: {
    human: { votes: 200, guesses: { human: 120, ai: 50, hybrid: 30 } },
    ai: { votes: 180, guesses: { human: 90, ai: 60, hybrid: 30 } },
    hybrid: null,
  },
  weekly: [
    { week: '2026-11-16', all: cell(600, 240), ai: cell(80, 30), human: cell(90, 50), hybrid: null },
    { week: '2026-11-23', all: cell(880, 400), ai: cell(100, 30), human: cell(110, 70), hybrid: cell(40, 12) },
  ],
  genres: (['Hip-Hop', 'Pop', 'Rock', 'Electronic', 'R&B', 'Classical', 'Jazz', 'Country', 'Other'] as const).map((genre, i) => ({ genre, cell: i === 6 ? null : cell(100 + i, 40 + i) })),
  experience: [
    { band: '1-10', cell: cell(900, 330) },
    { band: '11-50', cell: cell(500, 210) },
    { band: '51+', cell: null },
  ],
  rating_bands: [
    { band: 'under-1300', cell: cell(100, 20) },
    { band: '1300-1499', cell: cell(300, 90) },
    { band: '1500-1699', cell: cell(900, 400) },
    { band: '1700-plus', cell: null },
  ],
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: 'Fool Rate insights, from the contest’s votes.' },
  method: ['A vote counts once it is scored.', 'Weeks start on Monday, UTC.'],
  ...over,
});

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

afterEach(() => vi.restoreAllMocks());

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('rowheader').textContent);

describe('the insights page', () => {
  it('shows the five figures, each with its caption and its table', () => {
    renderUi(<InsightsView data={insights()} failed={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    const figures = screen.getAllByRole('figure');
    expect(figures.map((f) => within(f).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'What listeners guessed',
      'Accuracy week by week',
      'Accuracy by genre',
      'Accuracy by experience',
      'Accuracy by listener rating',
    ]);
    for (const f of figures) expect(within(f).getAllByRole('table')).toHaveLength(1);
    expect(screen.getByRole('figure', { name: 'What listeners guessed' })).toHaveTextContent(/each row adds up to 100%/);
    expect(tableRows("Guesses by the track's true type, percent of each row")).toEqual(['Human', 'AI', 'Hybrid']);
    expect(tableRows('Right guesses per week')).toEqual(['Week of 16 Nov 2026', 'Week of 23 Nov 2026']);
    expect(tableRows('Right guesses by genre')).toEqual(['Hip-Hop', 'Pop', 'Rock', 'Electronic', 'R&B', 'Classical', 'Jazz', 'Country', 'Other']);
    expect(tableRows("Right guesses by the listener's experience")).toEqual(['1st–10th vote', '11th–50th vote', '51st vote on']);
    expect(tableRows("Right guesses by the listener's rating")).toEqual(['Under 1300', '1300–1499', '1500–1699', '1700 and up']);
  });

  it('says the matrix in percent of each row with counts, and a withheld row as fewer than min_votes votes, never 0', () => {
    renderUi(<InsightsView data={insights({ min_votes: 12 })} failed={false} />);
    const human = screen.getByRole('rowheader', { name: 'Human' }).closest('tr')!;
    expect(within(human).getAllByRole('cell')[0]).toHaveTextContent('60.0%');
    expect(within(human).getAllByRole('cell')[0]).toHaveTextContent('120');
    const matrix = screen.getByRole('table', { name: "Guesses by the track's true type, percent of each row" });
    const hybrid = within(matrix).getByRole('rowheader', { name: 'Hybrid' }).closest('tr')!;
    expect(within(hybrid).getAllByRole('cell').map((c) => c.textContent)).toEqual(['fewer than 12 votes']);
    const jazz = within(screen.getByRole('table', { name: 'Right guesses by genre' })).getByRole('rowheader', { name: 'Jazz' }).closest('tr')!;
    expect(jazz).toHaveTextContent('fewer than 12 votes');
    expect(screen.queryByText(/fewer than 10 votes/)).toBeNull();
  });

  it('states the rule beside the matrix, the chance level on every chart, and the figures’ age', () => {
    renderUi(<InsightsView data={insights()} failed={false} />);
    expect(within(screen.getByRole('figure', { name: 'What listeners guessed' })).getByTestId('insights-rule')).toHaveTextContent(
      'Per-type figures count only tracks that have left the contest, so nothing here tells the answer for a track still being voted on.',
    );
    expect(screen.getAllByTestId('chance-line')).toHaveLength(4);
    expect(screen.getByTestId('figures-age')).toHaveTextContent('Figures as of 5 minutes ago, from 1,480 votes.');
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });

  it('gives the licence, the method and the downloads', () => {
    renderUi(<InsightsView data={insights()} failed={false} />);
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByTestId('licence')).toHaveTextContent('Fool Rate insights, from the contest’s votes.');
    expect(screen.getByText('Weeks start on Monday, UTC.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(/\/api\/public\/insights\.csv$/);
    expect(screen.getByRole('link', { name: 'JSON' }).getAttribute('href')).toMatch(/\/api\/public\/insights$/);
  });

  it('offline, says these are the last figures saved and how old they are', () => {
    renderUi(<InsightsView data={insights({ updated_at: minutesAgo(180) })} failed={false} />);
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline. These are the last figures saved, from 3 hours ago.');
    setOnline(true);
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });

  it('without votes, a friendly "Not enough votes yet" in place of the charts', async () => {
    await renderInRouter(<InsightsView data={insights({ votes: 0, updated_at: null })} failed={false} />, '/insights');
    expect(screen.getByRole('heading', { name: 'Not enough votes yet' })).toBeVisible();
    expect(screen.queryAllByRole('figure')).toHaveLength(0);
    expect(screen.queryByTestId('figures-age')).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Voting' })).toHaveAttribute('href', '/vote');
  });

  it('reads the figures from GET /api/public/insights', async () => {
    const sent = stubApi((req) => (req.path === '/public/insights' ? { body: insights() } : undefined));
    renderUi(<InsightsPage />);
    expect(await screen.findByRole('figure', { name: 'Accuracy by genre' })).toBeVisible();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /public/insights']);
  });

  it('offline on a first visit (nothing saved), says it fills in when back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderUi(<InsightsPage />);
    expect(await screen.findByText('You are offline. This fills in when you are back online.')).toBeVisible();
  });
});
