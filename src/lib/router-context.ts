import { redirect } from '@tanstack/react-router';
import { isReturnPath, PATHS } from '@common/paths';
import type { useSession } from './session';

export type RouterContext = { session: ReturnType<typeof useSession.getState> };

/** beforeLoad guard: signed-out visitors go to /auth, which brings them back here once signed in. */
export function requireSignedIn({ context, location }: { context: RouterContext; location: { pathname: string } }): void {
  if (!context.session.user) throw redirect({ to: PATHS.auth, search: { next: isReturnPath(location.pathname) ? location.pathname : undefined } });
}
