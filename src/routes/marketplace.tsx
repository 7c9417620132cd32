import { createFileRoute } from '@tanstack/react-router';
import { MarketplacePage } from '@/features/marketplace/marketplace-page';
import { holdFirstPaintForCover } from '@/features/marketplace/use-listings';

export const Route = createFileRoute('/marketplace')({
  component: MarketplacePage,
  // Not for a preload (a link hovered): only the page being opened paints its cover.
  loader: ({ preload }) => {
    if (!preload) holdFirstPaintForCover();
  },
});
