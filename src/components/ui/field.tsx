import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The text input, select and textarea look of the forms. */
export const INPUT =
  'w-full rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-400 focus:border-fuchsia-500 focus:outline-none focus:ring-2 focus:ring-fuchsia-500/30 disabled:opacity-50';

type FieldProps = {
  label: ReactNode;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** Tighter, with a plain label: for dense forms such as the CMS editor. */
  compact?: boolean;
  className?: string;
  /** The control; the label wraps it, so it needs no id. */
  children: ReactNode;
  /** What is wrong with the value, shown under it; the control names it with `aria-describedby={error.id}` and `aria-invalid`. */
  error?: { id: string; message: string } | null;
};

/** A labelled form control: the label text, the control, an optional hint, and its error. */
export function Field({ label, hint, compact = false, className, children, error }: FieldProps) {
  return (
    <label className={clsx('block text-sm', compact ? 'space-y-1' : 'space-y-1.5', className)}>
      <span className={compact ? undefined : 'font-medium'}>{label}</span>
      {children}
      {hint ? <span className="block text-xs text-zinc-400">{hint}</span> : null}
      {error ? (
        <span id={error.id} className="block text-xs text-red-300">
          {error.message}
        </span>
      ) : null}
    </label>
  );
}
