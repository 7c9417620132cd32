import { Check, Share2 } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { useCopy } from '@/hooks/use-copy';
import { notifyError } from '@/lib/notify';
import { VOTE_TEXT } from './vote-texts';

const cancelled = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Shares `text` through the system's share sheet where the browser has one; else copies it, with
 * the spec's 'Copied!' toast and a check on the button for a moment. A share sheet the listener
 * closes is no error; one that fails otherwise falls back to the copy.
 */
export function ShareButton({ text }: { text: string }) {
  const { copied, copy } = useCopy(VOTE_TEXT.copied, VOTE_TEXT.shareFailed);

  const share = async () => {
    if ('share' in navigator && typeof navigator.share === 'function') {
      try {
        await navigator.share({ text });
        return;
      } catch (err) {
        if (cancelled(err)) return;
      }
    }
    if (!('clipboard' in navigator) || typeof navigator.clipboard.writeText !== 'function') {
      notifyError(VOTE_TEXT.shareFailed, VOTE_TEXT.shareUnsupported);
      return;
    }
    await copy(text);
  };

  const Icon = copied ? Check : Share2;
  return (
    <button
      type="button"
      onClick={() => void share()}
      className={buttonClass('secondary', 'inline-flex items-center gap-2 px-6 py-3 font-bold hover:bg-zinc-800')}
    >
      <Icon className="size-4" aria-hidden /> {VOTE_TEXT.shareResult}
    </button>
  );
}
