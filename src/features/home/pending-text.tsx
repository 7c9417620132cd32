import { useOnline } from '@/hooks/use-online';

/**
 * What a home section shows before its data: 'Loading…', or, once the first read failed, why
 * (offline: it fills in when the connection and the live stream are back). A first visit that
 * goes offline has nothing cached to show.
 */
export function PendingText({ failed, className = 'py-8 text-center text-zinc-400', loading = 'Loading…' }: { failed: boolean; className?: string; loading?: string }) {
  const online = useOnline();
  const text = !failed ? loading : online ? 'Could not load this right now. It fills in when the server answers.' : 'You are offline. This fills in when you are back online.';
  return (
    <p className={className} role={failed ? 'status' : undefined}>
      {text}
    </p>
  );
}
