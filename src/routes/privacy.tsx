import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { PrivacyPage } from '@/features/legal/privacy-page';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage, errorComponent: ErrorScreen });
