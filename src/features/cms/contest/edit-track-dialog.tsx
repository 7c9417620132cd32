import { useState, type FormEvent } from 'react';
import { CMS_MSG, type CmsTrack } from '@common/cms/cms-messages';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notifyError } from '@/lib/notify';
import { editFromForm, formFromTrack, maxPreviewStart, type EditForm } from './edit-form';
import { EditTrackFields } from './edit-track-fields';
import { SendToRadioButton } from './radio-send';
import { useUpdateTrack } from './update-track';

/** Edits every field of one track; saves only what changed, then closes and refreshes the lists. */
export function EditTrackDialog({ track, onClose, onSaved }: { track: CmsTrack; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<EditForm>(() => formFromTrack(track));
  const { saving, save } = useUpdateTrack(onSaved);
  const set = (patch: Partial<EditForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = editFromForm(track, form);
    if ('error' in result) {
      notifyError(CMS_MSG.updateFailed, result.error);
      return;
    }
    if (await save(track.id, result.edit)) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || saving ? undefined : onClose())}
      className="max-h-[90dvh] w-[min(94vw,44rem)] overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <DialogTitle className="text-xl font-bold">Edit track</DialogTitle>
          <DialogDescription className="text-sm text-zinc-400">
            {track.title} — {track.artist_name}
          </DialogDescription>
        </div>
        <DialogCloseX className="text-zinc-400" disabled={saving} />
      </div>
      <form onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
        <EditTrackFields form={form} set={set} trackId={track.id} maxStart={maxPreviewStart(track)} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {track.status === 'approved' ? <SendToRadioButton trackId={track.id} title={track.title} className="mr-auto px-4 py-2 font-semibold" /> : null}
          <DialogClose type="button" className={buttonClass('secondary', 'px-4 py-2 font-semibold hover:bg-zinc-800')} disabled={saving}>
            Cancel
          </DialogClose>
          <Button type="submit" disabled={saving} className="px-5 py-2 font-semibold disabled:opacity-50">
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
