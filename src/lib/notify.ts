import { VERIFY_MSG } from '@common/messages';
import { resendVerificationWithToasts } from './resend-verification';
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
 * to do, and a button that mails a new verification link. Inside a modal dialog the toast is out
 * of reach (the page behind is inert): the dialog shows VerifyToSpend instead.
 */
function notifyVerifyToSpend(title: string): void {
  toast.error(title, {
    description: `${VERIFY_MSG.spendNeedsVerified}. ${VERIFY_MSG.spendNeedsVerifiedDetail}`,
    duration: 15_000,
    action: { label: VERIFY_MSG.resend, onClick: () => void resendVerificationWithToasts() },
  });
}

export const notifyInfo = (title: string, description?: string): void => {
  toast.info(title, description ? { description } : undefined);
};

export const notifySuccess = (title: string, description?: string): void => {
  toast.success(title, description ? { description } : undefined);
};
