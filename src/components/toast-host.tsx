import { lazy, Suspense, type ComponentProps } from 'react';
import type { Toaster } from 'sonner';
import { useToasterWanted } from '@/lib/toast';

const ReadyToaster = lazy(() => import('./ready-toaster').then((m) => ({ default: m.ReadyToaster })));

/** Sonner's <Toaster>, loaded and mounted with the first toast (lib/toast), not in the first load. */
export function ToastHost(props: ComponentProps<typeof Toaster>) {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReadyToaster {...props} />
    </Suspense>
  );
}
