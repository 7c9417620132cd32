import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/submit')({
  beforeLoad: requireSignedIn,
  component: () => <ComingSoon title="Submit Your Track">Track submission to the contest and the marketplace is on its way.</ComingSoon>,
});
