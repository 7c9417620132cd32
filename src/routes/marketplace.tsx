import { createFileRoute } from '@tanstack/react-router';
import { parseFilters } from '@/features/marketplace/url-filters';
import { MarketplacePage } from '@/features/marketplace/marketplace-page';
import { holdFirstPaintForCover } from '@/features/marketplace/first-cover';

export const Route = createFileRoute('/marketplace')({
  component: MarketplacePage,
  // The filters and the sort (issue 56): each param checked on its own, one not valid dropped.
  validateSearch: (raw: Record<string, unknown>) => parseFilters(raw),
  // Not for a preload (a link hovered): only the page being opened paints its cover.
  loader: ({ preload }) => {
    if (!preload) holdFirstPaintForCover();
  },
});
