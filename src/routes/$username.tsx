import { createFileRoute } from '@tanstack/react-router';
import { ReferralRedirect } from '@/features/referral/referral-redirect';

export const Route = createFileRoute('/$username')({ component: ReferralRedirect });
