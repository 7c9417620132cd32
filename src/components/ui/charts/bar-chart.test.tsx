import { describe, expect, it } from 'vitest';
import { renderUi, screen, within } from '@/test/render';
import { BarChart, type Bar } from './bar-chart';

const BARS: Bar[] = [
  { label: 'Pop', share: { percent: 61.5, part: 80, whole: 130 } },
  { label: 'Jazz', share: null },
  { label: 'Rock', share: { percent: 1234 / 20, part: 1234, whole: 2000 } },
];

const draw = (bars = BARS) => renderUi(<BarChart bars={bars} chance={33.3} withheld="fewer than 10 votes" label="Right guesses by genre" groupHeader="Genre" />);

describe('BarChart', () => {
  it('has one table, named, whose rows are the bars: group, percent, right guesses and votes', () => {
    draw();
    const table = screen.getByRole('table', { name: 'Right guesses by genre' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Genre', 'Right', 'Right guesses', 'Votes']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Pop', 'Jazz', 'Rock']);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['61.5%', '80', '130']);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['61.7%', '1,234', '2,000']);
    // The drawing is hidden from assistive technology: the table is its text alternative.
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getByTestId('bar-chart').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('a withheld group says so in the table and the chart, never 0 and never a bar', () => {
    draw();
    const jazz = screen.getByRole('rowheader', { name: 'Jazz' }).closest('tr')!;
    expect(within(jazz).getAllByRole('cell').map((c) => c.textContent)).toEqual(['fewer than 10 votes']);
    expect(jazz).not.toHaveTextContent(/\b0\b/);
    const chart = screen.getByTestId('bar-chart');
    expect(within(chart).getByText('fewer than 10 votes')).toBeInTheDocument();
    expect(within(chart).getAllByTestId('bar')).toHaveLength(2);
  });

  it('each bar is as wide as its percent, and the dashed chance line stands at the chance level, named in the key', () => {
    draw();
    const widths = screen.getAllByTestId('bar').map((svg) => svg.querySelector('rect')!.getAttribute('width'));
    expect(widths).toEqual(['61.5%', '61.7%']);
    const line = screen.getByTestId('chance-line').querySelector('line')!;
    expect([line.getAttribute('x1'), line.getAttribute('x2')]).toEqual(['33.3%', '33.3%']);
    expect(line).toHaveAttribute('stroke-dasharray');
    expect(screen.getByText(/Chance: 33\.3%/)).toBeVisible();
  });

  it('a bar above 100% (bad data) stays inside the plot', () => {
    draw([{ label: 'Odd', share: { percent: 140, part: 14, whole: 10 } }]);
    expect(screen.getByTestId('bar').querySelector('rect')).toHaveAttribute('width', '100%');
  });
});
