import { VERIFY_MSG } from '@common/messages';
import { toast } from './toast';

/**
 * Mails a new verification link and toasts the outcome: the API's own refusal (already verified,
 * the day's limit…) or the spec's failure text. The mail code (and Firebase Auth with it) loads
 * only when it is asked for: this sits behind buttons on pages that may never need it.
 */
export async function resendVerificationWithToasts(): Promise<void> {
  try {
    await (await import('./email-verification')).resendVerificationEmail();
    toast.success(VERIFY_MSG.resent);
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    toast.error(typeof status === 'number' && status < 500 && err instanceof Error ? err.message : VERIFY_MSG.resendFailed);
  }
}

/** Whether an API failure is a spend refused because the address is not verified yet (403 `email_unverified`). */
export const isUnverifiedSpend = (err: unknown): boolean =>
  (err as { body?: { error?: { code?: unknown } } } | null)?.body?.error?.code === 'email_unverified';
