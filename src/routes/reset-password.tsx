import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';

type ResetSearch = { code?: string; email?: string };

/**
 * ?code= (Firebase's one-time code, from the reset mail's link): choose a new password; without
 * it, ask for a link (?email= fills the address in, from the sign-in form).
 */
function search(raw: Record<string, unknown>): ResetSearch {
  const code = typeof raw.code === 'string' && /^[\w:-]{1,1024}$/.test(raw.code) ? raw.code : undefined;
  const email = typeof raw.email === 'string' && raw.email.length <= 254 ? raw.email : undefined;
  // Every key, undefined when refused: the router lays this over the raw search, so a key left out would keep its raw value.
  return { code, email };
}

export const Route = createFileRoute('/reset-password')({
  validateSearch: search,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { code, email } = Route.useSearch();
  return <ResetPasswordPage code={code} email={email} />;
}
