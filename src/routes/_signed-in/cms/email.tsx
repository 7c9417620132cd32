import { createFileRoute } from '@tanstack/react-router';
import { EmailTab } from '@/features/cms/email/email-tab';

export const Route = createFileRoute('/_signed-in/cms/email')({ component: EmailTab });
