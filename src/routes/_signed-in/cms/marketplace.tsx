import { createFileRoute } from '@tanstack/react-router';
import { MarketplaceTab } from '@/features/cms/marketplace/marketplace-tab';

export const Route = createFileRoute('/_signed-in/cms/marketplace')({ component: MarketplaceTab });
