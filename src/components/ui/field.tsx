import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { useId, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';

/** The text input, select and textarea look of the forms. */
export const INPUT =
  'w-full rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-400 focus:border-fuchsia-500 focus:outline-none focus:ring-2 focus:ring-fuchsia-500/30 disabled:opacity-50';

type FieldProps = {
  label: ReactNode;
  /** A line of help under the control: its description. */
  hint?: ReactNode;
  /** Tighter, with a plain label: for dense forms such as the CMS editor. */
  compact?: boolean;
  className?: string;
  /** The one control (input, select, textarea); Field gives it its id, description and invalid state. */
  children: ReactElement;
  /** What is wrong with the value: shown under it, read first in its description, and the control is marked invalid. */
  error?: string | null;
  /** The id of other text on the page that also describes the control, read after the error. */
  describedBy?: string;
};

/**
 * A labelled form control: the label, the control, its error and an optional hint. The label
 * names the control alone; the error and the hint are its description (`aria-describedby`), so a
 * screen reader reads the name, then what is wrong, then the help.
 */
export function Field({ label, hint, compact = false, className, children, error, describedBy: also }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, also ?? null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('text-sm', compact ? 'space-y-1' : 'space-y-1.5', className)}>
      <label htmlFor={id} className={clsx('block', !compact && 'font-medium')}>
        {label}
      </label>
      <Slot id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        {children}
      </Slot>
      {error ? (
        <p id={errorId} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type SelectProps<T extends string> = Omit<ComponentPropsWithoutRef<'select'>, 'value' | 'onChange' | 'children'> & {
  value: T | '';
  /** Each option's value and its text, in order. */
  options: ReadonlyArray<readonly [T, ReactNode]>;
  /** A first option of value '' (none chosen): "All genres", "Select a genre". */
  empty?: ReactNode;
  onChange: (value: T | '') => void;
};

/** A select of the forms' look (INPUT) from a list of options; a Field gives it its label and description (the rest of the props reach the select). */
export function Select<T extends string>({ value, options, empty, onChange, className, ...rest }: SelectProps<T>) {
  return (
    <select {...rest} className={className ?? INPUT} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}
