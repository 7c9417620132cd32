import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { UploadPlaceholdersPage } from '@/features/placeholders/upload-placeholders-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/upload-placeholders')({
  beforeLoad: requireSignedIn,
  component: UploadPlaceholdersPage,
  errorComponent: ErrorScreen,
});
