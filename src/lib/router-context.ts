import { redirect } from '@tanstack/react-router';
import { PATHS } from '@common/paths';
import type { useSession } from './session';

export type RouterContext = { session: ReturnType<typeof useSession.getState> };

/** beforeLoad guard: signed-out visitors go to /auth. */
export function requireSignedIn({ context }: { context: RouterContext }): void {
  if (!context.session.user) throw redirect({ to: PATHS.auth });
}
