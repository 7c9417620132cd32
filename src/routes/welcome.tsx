import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { WelcomePage } from '@/features/welcome/welcome-page';

export const Route = createFileRoute('/welcome')({ component: WelcomePage, errorComponent: ErrorScreen });
