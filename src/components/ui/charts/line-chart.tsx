import { clsx } from 'clsx';
import { ChanceKey, ChartTable, ChartWithTable, TD } from './chart-parts';
import { clampPercent, partOfWhole, percentText, type Share } from './share';

/** One line: its name, its colour (a stroke-* class the light theme remaps) and its dashes, so colour is not the only difference. */
export type Series<K extends string> = { key: K; label: string; stroke: string; dash?: string; width?: number };
/** One step along the x axis (a week): its name in the table, a shorter one under the chart, and a share per line. */
export type LinePoint<K extends string> = { label: string; short: string; values: Record<K, Share> };

const TICKS = [0, 25, 50, 75, 100];

/** The polyline pieces of one series: a null (withheld) point breaks the line rather than dropping to 0. */
function pieces(values: Share[], x: (i: number) => number): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let run: Array<[number, number]> = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length) out.push(run);
      run = [];
    } else run.push([x(i), 100 - clampPercent(v.percent)]);
  });
  if (run.length) out.push(run);
  return out;
}

/**
 * Percent lines over time (accuracy per week, overall and per song type) on a 0-100% scale, with
 * the chance level dashed, a legend, and the table of the same figures. The plot is an SVG in
 * percent units stretched to the box (strokes and dots stay their screen size:
 * vector-effect="non-scaling-stroke"); its scale and week names are HTML, so text never stretches.
 */
export function LineChart<K extends string>({
  series,
  points,
  chance,
  withheld,
  label,
  xHeader,
}: {
  series: Array<Series<K>>;
  points: Array<LinePoint<K>>;
  chance: number;
  withheld: string;
  label: string;
  xHeader: string;
}) {
  const x = (i: number) => (points.length === 1 ? 50 : (i / (points.length - 1)) * 100);
  const line = { vectorEffect: 'non-scaling-stroke' } as const;
  const chart = (
    <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-2" data-testid="line-chart">
      <div className="relative h-48 text-[11px] text-zinc-400">
        {TICKS.map((t) => (
          <span key={t} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${100 - t}%` }}>
            {t}%
          </span>
        ))}
      </div>
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="h-48 w-full overflow-visible">
        {TICKS.map((t) => (
          <line key={t} x1="0" x2="100" y1={100 - t} y2={100 - t} strokeWidth="1" className="stroke-zinc-800" style={line} />
        ))}
        <line x1="0" x2="100" y1={100 - chance} y2={100 - chance} strokeWidth="1.5" strokeDasharray="4 3" className="stroke-zinc-300" style={line} data-testid="chance-line" />
        {series.map((s) => {
          const runs = pieces(
            points.map((p) => p.values[s.key]),
            x,
          );
          return (
            <g key={s.key} data-testid={`line-${s.key}`}>
              {runs.map((run, i) => (
                <polyline key={i} points={run.map(([px, py]) => `${px},${py}`).join(' ')} fill="none" className={s.stroke} strokeWidth={s.width ?? 2} strokeDasharray={s.dash} strokeLinejoin="round" style={line} />
              ))}
              {/* A dot at each week: zero-length round-capped strokes, round at any stretch. */}
              {runs.flat().map(([px, py]) => (
                <path key={`${px}`} d={`M${px} ${py}h0`} fill="none" strokeWidth="6" strokeLinecap="round" className={s.stroke} style={line} />
              ))}
            </g>
          );
        })}
      </svg>
      <span />
      <div className="mt-1 flex justify-between gap-2 text-[11px] text-zinc-400">
        <span>{points[0]?.short}</span>
        {points.length > 1 ? <span>{points.at(-1)?.short}</span> : null}
      </div>
    </div>
  );
  const legend = (
    <>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300" aria-label="Lines">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <svg width="24" height="8" aria-hidden="true" className="shrink-0 overflow-visible">
              <line x1="0" x2="24" y1="4" y2="4" strokeWidth={s.width ?? 2} strokeDasharray={s.dash} className={s.stroke} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <ChanceKey chance={chance} />
    </>
  );
  const table = (
    <ChartTable label={label} head={[xHeader, ...series.map((s) => s.label)]}>
      {points.map((p) => (
        <tr key={p.label}>
          <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-medium">
            {p.label}
          </th>
          {series.map((s) => {
            const v = p.values[s.key];
            return (
              <td key={s.key} className={clsx(TD, v ? null : 'italic text-zinc-400')}>
                {v ? (
                  <>
                    {percentText(v.percent)} <span className="whitespace-nowrap text-xs text-zinc-400">({partOfWhole(v)})</span>
                  </>
                ) : (
                  withheld
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </ChartTable>
  );
  return <ChartWithTable chart={chart} legend={legend} table={table} />;
}
