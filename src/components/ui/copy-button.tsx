import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Copies `text`: a toast and a check icon for a moment. `label` says what it copies (tooltip). */
export function CopyButton({ text, label, copiedTitle, failedTitle }: { text: string; label: string; copiedTitle: string; failedTitle: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS_MS.copyConfirm);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(copiedTitle);
      setCopied(true);
    } catch (err) {
      notifyError(failedTitle, err);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={label}
      className="inline-flex items-center gap-1 rounded-md border border-zinc-700 px-2 py-1 text-xs font-semibold hover:bg-zinc-800"
    >
      {copied ? <Check className="size-3.5 text-emerald-400" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
