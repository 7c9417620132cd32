import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Registers the service worker and offers a reload when a new version is ready. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (err: unknown) => console.warn('service worker registration failed', err),
  });
  useEffect(() => {
    if (!needRefresh) return;
    toast('A new version is ready', {
      id: 'pwa-update',
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, updateServiceWorker]);
  return null;
}
