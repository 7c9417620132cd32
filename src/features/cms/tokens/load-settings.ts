import { SETTINGS_MSG, type AppSettings, type SaveSettingsInput } from '@common/cms/settings';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError } from '@/lib/notify';

/** GET /api/cms/config; a failure toasts 'Failed to load configuration.' */
export function useSettings() {
  return useApiRead((signal) => call(endpoints.cms.getSettings, { signal }), [], { onError: (err) => notifyError(SETTINGS_MSG.loadFailed, err) });
}

/** POST /api/cms/config: the settings now in force. */
export const saveSettings = (body: SaveSettingsInput): Promise<AppSettings> => call(endpoints.cms.saveSettings, { body });
