import { SETTINGS_MSG, type AppSettings, type SaveSettingsInput } from '@common/settings';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

/** GET /api/cms/config; a failure toasts 'Failed to load configuration.' */
export function useSettings() {
  return useApiRead((signal) => api<AppSettings>('/cms/config', { signal }), [], { onError: (err) => notifyError(SETTINGS_MSG.loadFailed, err) });
}

/** POST /api/cms/config: the settings now in force. */
export const saveSettings = (body: SaveSettingsInput): Promise<AppSettings> => api<AppSettings>('/cms/config', { body });
