import { useState } from 'react';
import type { SongType, SubmissionRoute } from '@common/contest/contest';
import { titleFromFileName } from '@common/radio/submission';

export type SubmitFormState = {
  title: string;
  artistName: string;
  genre: string;
  songType: SongType;
  routes: SubmissionRoute[];
  audioFile: File | null;
  videoFile: File | null;
  previewStart: number;
  aiElements: string[];
  humanElements: string[];
  tools: string[];
  story: string;
};

const initial: SubmitFormState = {
  title: '',
  artistName: '',
  genre: '',
  songType: 'human',
  routes: [],
  audioFile: null,
  videoFile: null,
  previewStart: 0,
  aiElements: [],
  humanElements: [],
  tools: [],
  story: '',
};

/** The form's state; choosing an audio file fills an empty title and resets the clip start. */
export function useSubmitForm() {
  const [form, setForm] = useState<SubmitFormState>(initial);
  const patch = (p: Partial<SubmitFormState>) => setForm((f) => ({ ...f, ...p }));
  const set = <K extends keyof SubmitFormState>(key: K, value: SubmitFormState[K]) => patch({ [key]: value });
  // The title is filled from the file's name when empty, or when it is still the name of the file chosen before (the user never changed it).
  const chooseAudio = (file: File | null) =>
    setForm((f) => {
      const filledByUs = f.audioFile !== null && f.title === titleFromFileName(f.audioFile.name);
      return { ...f, audioFile: file, previewStart: 0, title: file && (!f.title.trim() || filledByUs) ? titleFromFileName(file.name) : f.title };
    });
  /** What the submit button still needs, as the page says it; a missing route is reported on click instead. */
  const missing = [!form.title.trim() && 'a title', !form.genre && 'a genre', !form.audioFile && 'an audio file'].filter((m): m is string => Boolean(m));
  return { form, set, patch, chooseAudio, ready: missing.length === 0, missing };
}
