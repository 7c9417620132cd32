import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A data cell's padding; `align-top` or `align-middle` is the caller's. */
export const TD = 'px-3 py-2';

const TH = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-400';

/** The header of an actions column: read by screen readers, not shown. */
export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;

/**
 * The CMS's data table: scrolls sideways on narrow screens (its edges fade where there is more to
 * see: styles.css, .scroll-fade), one header row of `columns`, and the
 * rows as children. `busy` while new rows are on their way (a search): the old ones dim, and
 * assistive technology is told they are about to change. A table with nothing to focus in its
 * rows (a log) needs a `label`: its scroller is then a named region that takes the focus, so the
 * keyboard can scroll it too.
 */
export function DataTable({
  columns,
  minWidth,
  className,
  busy = false,
  label,
  children,
}: {
  columns: ReactNode[];
  minWidth: string;
  className?: string;
  busy?: boolean;
  label?: string;
  children: ReactNode;
}) {
  const scroller = label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {};
  return (
    // relative: the scroller is the containing block of what is positioned inside (sr-only texts),
    // which would otherwise stick out of it and widen the page on a phone.
    <div className={clsx('scroll-fade relative overflow-x-auto', className)} {...scroller}>
      <table className={clsx('w-full text-sm transition-opacity', minWidth, busy && 'opacity-60')} aria-busy={busy || undefined}>
        <thead className="border-b border-zinc-800">
          <tr>
            {columns.map((c, i) => (
              <th key={i} className={TH}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}
