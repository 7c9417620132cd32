import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

const SIZES = {
  sm: 'px-2 py-0.5 text-xs font-semibold',
  md: 'px-3 py-1 text-xs font-bold',
} as const;

/** A pill's shape; the tone (colours) and anything else come in `className`. */
export const badgeClass = (size: keyof typeof SIZES, className?: string) => clsx('rounded-full', SIZES[size], className);

/** A status pill: `className` gives its tone. */
export function Badge({ size = 'sm', className, ...props }: HTMLAttributes<HTMLSpanElement> & { size?: keyof typeof SIZES }) {
  return <span className={badgeClass(size, className)} {...props} />;
}
