import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { MarketplacePage } from '@/features/marketplace/marketplace-page';

export const Route = createFileRoute('/marketplace')({ component: MarketplacePage, errorComponent: ErrorScreen });
