import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/vote')({
  beforeLoad: requireSignedIn,
  component: () => <ComingSoon title="Voting Arena">The blind voting arena opens soon: hear 45-second clips and guess AI, Human or Hybrid.</ComingSoon>,
});
