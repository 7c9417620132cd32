import { CONFIG_MSG, type AppSettings, type SaveConfigInput } from '@common/app-config';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

/** GET /api/cms/config; a failure toasts 'Failed to load configuration.' */
export function useSettings() {
  return useApiRead((signal) => api<AppSettings>('/cms/config', { signal }), [], { onError: (err) => notifyError(CONFIG_MSG.loadFailed, err) });
}

/** POST /api/cms/config: the settings now in force. */
export const saveSettings = (body: SaveConfigInput): Promise<AppSettings> => api<AppSettings>('/cms/config', { body });
