import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MAIN_ID } from './skip-link';

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
    // A frame later: a dialog closed by the navigation has given its focus back by then.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById(MAIN_ID);
      const focused = document.activeElement;
      if (!main || main.contains(focused) || focused?.closest('[role="dialog"], [role="alertdialog"]')) return;
      main.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
