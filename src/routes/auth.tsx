import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { AuthPage } from '@/features/auth/auth-page';

const search = z.object({
  ref: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
  mode: z.catch(z.optional(z.enum(['signin', 'signup'])), undefined),
});

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  component: AuthRoute,
});

function AuthRoute() {
  const { ref, mode } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} />;
}
