import { createHash } from 'node:crypto';
import { SIGNED_IN_HINT_KEY } from '../../src/lib/signed-in-hint.ts';

/** The attribute on a prerendered page's wrapper: the one path the snapshot is of. */
export const PRERENDERED_ATTR = 'data-prerendered';

/**
 * Runs as the page parses, right after the prerendered #root: the snapshot (a signed-out visitor's
 * first paint of one path, without a query) stays only when it is what the app will render; for
 * anyone else (signed in, another path, a query string) #root is emptied and the app paints as
 * it always did. The app's first render then replaces the snapshot (React empties its container).
 */
export const PRERENDER_GUARD =
  `(function(){var r=document.getElementById('root');` +
  `try{if(r.firstElementChild.getAttribute('${PRERENDERED_ATTR}')===location.pathname&&!location.search&&localStorage.getItem('${SIGNED_IN_HINT_KEY}')!=='1')return}catch(e){}` +
  `r.replaceChildren()})()`;

/** The guard's CSP source: inline scripts are refused unless their hash is listed. */
export const prerenderGuardCspSource = (): string => `'sha256-${createHash('sha256').update(PRERENDER_GUARD).digest('base64')}'`;
