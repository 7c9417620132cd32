import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { MarketplacePage } from '@/features/marketplace/marketplace-page';
import { holdFirstPaintForCover } from '@/features/marketplace/use-listings';

export const Route = createFileRoute('/marketplace')({
  component: MarketplacePage,
  errorComponent: ErrorScreen,
  // Not for a preload (a link hovered): only the page being opened paints its cover.
  loader: ({ preload }) => {
    if (!preload) holdFirstPaintForCover();
  },
});
