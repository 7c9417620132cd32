import { useEffect, type ComponentProps } from 'react';
import { Toaster } from 'sonner';
import { toasterReady } from '@/lib/toast';

/** The Toaster, telling lib/toast once it listens (its own effect runs first, being the child). */
export function ReadyToaster(props: ComponentProps<typeof Toaster>) {
  useEffect(() => toasterReady(), []);
  return <Toaster {...props} />;
}
