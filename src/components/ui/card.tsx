import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

/** The panel every screen is built of: its frame and background (padding is the caller's). */
export const CARD = 'rounded-2xl border border-zinc-800 bg-zinc-900/60';

type CardTag = 'section' | 'div' | 'article' | 'li' | 'p';

/** A panel: `as` picks the element (a section by default), `className` adds padding and layout. */
export function Card({ as: Tag = 'section', className, ...props }: HTMLAttributes<HTMLElement> & { as?: CardTag }) {
  return <Tag className={clsx(CARD, className)} {...props} />;
}
