import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { ReferralRedirect } from '@/features/referral/referral-redirect';

export const Route = createFileRoute('/$username')({ component: ReferralRedirect, errorComponent: ErrorScreen });
