import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '@/features/pricing/success-page';

type SuccessSearch = { session_id?: string };

/** ?session_id= (a checkout session id); anything else is dropped. */
function search(raw: Record<string, unknown>): SuccessSearch {
  const id = raw.session_id;
  // The key even when refused (undefined): the router lays this over the raw search.
  return { session_id: typeof id === 'string' && /^[\w-]{1,200}$/.test(id) ? id : undefined };
}

export const Route = createFileRoute('/_signed-in/pricing/success')({
  validateSearch: search,
  component: SuccessRoute,
});

function SuccessRoute() {
  const { session_id } = Route.useSearch();
  return <PaymentSuccessPage sessionId={session_id} />;
}
