import { Fragment } from 'react';
import { formatCount } from '@common/format';
import { ChanceKey, ChartTable, ChartWithTable, TD } from './chart-parts';
import { clampPercent, percentText, type Share } from './share';

export type Bar = { label: string; share: Share };

/**
 * Horizontal bars of a percent per group (accuracy by genre, by experience), with the chance
 * level as a dashed line across them, and the table of the same figures. The labels and values
 * are HTML in a grid (they wrap on a phone); each bar is an SVG rect as wide as its percent, and
 * the chance line one SVG over the bars' column. A group without a share shows `withheld` (e.g.
 * 'fewer than 10 votes'), never an empty bar.
 */
export function BarChart({ bars, chance, withheld, label, groupHeader }: { bars: Bar[]; chance: number; withheld: string; label: string; groupHeader: string }) {
  const chart = (
    <div
      className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)_3.25rem] items-center gap-x-2 gap-y-2 text-xs"
      style={{ gridTemplateRows: `repeat(${bars.length}, minmax(1.25rem, auto))` }}
      data-testid="bar-chart"
    >
      {bars.map((bar, i) => (
        <Fragment key={bar.label}>
          <span className="col-start-1 break-words text-zinc-300" style={{ gridRow: i + 1 }}>
            {bar.label}
          </span>
          {bar.share ? (
            <svg className="col-start-2 h-4 w-full" style={{ gridRow: i + 1 }} data-testid="bar">
              <rect width={`${clampPercent(bar.share.percent)}%`} height="100%" rx="2" className="fill-fuchsia-500" />
            </svg>
          ) : (
            <span className="col-start-2 italic text-zinc-400" style={{ gridRow: i + 1 }}>
              {withheld}
            </span>
          )}
          <span className="col-start-3 text-right tabular-nums text-zinc-200" style={{ gridRow: i + 1 }}>
            {bar.share ? percentText(bar.share.percent) : ''}
          </span>
        </Fragment>
      ))}
      {/* An empty box over every row of the bars' column: it adds no height, the line fills it. */}
      <div className="pointer-events-none relative col-start-2 self-stretch" style={{ gridRow: '1 / -1' }}>
        <svg className="absolute inset-0 h-full w-full overflow-visible" data-testid="chance-line">
          <line x1={`${chance}%`} x2={`${chance}%`} y1="-4" y2="100%" strokeWidth="1.5" strokeDasharray="4 3" className="stroke-zinc-300" />
        </svg>
      </div>
    </div>
  );
  const table = (
    <ChartTable label={label} head={[groupHeader, 'Right', 'Right guesses', 'Votes']}>
      {bars.map((bar) => (
        <tr key={bar.label}>
          <th scope="row" className="px-2 py-1.5 text-left font-medium">
            {bar.label}
          </th>
          {bar.share ? (
            <>
              <td className={TD}>{percentText(bar.share.percent)}</td>
              <td className={TD}>{formatCount(bar.share.part)}</td>
              <td className={TD}>{formatCount(bar.share.whole)}</td>
            </>
          ) : (
            <td colSpan={3} className={`${TD} italic text-zinc-400`}>
              {withheld}
            </td>
          )}
        </tr>
      ))}
    </ChartTable>
  );
  return <ChartWithTable chart={chart} legend={<ChanceKey chance={chance} />} table={table} />;
}
