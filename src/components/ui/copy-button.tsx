import { Check, Copy } from 'lucide-react';
import { useCopy } from '@/hooks/use-copy';

/** Copies `text`: a toast and a check icon for a moment. `label` says what it copies (tooltip). */
export function CopyButton({ text, label, copiedTitle, failedTitle }: { text: string; label: string; copiedTitle: string; failedTitle: string }) {
  const { copied, copy } = useCopy(copiedTitle, failedTitle);
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      title={label}
      className="inline-flex items-center gap-1 rounded-md border border-zinc-700 px-2 py-1 text-xs font-semibold hover:bg-zinc-800"
    >
      {copied ? <Check className="size-3.5 text-emerald-400" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
