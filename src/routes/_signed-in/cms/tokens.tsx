import { createFileRoute } from '@tanstack/react-router';
import { TokenSettingsTab } from '@/features/cms/tokens/token-settings-tab';

export const Route = createFileRoute('/_signed-in/cms/tokens')({ component: () => <TokenSettingsTab mode="tokens" /> });
