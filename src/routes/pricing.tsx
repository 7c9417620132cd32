import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';

export const Route = createFileRoute('/pricing')({
  component: () => <ComingSoon title="Get Tokens">Token packs bought by card are coming soon.</ComingSoon>,
});
