import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthPage } from '@/features/auth/auth-page';

const search = z.object({
  ref: z.string().max(40).optional().catch(undefined),
  mode: z.enum(['signin', 'signup']).optional().catch(undefined),
});

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  component: AuthRoute,
});

function AuthRoute() {
  const { ref, mode } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} />;
}
