import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ErrorScreen } from '@/components/error-screen';
import { AuthPage } from '@/features/auth/auth-page';

/** ?ref= (a referrer's username) and ?mode=signin|signup; anything else is dropped. */
const authSearch = z.object({
  ref: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
  mode: z.catch(z.optional(z.enum(['signin', 'signup'])), undefined),
});

export const Route = createFileRoute('/auth')({
  validateSearch: authSearch,
  component: AuthRoute,
  errorComponent: ErrorScreen,
});

function AuthRoute() {
  const { ref, mode } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} />;
}
