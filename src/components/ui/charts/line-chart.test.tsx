import { describe, expect, it } from 'vitest';
import { renderUi, screen, within } from '@/test/render';
import { LineChart, type LinePoint, type Series } from './line-chart';

type K = 'all' | 'ai';
const SERIES: Array<Series<K>> = [
  { key: 'all', label: 'All votes', stroke: 'stroke-zinc-100' },
  { key: 'ai', label: 'AI', stroke: 'stroke-fuchsia-400', dash: '6 3' },
];
const s = (percent: number, part: number, whole: number) => ({ percent, part, whole });
const POINTS: Array<LinePoint<K>> = [
  { label: 'Week of 2 Nov 2026', short: '2 Nov', values: { all: s(40, 40, 100), ai: s(50, 10, 20) } },
  { label: 'Week of 9 Nov 2026', short: '9 Nov', values: { all: s(45.5, 91, 200), ai: null } },
  { label: 'Week of 16 Nov 2026', short: '16 Nov', values: { all: s(50, 150, 300), ai: s(25, 5, 20) } },
];

const draw = (points = POINTS) =>
  renderUi(<LineChart series={SERIES} points={points} chance={33.3} withheld="fewer than 10 votes" label="Right guesses per week" xHeader="Week" />);

describe('LineChart', () => {
  it('its table has a column per line and a row per week, with the percent and the counts', () => {
    draw();
    const table = screen.getByRole('table', { name: 'Right guesses per week' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Week', 'All votes', 'AI']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Week of 2 Nov 2026', 'Week of 9 Nov 2026', 'Week of 16 Nov 2026']);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['40.0% (40 of 100)', '50.0% (10 of 20)']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['45.5% (91 of 200)', 'fewer than 10 votes']);
    expect(screen.getAllByRole('table')).toHaveLength(1);
  });

  it('a withheld week breaks its line instead of dropping to 0; the others run through every week', () => {
    draw();
    const all = screen.getByTestId('line-all').querySelectorAll('polyline');
    expect([...all].map((p) => p.getAttribute('points'))).toEqual(['0,60 50,54.5 100,50']);
    const ai = screen.getByTestId('line-ai').querySelectorAll('polyline');
    expect([...ai].map((p) => p.getAttribute('points'))).toEqual(['0,50', '100,75']);
    // Every shown week has its dot, so a lone week between gaps is still seen.
    expect(screen.getByTestId('line-ai').querySelectorAll('path')).toHaveLength(2);
  });

  it('draws the chance level as a dashed line across the plot, and names it and the lines in the legend', () => {
    draw();
    const chance = screen.getByTestId('chance-line');
    expect([chance.getAttribute('y1'), chance.getAttribute('y2')]).toEqual(['66.7', '66.7']);
    expect(chance).toHaveAttribute('stroke-dasharray');
    expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['All votes', 'AI']);
    expect(screen.getByText(/Chance: 33\.3%/)).toBeVisible();
  });

  it('one week is drawn in the middle, named once under the plot', () => {
    draw(POINTS.slice(0, 1));
    expect(screen.getByTestId('line-all').querySelector('polyline')).toHaveAttribute('points', '50,60');
    expect(screen.getAllByText('2 Nov')).toHaveLength(1);
  });
});
