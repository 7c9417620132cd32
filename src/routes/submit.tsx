import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { SubmitPage } from '@/features/submit/submit-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/submit')({
  beforeLoad: requireSignedIn,
  component: SubmitPage,
  errorComponent: ErrorScreen,
});
