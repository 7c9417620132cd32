import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MAIN_ID } from './skip-link';

/** How many frames a closing menu may keep the focus before it is taken for the new page's own dialog. */
const DIALOG_FRAMES = 15;

/**
 * After the app moves to another page, the keyboard starts from the new page's content, as after
 * a page load it would start from the top: the link that was followed (in the bar, the footer, the
 * menu, or the old page, now gone) no longer says where the user is. The main region takes the
 * focus (screen readers announce it), unless the new page already put the focus in it (the
 * arena's first control, a form's field) or a dialog holds it. The first page load is left alone.
 */
export function useRouteFocus(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Frames later: a menu closed by the navigation lets go of the focus (a few frames at most);
    // a dialog that keeps it longer is the new page's own.
    let frame = 0;
    let frames = 0;
    const settle = () => {
      const main = document.getElementById(MAIN_ID);
      const focused = document.activeElement;
      if (!main || main.contains(focused)) return;
      if (focused?.closest('[role="dialog"], [role="alertdialog"]')) {
        if (++frames < DIALOG_FRAMES) frame = requestAnimationFrame(settle);
        return;
      }
      main.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
