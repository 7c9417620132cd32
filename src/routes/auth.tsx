import { createFileRoute } from '@tanstack/react-router';
import { normalizeUsername, usernameProblem } from '@common/username';
import { ErrorScreen } from '@/components/error-screen';
import { AuthPage } from '@/features/auth/auth-page';

type AuthSearch = { ref?: string; mode?: 'signin' | 'signup' };

/**
 * ?ref= (a referrer's username, as a username: lower case, letters, digits and underscore; not a
 * username at all, it is dropped, so the page never shows made-up text as 'Referred by') and
 * ?mode=signin|signup; anything else is dropped.
 */
function search(raw: Record<string, unknown>): AuthSearch {
  const given = typeof raw.ref === 'string' && raw.ref.length <= 40 ? normalizeUsername(raw.ref) : '';
  const ref = given && usernameProblem(given) === null ? given : undefined;
  const mode = raw.mode === 'signin' || raw.mode === 'signup' ? raw.mode : undefined;
  // Both keys, undefined when refused: the router lays this over the raw search, so a key left out would keep its raw value.
  return { ref, mode };
}

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  component: AuthRoute,
  errorComponent: ErrorScreen,
});

function AuthRoute() {
  const { ref, mode } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} />;
}
