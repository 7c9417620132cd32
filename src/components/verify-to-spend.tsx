import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { VERIFY_MSG } from '@common/messages';
import { Button } from '@/components/ui/button';
import { resendVerificationWithToasts } from '@/lib/resend-verification';

/**
 * A spend refused because the address is not verified yet, said where it was asked for (a
 * dialog, whose page behind is inert, so a toast's button could not be reached): what to do, and
 * a button that mails a new verification link.
 */
export function VerifyToSpend() {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    await resendVerificationWithToasts();
    setBusy(false);
  };
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
      <p className="flex items-center gap-2 font-semibold">
        <MailWarning className="size-4 shrink-0 text-amber-300" aria-hidden /> {VERIFY_MSG.spendNeedsVerified}
      </p>
      <p>{VERIFY_MSG.spendNeedsVerifiedDetail}</p>
      <Button look="secondary" className="px-3 py-1.5 text-sm" onClick={() => void resend()} busy={busy}>
        {VERIFY_MSG.resend}
      </Button>
    </div>
  );
}
