import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

/** The two button looks (links styled as buttons use them too); size and layout are the caller's. */
const LOOKS = {
  primary: 'rounded-lg bg-gradient-to-r from-fuchsia-700 to-violet-600 text-white',
  secondary: 'rounded-lg border border-zinc-700',
} as const;

export type ButtonLook = keyof typeof LOOKS;

export const buttonClass = (look: ButtonLook, className?: string) => clsx(LOOKS[look], className);

/** A button (type="button" unless told otherwise) in one of the looks. */
export function Button({ look = 'primary', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { look?: ButtonLook }) {
  return <button type={type} className={buttonClass(look, className)} {...props} />;
}
