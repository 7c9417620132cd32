/** From the form's state to the shared submission fields, and reading the server's errors (pure). */
import { DEFAULT_ARTIST, type SubmissionFieldsInput } from '../../../common/radio/submission';
import type { SubmitFormState } from './use-submit-form';

/** The submission's text fields, with the spec's defaults applied (empty artist → 'Anonymous'). */
export function toFields(form: SubmitFormState): SubmissionFieldsInput {
  const hybrid = form.songType === 'hybrid';
  return {
    title: form.title.trim(),
    artistName: form.artistName.trim() || DEFAULT_ARTIST,
    genre: form.genre as SubmissionFieldsInput['genre'],
    songType: form.songType,
    submissionRoutes: form.routes,
    previewStartTime: form.previewStart,
    ...(hybrid
      ? {
          hybridAiElements: form.aiElements as SubmissionFieldsInput['hybridAiElements'],
          hybridHumanElements: form.humanElements as SubmissionFieldsInput['hybridHumanElements'],
          hybridTools: form.tools as SubmissionFieldsInput['hybridTools'],
          creationStory: form.story.trim() || undefined,
        }
      : {}),
  };
}

type ErrorBody = { error?: { message?: unknown; detail?: unknown } } | null;

/** The server's error message and detail, when its body carries them. */
export function errorParts(body: unknown): { message: string | null; detail: string | null } {
  const e = (body as ErrorBody)?.error;
  return {
    message: typeof e?.message === 'string' && e.message ? e.message : null,
    detail: typeof e?.detail === 'string' && e.detail ? e.detail : null,
  };
}
