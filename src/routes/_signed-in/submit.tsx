import { createFileRoute } from '@tanstack/react-router';
import { SubmitPage } from '@/features/submit/submit-page';

export const Route = createFileRoute('/_signed-in/submit')({
  component: SubmitPage,
});
