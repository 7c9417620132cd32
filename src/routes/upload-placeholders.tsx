import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { ComingSoon } from '@/features/coming-soon/coming-soon';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/upload-placeholders')({
  beforeLoad: requireSignedIn,
  component: () => <ComingSoon title="Placeholder covers">The placeholder cover upload utility is coming.</ComingSoon>,
  errorComponent: ErrorScreen,
});
