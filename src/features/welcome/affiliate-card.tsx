import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { tokenCount } from '@common/format';
import { MSG } from '@common/messages';
import { Card } from '@/components/ui/card';
import { notifyError, notifySuccess } from '@/lib/notify';

/** The user's referral link, and what each friend earns them (`referralReward`, the amount in force). */
export function AffiliateCard({ username, referralReward }: { username: string; referralReward: number }) {
  const link = `${window.location.origin}/${username}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(MSG.affiliateCopied);
      setCopied(true);
      setTimeout(() => setCopied(false), TIMINGS_MS.copyConfirm);
    } catch (err) {
      notifyError(MSG.affiliateCopyFailed, err);
    }
  };
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Link2 className="size-5 text-fuchsia-300" aria-hidden /> Your affiliate link
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Earn {tokenCount(referralReward)} for every friend who signs up with it.</p>
      <div className="mt-4 flex gap-2">
        <input readOnly value={link} aria-label="Affiliate link" className="min-w-0 flex-1 rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-sm" />
        <button type="button" onClick={() => void copy()} className="inline-flex items-center gap-1.5 rounded-md bg-fuchsia-700 text-white px-4 py-2 text-sm font-semibold hover:bg-fuchsia-800">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </Card>
  );
}
