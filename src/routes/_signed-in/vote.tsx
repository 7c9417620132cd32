import { createFileRoute } from '@tanstack/react-router';
import { VotePage } from '@/features/vote/vote-page';

export const Route = createFileRoute('/_signed-in/vote')({
  component: VotePage,
});
