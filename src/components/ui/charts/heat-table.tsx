import { clsx } from 'clsx';
import { formatCount } from '@common/format';
import { percentText } from './share';

/** One row: its counts per column and their total, or null (too few to show: the row says `withheld`). */
export type HeatRow = { label: string; counts: { total: number; cells: number[] } | null };

/** The strongest tint: text keeps its contrast on it in both schemes (white text on dark, dark text on light). */
const MAX_TINT = 55;

/**
 * A matrix as an HTML table whose cells are tinted by their share of the row (a confusion
 * matrix: true type by row, guess by column), so the figure and its text alternative are one
 * thing. Each cell shows its percent of the row and its count; the diagonal (a right guess) is
 * outlined; a cell at or above `chance` is marked ▲ (and said so to screen readers), below it ▽.
 */
export function HeatTable({
  label,
  corner,
  columns,
  rows,
  chance,
  withheld,
}: {
  label: string;
  corner: string;
  columns: string[];
  rows: HeatRow[];
  chance: number;
  withheld: string;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="scroll-fade relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-fuchsia-400" data-testid="heat-table">
      <table className="w-full border-separate border-spacing-0.5 text-sm sm:border-spacing-1">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-1.5 py-1.5 text-left text-xs font-semibold text-zinc-400 sm:px-2">
              {corner}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-1.5 py-1.5 text-center text-xs font-semibold text-zinc-400 sm:px-2">
                {c}
              </th>
            ))}
            <th scope="col" className="px-1.5 py-1.5 text-right text-xs font-semibold text-zinc-400 sm:px-2">
              Votes
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.label}>
              <th scope="row" className="px-1.5 py-2 text-left font-medium sm:px-2">
                {row.label}
              </th>
              {row.counts ? (
                <>
                  {row.counts.cells.map((count, c) => {
                    const total = row.counts!.total;
                    const percent = total > 0 ? (count / total) * 100 : 0;
                    const above = percent >= chance;
                    return (
                      <td
                        key={c}
                        title={`${formatCount(count)} of ${formatCount(total)} votes`}
                        className={clsx('rounded-md px-1.5 py-2 text-center tabular-nums text-zinc-50 sm:px-2', r === c && 'outline-2 -outline-offset-2 outline-zinc-300')}
                        style={{ backgroundColor: `color-mix(in oklab, var(--color-fuchsia-500) ${Math.round((percent / 100) * MAX_TINT)}%, transparent)` }}
                      >
                        <span className="block font-semibold">
                          {percentText(percent)}{' '}
                          <span aria-hidden="true" className="text-xs">
                            {above ? '▲' : '▽'}
                          </span>
                          <span className="sr-only">{above ? ', at or above chance' : ', below chance'}</span>
                        </span>
                        <span className="block text-xs text-zinc-300">{formatCount(count)}</span>
                      </td>
                    );
                  })}
                  <td className="px-1.5 py-2 text-right tabular-nums text-zinc-300 sm:px-2">{formatCount(row.counts.total)}</td>
                </>
              ) : (
                <td colSpan={columns.length + 1} className="px-2 py-2 text-center italic text-zinc-400">
                  {withheld}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
