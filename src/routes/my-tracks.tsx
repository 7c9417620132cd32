import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { MyTracksPage } from '@/features/my-tracks/my-tracks-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/my-tracks')({
  beforeLoad: requireSignedIn,
  component: MyTracksPage,
  errorComponent: ErrorScreen,
});
