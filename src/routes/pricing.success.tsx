import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ErrorScreen } from '@/components/error-screen';
import { PaymentSuccessPage } from '@/features/pricing/success-page';
import { requireSignedIn } from '@/lib/router-context';

/** ?session_id= (a checkout session id); anything else is dropped. */
const successSearch = z.object({
  session_id: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{1,200}$/))), undefined),
});

export const Route = createFileRoute('/pricing/success')({
  validateSearch: successSearch,
  beforeLoad: requireSignedIn,
  component: SuccessRoute,
  errorComponent: ErrorScreen,
});

function SuccessRoute() {
  const { session_id } = Route.useSearch();
  return <PaymentSuccessPage sessionId={session_id} />;
}
