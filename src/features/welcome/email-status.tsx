import { BadgeCheck, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { VERIFY_MSG } from '@common/messages';
import { Button } from '@/components/ui/button';
import { ignoreFailure } from '@/hooks/api-read';
import { useApiRead } from '@/hooks/use-api-read';
import { ApiError } from '@/lib/api/api';
import { resendVerificationEmail } from '@/lib/email-verification';
import { fetchMe } from '@/lib/me';

/**
 * Whether the address is verified, and a way to get a new link while it is not. Only an account
 * that came through a referral link is told its referrer waits for the verification: the line
 * shows once the API has said whether there is one (the plain line if it cannot be asked).
 */
export function EmailStatus({ verified }: { verified: boolean | null }) {
  const [busy, setBusy] = useState(false);
  const referral = useApiRead(
    verified === false ? (signal) => fetchMe(signal).then((r) => r.profile.referred_by !== null) : null,
    [verified],
    { onError: ignoreFailure },
  );
  if (verified === null || (verified === false && referral.loading)) return null;
  const referred = referral.data === true;
  if (verified)
    return (
      <p data-testid="email-status" className="mx-auto mt-4 inline-flex items-center gap-2 rounded-full bg-emerald-500/10 px-4 py-1.5 text-sm font-semibold text-emerald-200">
        <BadgeCheck className="size-4" aria-hidden /> {VERIFY_MSG.verified}
      </p>
    );
  const resend = async () => {
    setBusy(true);
    try {
      await resendVerificationEmail();
      toast.success(VERIFY_MSG.resent);
    } catch (err) {
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : VERIFY_MSG.resendFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="email-status" className="mx-auto mt-4 flex max-w-xl flex-col items-center gap-2 rounded-2xl bg-zinc-900/80 px-4 py-3 text-sm text-zinc-200">
      <p className="inline-flex items-center gap-2">
        <MailWarning className="size-4 shrink-0 text-amber-300" aria-hidden /> {referred ? VERIFY_MSG.pendingReferred : VERIFY_MSG.pending}
      </p>
      <Button look="secondary" className="px-3 py-1.5 text-sm" onClick={() => void resend()} disabled={busy}>
        {VERIFY_MSG.resend}
      </Button>
    </div>
  );
}
