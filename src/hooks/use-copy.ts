import { useEffect, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * Copies text to the clipboard with a toast (`copiedTitle`, or `failedTitle` and the reason), and
 * `copied` true for a moment after (TIMINGS_MS.copyConfirm): the check a copy button shows.
 */
export function useCopy(copiedTitle: string, failedTitle: string): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS_MS.copyConfirm);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(copiedTitle);
      setCopied(true);
    } catch (err) {
      notifyError(failedTitle, err);
    }
  };
  return { copied, copy };
}
