import { useState } from 'react';
import { CMS_MSG, type CmsTrack } from '@common/cms/cms-messages';
import { useConfirm } from '@/hooks/use-confirm';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';

/** `cover` null: the server picks a random placeholder. */
const approveTrack = (id: string, cover: string | null) =>
  call(endpoints.cms.approve, { params: { id }, body: cover ? { cover_art_url: cover } : {} });
const rejectTrack = (id: string) => call(endpoints.cms.reject, { params: { id }, body: {} });
const deleteTrack = (id: string) => call(endpoints.cms.deleteTrack, { params: { id }, body: {} });

/**
 * Approve / reject / delete with the spec's toasts; `busyId` is the track being worked on; `onDone` refreshes lists.
 * A delete is asked first: render `confirmDialog`.
 */
export function useModeration(onDone: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const run = async (id: string, work: () => Promise<unknown>, ok: string, failed: string) => {
    setBusyId(id);
    try {
      await work();
      notifySuccess(ok);
      onDone();
    } catch (err) {
      notifyError(failed, err);
    } finally {
      setBusyId(null);
    }
  };
  return {
    busyId,
    confirmDialog: dialog,
    approve: (t: CmsTrack, cover: string | null) => run(t.id, () => approveTrack(t.id, cover), CMS_MSG.approved, CMS_MSG.approveFailed),
    reject: (t: CmsTrack) => run(t.id, () => rejectTrack(t.id), CMS_MSG.rejected, CMS_MSG.rejectFailed),
    remove: async (t: CmsTrack) => {
      if (!(await confirm({ title: 'Delete track', action: 'Delete', description: CMS_MSG.confirmDelete(t.title) }))) return;
      await run(t.id, () => deleteTrack(t.id), CMS_MSG.deleted, CMS_MSG.deleteFailed);
    },
  };
}
