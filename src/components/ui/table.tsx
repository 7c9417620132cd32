import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A data cell's padding; `align-top` or `align-middle` is the caller's. */
export const TD = 'px-3 py-2';

const TH = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-400';

/** The header of an actions column: read by screen readers, not shown. */
export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;

/**
 * The CMS's data table: scrolls sideways on narrow screens, one header row of `columns`, and the
 * rows as children.
 */
export function DataTable({ columns, minWidth, className, children }: { columns: ReactNode[]; minWidth: string; className?: string; children: ReactNode }) {
  return (
    // relative: the scroller is the containing block of what is positioned inside (sr-only texts),
    // which would otherwise stick out of it and widen the page on a phone.
    <div className={clsx('relative overflow-x-auto', className)}>
      <table className={clsx('w-full text-sm', minWidth)}>
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
