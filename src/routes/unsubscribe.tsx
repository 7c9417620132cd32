import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '@/features/mail/unsubscribe-page';

type UnsubscribeSearch = { u?: string; t?: string };

/** ?u= (a user id) and ?t= (their unsubscribe token), from a campaign mail's footer. */
function search(raw: Record<string, unknown>): UnsubscribeSearch {
  const ok = (v: unknown) => (typeof v === 'string' && /^[\w-]{1,128}$/.test(v) ? v : undefined);
  const u = ok(raw.u);
  const t = ok(raw.t);
  // Both keys, undefined when refused: the router lays this over the raw search, so a key left out would keep its raw value.
  return u && t ? { u, t } : { u: undefined, t: undefined };
}

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: search,
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { u, t } = Route.useSearch();
  return <UnsubscribePage u={u} t={t} />;
}
