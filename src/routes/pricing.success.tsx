import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { PaymentSuccessPage } from '@/features/pricing/success-page';
import { requireSignedIn } from '@/lib/router-context';

type SuccessSearch = { session_id?: string };

/** ?session_id= (a checkout session id); anything else is dropped. */
function search(raw: Record<string, unknown>): SuccessSearch {
  const id = raw.session_id;
  // The key even when refused (undefined): the router lays this over the raw search.
  return { session_id: typeof id === 'string' && /^[\w-]{1,200}$/.test(id) ? id : undefined };
}

export const Route = createFileRoute('/pricing/success')({
  validateSearch: search,
  beforeLoad: requireSignedIn,
  component: SuccessRoute,
  errorComponent: ErrorScreen,
});

function SuccessRoute() {
  const { session_id } = Route.useSearch();
  return <PaymentSuccessPage sessionId={session_id} />;
}
