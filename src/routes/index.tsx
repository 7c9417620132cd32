import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { HomePage } from '@/features/home/home-page';

export const Route = createFileRoute('/')({ component: HomePage, errorComponent: ErrorScreen });
