import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { TermsPage } from '@/features/legal/terms-page';

export const Route = createFileRoute('/terms')({ component: TermsPage, errorComponent: ErrorScreen });
