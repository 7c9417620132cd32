import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

/**
 * The two button looks (links styled as buttons use them too); size and layout are the caller's.
 * `bare`: the caller gives the whole look, for the few buttons of their own (Button still gives
 * them its busy state).
 */
const LOOKS = {
  primary: 'rounded-lg bg-gradient-to-r from-fuchsia-700 to-violet-600 text-white',
  secondary: 'rounded-lg border border-zinc-700',
  bare: '',
} as const;

export type ButtonLook = keyof typeof LOOKS;

export const buttonClass = (look: ButtonLook, className?: string) => clsx(LOOKS[look], className);

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  look?: ButtonLook;
  /**
   * Working: looks and reads disabled (`aria-disabled`) and ignores clicks, but keeps the focus,
   * which a `disabled` button under it would drop to the page's body.
   */
  busy?: boolean;
};

/** A button (type="button" unless told otherwise) in one of the looks. */
export function Button({ look = 'primary', className, type = 'button', busy = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(look, clsx('aria-disabled:cursor-wait aria-disabled:opacity-50', className))}
      aria-disabled={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : onClick}
      {...props}
    />
  );
}
