import { z } from 'zod';
import { GENRES } from '../constants';
import { AI_TOOLS, AUDIO_EXTENSIONS, HYBRID_ELEMENTS, SONG_TYPES, SUBMISSION_ROUTES, VIDEO_EXTENSIONS, type SubmissionRoute } from '../contest/contest';
import { oneLine } from '../one-line';

/** The track submission form (POST /api/tracks, multipart), shared by the client form and the server. */

/** Spec texts (sections 5 and 8), verbatim. */
export const SUBMISSION_MESSAGES = {
  selectionRequired: 'Selection required',
  selectRoute: 'Please select at least one submission route (Contest or Marketplace)',
  videoTooLarge: 'Video too large',
  videoMax: 'Maximum video size is 20MB',
  submissionFailed: 'Submission failed',
  submissionFailedDefault: 'Failed to submit track. Please try again.',
  submitted: 'Track submitted successfully!',
  // What happens next (not spec texts): a new track waits for moderation before it is voted on or listed.
  submittedForReview: 'It goes to the contest once an admin approves it; follow it on My Tracks.',
  submittedForListing: 'It shows in the marketplace once an admin approves and lists it; follow it on My Tracks.',
  audioTooLarge: 'Audio file too large',
  audioUnsupported: 'The audio file is not a supported audio format',
  audioUndecodable: 'The audio file could not be decoded',
  audioRequired: 'Audio file is required',
  videoUnsupported: 'The video file is not a supported video format',
  // Server refusals of the content (not spec texts).
  audioEmpty: 'The audio file is empty',
  audioTruncated: 'The audio file is incomplete (it was cut short)',
  audioTrailingData: 'The audio file has extra data after the audio',
  audioTooDemanding: 'The audio file could not be processed within the time and memory limits',
  videoUnreadable: 'The video file could not be read',
  uploadTooLarge: 'The upload is too large (audio at most 50MB, video at most 20MB)',
  // One contest entry per recording: a voter who heard one would know the other's answer.
  audioInContest: 'This audio has already been submitted to the contest.',
  // Acoustic twins (a re-encoded, trimmed or louder copy): refused for the same reason, and a listing that shows its type would give the answer.
  soundsLikeContestTrack: 'This audio sounds the same as a track already in the contest (a re-encoded, trimmed or louder copy counts as the same recording).',
  soundsLikeListing: 'This audio sounds the same as a song listed in the marketplace with its type shown, so it cannot be entered in the contest.',
} as const;

export const TITLE_MAX = 120;
export const ARTIST_MAX = 120;
export const STORY_MAX = 2000;
export const DEFAULT_ARTIST = 'Anonymous';

/** Multipart names of the two files. */
export const AUDIO_FIELD = 'audioFile';
export const VIDEO_FIELD = 'videoFile';

/** Lower-cased extension of a file name ('' if none). */
export const fileExtension = (name: string): string => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
export const isAudioName = (name: string) => (AUDIO_EXTENSIONS as readonly string[]).includes(fileExtension(name));
export const isVideoName = (name: string) => (VIDEO_EXTENSIONS as readonly string[]).includes(fileExtension(name));
/** The title the form pre-fills from the audio file's name. */
export const titleFromFileName = (name: string): string => name.replace(/\.[^./\\]+$/, '').trim().slice(0, TITLE_MAX);

const unique = <T>(list: T[]): T[] => [...new Set(list)];

// One line of text: a line break or a direction override in a title would reach mails and the CMS as written.
const title = z.string().overwrite(oneLine).min(1, 'Title is required').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);
const artistName = z
  .string()
  .overwrite(oneLine)
  .max(ARTIST_MAX, `Artist name must be at most ${ARTIST_MAX} characters`)
  .optional()
  .transform((a) => a || DEFAULT_ARTIST);
const routes = z.array(z.enum(SUBMISSION_ROUTES)).transform(unique).refine((r) => r.length > 0, SUBMISSION_MESSAGES.selectRoute);
const previewStartTime = z.number().min(0, 'previewStartTime must be 0 or more');
const elements = z.array(z.enum(HYBRID_ELEMENTS)).transform(unique);
const tools = z.array(z.enum(AI_TOOLS)).transform(unique);
const creationStory = z.string().trim().max(STORY_MAX, `Creation story must be at most ${STORY_MAX} characters`).optional();

/** The form's values (client-side validation). */
export const submissionFields = z.strictObject({
  title,
  artistName,
  genre: z.enum(GENRES),
  songType: z.enum(SONG_TYPES),
  submissionRoutes: routes,
  previewStartTime: previewStartTime.default(0),
  hybridAiElements: elements.default([]),
  hybridHumanElements: elements.default([]),
  hybridTools: tools.default([]),
  creationStory,
});
export type SubmissionFieldsInput = z.input<typeof submissionFields>;

const jsonList = <T extends z.ZodType>(list: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(list);

/** The same form as multipart text fields (what the server receives): lists are JSON, numbers decimal. */
export const submissionWire = z.strictObject({
  title,
  artistName,
  genre: z.enum(GENRES),
  songType: z.enum(SONG_TYPES),
  submissionRoutes: jsonList(routes).prefault('[]'),
  previewStartTime: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'previewStartTime must be a number of seconds')
    .transform(Number)
    .pipe(previewStartTime)
    .default(0),
  hybridAiElements: jsonList(elements).default([]),
  hybridHumanElements: jsonList(elements).default([]),
  hybridTools: jsonList(tools).default([]),
  creationStory,
});

/**
 * The multipart body for POST /api/tracks. Text fields go first: the server validates them
 * before it reads any file, and refuses a field that follows a file.
 */
export function toSubmissionFormData(fields: SubmissionFieldsInput, audio: Blob, audioName: string, video?: { file: Blob; name: string }): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  if (fields.artistName) form.append('artistName', fields.artistName);
  form.append('genre', fields.genre);
  form.append('songType', fields.songType);
  form.append('submissionRoutes', JSON.stringify(fields.submissionRoutes));
  form.append('previewStartTime', (fields.previewStartTime ?? 0).toFixed(3));
  if (fields.songType === 'hybrid') {
    form.append('hybridAiElements', JSON.stringify(fields.hybridAiElements ?? []));
    form.append('hybridHumanElements', JSON.stringify(fields.hybridHumanElements ?? []));
    form.append('hybridTools', JSON.stringify(fields.hybridTools ?? []));
    if (fields.creationStory) form.append('creationStory', fields.creationStory);
  }
  form.append(AUDIO_FIELD, audio, audioName);
  if (video) form.append(VIDEO_FIELD, video.file, video.name);
  return form;
}

/** Response of POST /api/tracks (201). */
export type SubmissionResult = {
  tracks: Array<{ id: string; submission_type: SubmissionRoute; status: 'pending' }>;
  cost: number;
  balance: number;
};
