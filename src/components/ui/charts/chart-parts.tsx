import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { CARD } from '../card';
import { percentText } from './share';

/**
 * The frame of one figure: its heading, the one sentence saying what it shows (the figcaption),
 * an optional note, then the chart with its table (beside it from lg, below it on a phone).
 */
export function ChartFigure({ id, title, caption, note, children }: { id: string; title: string; caption: string; note?: ReactNode; children: ReactNode }) {
  return (
    <figure aria-labelledby={`${id}-title`} className={clsx(CARD, 'min-w-0 p-4 sm:p-6')} data-testid={`figure-${id}`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <figcaption className="mt-1 text-sm text-zinc-400">{caption}</figcaption>
      {note}
      <div className="mt-4">{children}</div>
    </figure>
  );
}

/**
 * A chart (drawn for the eye, hidden from assistive technology), its legend (read: it names the
 * chance level) and the table that says what the chart shows.
 */
export function ChartWithTable({ chart, legend, table }: { chart: ReactNode; legend?: ReactNode; table: ReactNode }) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <div className="min-w-0">
        <div aria-hidden="true">{chart}</div>
        {legend}
      </div>
      <div className="min-w-0">{table}</div>
    </div>
  );
}

export const TH = 'px-2 py-1.5 text-left text-xs font-semibold text-zinc-400';
export const TD = 'px-2 py-1.5 tabular-nums';

/**
 * A figure's table: the text alternative of its chart, read by screen readers and shown to
 * everyone. Its scroller takes the focus (a named region), so a keyboard can scroll it sideways
 * on a narrow screen (its edges fade where there is more: styles.css, .scroll-fade); the page
 * itself never scrolls sideways.
 */
export function ChartTable({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="scroll-fade relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-fuchsia-400">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-zinc-800">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}

/** The key to the dashed chance line. */
export function ChanceKey({ chance }: { chance: number }) {
  return (
    <p className="mt-3 flex items-center gap-2 text-xs text-zinc-400">
      <svg width="24" height="8" aria-hidden="true" className="shrink-0 overflow-visible" data-testid="chance-key">
        <line x1="0" x2="24" y1="4" y2="4" strokeWidth="1.5" strokeDasharray="4 3" className="stroke-zinc-300" />
      </svg>
      Chance: {percentText(chance)}, what a blind guess among three gets
    </p>
  );
}
