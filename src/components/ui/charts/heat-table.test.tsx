import { describe, expect, it } from 'vitest';
import { renderUi, screen, within } from '@/test/render';
import { HeatTable, type HeatRow } from './heat-table';

const ROWS: HeatRow[] = [
  { label: 'Human', counts: { total: 200, cells: [120, 50, 30] } },
  { label: 'AI', counts: null },
  { label: 'Hybrid', counts: { total: 40, cells: [10, 20, 10] } },
];

const draw = () => renderUi(<HeatTable label="Guesses by true type" corner="True type \ Guess" columns={['Human', 'AI', 'Hybrid']} rows={ROWS} chance={33.3} withheld="fewer than 10 votes" />);

describe('HeatTable', () => {
  it('gives each cell its percent of the row and its count, and the row its votes', () => {
    draw();
    const table = screen.getByRole('table', { name: 'Guesses by true type' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['True type \\ Guess', 'Human', 'AI', 'Hybrid', 'Votes']);
    const human = screen.getByRole('rowheader', { name: 'Human' }).closest('tr')!;
    const cells = within(human).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['60.0% ▲, at or above chance120', '25.0% ▽, below chance50', '15.0% ▽, below chance30', '200']);
    expect(cells[0]).toHaveAttribute('title', '120 of 200 votes');
  });

  it('tints a cell by its share of the row, and outlines the right guesses (the diagonal)', () => {
    draw();
    const hybrid = within(screen.getByRole('rowheader', { name: 'Hybrid' }).closest('tr')!).getAllByRole('cell');
    expect(hybrid[1]!.style.backgroundColor).toContain('28%');
    expect(hybrid[0]!.style.backgroundColor).toContain('14%');
    expect(hybrid[2]!.className).toContain('outline-2');
    expect(hybrid[1]!.className).not.toContain('outline-2');
  });

  it('a withheld row says so across the row, with no percent and no 0', () => {
    draw();
    const ai = screen.getByRole('rowheader', { name: 'AI' }).closest('tr')!;
    expect(within(ai).getAllByRole('cell').map((c) => c.textContent)).toEqual(['fewer than 10 votes']);
    expect(ai).not.toHaveTextContent('%');
  });
});
