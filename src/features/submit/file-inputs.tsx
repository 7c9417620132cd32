import { FileAudio, FileVideo } from 'lucide-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { AUDIO_EXTENSIONS, AUDIO_MAX_BYTES, VIDEO_EXTENSIONS } from '@common/contest/contest';
import { Field } from '@/components/ui/field';
import { notifyError } from '@/lib/notify';
import { audioProblem, videoProblem, type FileProblem } from './submit-rules';

const accept = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');

const fileInput =
  'block w-full cursor-pointer rounded-md border border-zinc-700 bg-zinc-900 text-sm text-zinc-300 file:mr-3 file:cursor-pointer file:border-0 file:bg-zinc-800 file:px-3 file:py-2.5 file:text-zinc-100 hover:file:bg-zinc-700 disabled:opacity-50';

/** The chosen file, or null when there is none or it is refused (reported, and the input cleared); and why. */
function pick(e: ChangeEvent<HTMLInputElement>, problemOf: (f: File) => FileProblem | null): { file: File | null; problem: string | null } {
  const file = e.target.files?.[0] ?? null;
  const problem = file ? problemOf(file) : null;
  if (!problem) return { file, problem: null };
  notifyError(problem.title, problem.detail);
  e.target.value = '';
  return { file: null, problem: problem.detail };
}

type Props = {
  audio: File | null;
  video: File | null;
  onAudio: (f: File | null) => void;
  onVideo: (f: File | null) => void;
  disabled: boolean;
  /** The id of a note about the chosen audio (the page's "could not read" alert), read with the field. */
  audioNote?: string;
};

/** A file's size as people read it: '3.4 MB', or '48 KB' below a megabyte (which would show as 0.0 MB). */
const sizeMb = (f: File) => (f.size < 1024 * 1024 ? `${Math.round(f.size / 1024)} KB` : `${(f.size / (1024 * 1024)).toFixed(1)} MB`);

type FileFieldProps = {
  label: ReactNode;
  exts: readonly string[];
  hint: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
  /** Why the last file chosen was refused: shown under the field, which is marked invalid. */
  problem: string | null;
  note?: string;
};

/** A labelled file input with a hint line (the accepted formats, or the chosen file) and its refusal. */
function FileField({ label, exts, hint, onChange, disabled, problem, note }: FileFieldProps) {
  return (
    <Field label={<span className="flex items-center gap-1.5">{label}</span>} hint={hint} error={problem} describedBy={note}>
      <input type="file" accept={accept(exts)} onChange={onChange} disabled={disabled} className={fileInput} />
    </Field>
  );
}

export function FileInputs({ audio, video, onAudio, onVideo, disabled, audioNote }: Props) {
  const [problems, setProblems] = useState<{ audio: string | null; video: string | null }>({ audio: null, video: null });
  const choose = (which: 'audio' | 'video', e: ChangeEvent<HTMLInputElement>) => {
    const { file, problem } = pick(e, which === 'audio' ? audioProblem : videoProblem);
    setProblems((p) => ({ ...p, [which]: problem }));
    (which === 'audio' ? onAudio : onVideo)(file);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FileField
        label={
          <>
            <FileAudio className="size-4 text-fuchsia-300" aria-hidden /> Audio file
          </>
        }
        exts={AUDIO_EXTENSIONS}
        hint={audio ? `${audio.name} · ${sizeMb(audio)}` : `${AUDIO_EXTENSIONS.join(', ')} · up to ${AUDIO_MAX_BYTES / (1024 * 1024)}MB`}
        onChange={(e) => choose('audio', e)}
        disabled={disabled}
        problem={problems.audio}
        note={audioNote}
      />
      <FileField
        label={
          <>
            <FileVideo className="size-4 text-violet-300" aria-hidden /> Video file (optional)
          </>
        }
        exts={VIDEO_EXTENSIONS}
        hint={video ? `${video.name} · ${sizeMb(video)}` : `${VIDEO_EXTENSIONS.join(', ')} · up to 20MB`}
        onChange={(e) => choose('video', e)}
        disabled={disabled}
        problem={problems.video}
      />
    </div>
  );
}
