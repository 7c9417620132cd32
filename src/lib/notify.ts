import { VERIFY_MSG } from '@common/messages';
import { toast } from './toast';

/**
 * The one place errors become toasts: the spec's title, and as detail the server's message,
 * an error's message, a given text, or the fallback.
 */
export function notifyError(title: string, detail?: unknown, fallback?: string): void {
  const text = typeof detail === 'string' ? detail : detail instanceof Error && detail.message ? detail.message : fallback;
  if (text === VERIFY_MSG.spendNeedsVerified) return notifyVerifyToSpend(title);
  toast.error(title, text ? { description: text } : undefined);
}

/**
 * A spend the API refused because the address is not verified yet (403 `email_unverified`): what
 * to do, and a button that mails a new verification link (its code loads only when pressed).
 */
function notifyVerifyToSpend(title: string): void {
  const resend = async () => {
    try {
      await (await import('./email-verification')).resendVerificationEmail();
      toast.success(VERIFY_MSG.resent);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      toast.error(typeof status === 'number' && status < 500 && err instanceof Error ? err.message : VERIFY_MSG.resendFailed);
    }
  };
  toast.error(title, {
    description: `${VERIFY_MSG.spendNeedsVerified}. ${VERIFY_MSG.spendNeedsVerifiedDetail}`,
    duration: 15_000,
    action: { label: VERIFY_MSG.resend, onClick: () => void resend() },
  });
}

export const notifyInfo = (title: string, description?: string): void => {
  toast.info(title, description ? { description } : undefined);
};

export const notifySuccess = (title: string, description?: string): void => {
  toast.success(title, description ? { description } : undefined);
};
