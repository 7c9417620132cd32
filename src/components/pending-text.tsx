import { useOnline } from '@/hooks/use-online';

/**
 * What a section shows before its data: 'Loading…', or, once the first read failed, why (offline:
 * it fills in when the connection is back). For reads that retry by themselves (`retryMs`): a
 * first visit that goes offline has nothing to show yet.
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
