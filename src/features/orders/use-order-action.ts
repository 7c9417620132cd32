import { useState } from 'react';
import { afterWrite } from '@/data/lazy';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * Runs one request about an order at a time: toasts success or failure (with the server's
 * message), then pulls the user's documents so the list shows the change at once.
 */
export function useOrderAction() {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, request: () => Promise<unknown>, texts: { success?: string; failure: string }): Promise<void> {
    setBusy(key);
    try {
      await request();
      if (texts.success) notifySuccess(texts.success);
      void afterWrite(['orders']);
    } catch (err) {
      notifyError(texts.failure, err);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
