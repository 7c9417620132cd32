import { render, screen, waitFor, within, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ToastHost } from '@/components/toast-host';

/**
 * Renders a component as the app shows it, with the toast host beside it (the app's toasts are
 * what a user sees of most outcomes), and a user-event session to drive it.
 */
export function renderUi(ui: ReactElement, options?: RenderOptions) {
  const user = userEvent.setup();
  const result = render(
    <>
      {ui}
      <ToastHost />
    </>,
    options,
  );
  return { user, ...result };
}

/** The toast with this title, once it shows (toasts load sonner on first use). */
export const findToast = (title: string | RegExp) => screen.findByText(title);

/** The open dialog with this accessible name. */
export const dialogNamed = (name: string | RegExp) => screen.getByRole('dialog', { name });

/**
 * Waits until the focus is back on this element. A Radix dialog hands the focus back on a timer
 * after it closes, so right after the close it may still be on the body.
 */
export const focusReturnsTo = (element: HTMLElement) => waitFor(() => expect(element).toHaveFocus());

export { screen, within };
