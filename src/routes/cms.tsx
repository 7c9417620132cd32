import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { CmsPage } from '@/features/cms/cms-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/cms')({
  beforeLoad: requireSignedIn,
  component: CmsPage,
  errorComponent: ErrorScreen,
});
