import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { VotePage } from '@/features/vote/vote-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/vote')({
  beforeLoad: requireSignedIn,
  component: VotePage,
  errorComponent: ErrorScreen,
});
