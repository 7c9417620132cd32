import { createFileRoute } from '@tanstack/react-router';
import { MyTracksPage } from '@/features/my-tracks/my-tracks-page';

export const Route = createFileRoute('/_signed-in/my-tracks')({
  component: MyTracksPage,
});
