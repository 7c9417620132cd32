import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';

export const Route = createFileRoute('/marketplace')({
  component: () => <ComingSoon title="Marketplace">License tracks with tokens or cash. The marketplace opens soon.</ComingSoon>,
});
