import { createFileRoute } from '@tanstack/react-router';
import { UploadPlaceholdersPage } from '@/features/placeholders/upload-placeholders-page';

export const Route = createFileRoute('/_signed-in/upload-placeholders')({
  component: UploadPlaceholdersPage,
});
