import { createFileRoute } from '@tanstack/react-router';
import { isReturnPath, type ReturnPath } from '@common/paths';
import { normalizeUsername, usernameProblem } from '@common/accounts/username';
import { AuthPage } from '@/features/auth/auth-page';

type AuthSearch = { ref?: string; mode?: 'signin' | 'signup'; next?: ReturnPath };

/**
 * ?ref= (a referrer's username, as a username: lower case, letters, digits and underscore; not a
 * username at all, it is dropped, so the page never shows made-up text as 'Referred by') and
 * ?mode=signin|signup; ?next= where a sign-in returns to, one of RETURN_PATHS; anything else is dropped.
 */
function search(raw: Record<string, unknown>): AuthSearch {
  const given = typeof raw.ref === 'string' && raw.ref.length <= 40 ? normalizeUsername(raw.ref) : '';
  const ref = given && usernameProblem(given) === null ? given : undefined;
  const mode = raw.mode === 'signin' || raw.mode === 'signup' ? raw.mode : undefined;
  const next = isReturnPath(raw.next) ? raw.next : undefined;
  // Every key, undefined when refused: the router lays this over the raw search, so a key left out would keep its raw value.
  return { ref, mode, next };
}

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  component: AuthRoute,
});

function AuthRoute() {
  const { ref, mode, next } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} returnTo={next} />;
}
