import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CMS_MSG, type CmsTrack } from '@common/cms-messages';
import { notifyError } from '@/lib/notify';
import { editFromForm, formFromTrack, maxPreviewStart, type EditForm } from './edit-form';
import { EditTrackFields } from './edit-track-fields';
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
    <Dialog.Root open onOpenChange={(open) => (open || saving ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(94vw,44rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">Edit track</Dialog.Title>
              <Dialog.Description className="text-sm text-zinc-400">
                {track.title} — {track.artist_name}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-1 text-zinc-400 hover:bg-zinc-800" aria-label="Close" disabled={saving}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <form onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
            <EditTrackFields form={form} set={set} trackId={track.id} maxStart={maxPreviewStart(track)} />
            <div className="flex justify-end gap-3">
              <Dialog.Close type="button" className="rounded-lg border border-zinc-700 px-4 py-2 font-semibold hover:bg-zinc-800" disabled={saving}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                disabled={saving}
                className="rounded-lg bg-gradient-to-r from-fuchsia-600 to-violet-600 px-5 py-2 font-semibold disabled:opacity-50"
              >
                {saving ? 'Saving...' : 'Save Changes'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
