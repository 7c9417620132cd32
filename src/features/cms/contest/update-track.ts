import { useState } from 'react';
import type { CmsTrackEdit } from '@common/cms/cms-edit';
import { CMS_MSG } from '@common/cms/cms-messages';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';

const updateTrack = (id: string, edit: CmsTrackEdit) => call(endpoints.cms.editTrack, { params: { id }, body: edit });

/** Saves an edit; true when saved (toast 'Track updated') or nothing changed, false after the spec's failure toast. */
export function useUpdateTrack(onDone: () => void) {
  const [saving, setSaving] = useState(false);
  const save = async (id: string, edit: CmsTrackEdit): Promise<boolean> => {
    if (Object.keys(edit).length === 0) return true;
    setSaving(true);
    try {
      await updateTrack(id, edit);
      notifySuccess(CMS_MSG.updated);
      onDone();
      return true;
    } catch (err) {
      notifyError(CMS_MSG.updateFailed, err);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
