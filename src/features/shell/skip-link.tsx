import type { MouseEvent } from 'react';

/** The main region's id: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * 'Skip to content': the first stop of the keyboard on every page, visible only when focused, so a
 * keyboard user does not tab through the whole bar on each page. It moves the focus itself: a
 * plain fragment link would also put `#main` in the address, which the router would treat as a
 * navigation.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-fuchsia-700 focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-white"
    >
      Skip to content
    </a>
  );
}
