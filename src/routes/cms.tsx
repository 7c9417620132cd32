import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/cms')({
  beforeLoad: requireSignedIn,
  component: () => <ComingSoon title="CMS">The admin dashboard is being built.</ComingSoon>,
});
