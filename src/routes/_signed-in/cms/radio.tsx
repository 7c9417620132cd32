import { createFileRoute } from '@tanstack/react-router';
import { RadioQueue } from '@/features/cms/radio/radio-queue';

export const Route = createFileRoute('/_signed-in/cms/radio')({ component: RadioQueue });
