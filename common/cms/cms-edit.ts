import { z } from 'zod';
import { PLACEHOLDER_COVERS } from './cms-messages';
import { STORED_PLACEHOLDER_COVERS } from './placeholders';
import { GENRES } from '../constants';
import { AI_TOOLS, HYBRID_ELEMENTS, SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '../contest/contest';
import { oneLine } from '../one-line';
import { snapToStep } from '../contest/clip';
import { ARTIST_MAX, DEFAULT_ARTIST, STORY_MAX, TITLE_MAX } from '../radio/submission';

/** The body of POST /api/cms/tracks/:id (every field optional), shared by the CMS edit form and the API. */

/** A placeholder cover: the app's local file or, once /upload-placeholders stored it, the stored copy. */
export const coverUrl = z.enum([...PLACEHOLDER_COVERS, ...STORED_PLACEHOLDER_COVERS] as [string, ...string[]], 'Must be one of the 26 placeholder covers');

const text = (max: number) => z.string().overwrite(oneLine).min(1, 'Must not be empty').max(max);
const uniqueList = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .refine((l) => new Set(l).size === l.length, 'Duplicate entries');

export const editTrackInput = z
  .strictObject({
    title: text(TITLE_MAX),
    /** Empty means 'Anonymous', as on submission. */
    artist_name: z
      .string()
      .overwrite(oneLine)
      .max(ARTIST_MAX)
      .transform((a) => a || DEFAULT_ARTIST),
    genre: z.enum(GENRES),
    song_type: z.enum(SONG_TYPES),
    is_ai: z.boolean(),
    submission_type: z.enum(SUBMISSION_ROUTES),
    status: z.enum(TRACK_STATUSES),
    cover_art_url: coverUrl.nullable(),
    // On the slider's 0.1 s grid, whatever a caller sends (the form's slider cannot send more digits).
    preview_start_time: z.number().finite().min(0, 'Must be 0 or more').overwrite((s) => snapToStep(s)),
    creation_story: z
      .string()
      .trim()
      .max(STORY_MAX)
      .nullable()
      .transform((s) => s || null),
    hybrid_ai_elements: uniqueList(HYBRID_ELEMENTS),
    hybrid_human_elements: uniqueList(HYBRID_ELEMENTS),
    hybrid_tools_used: uniqueList(AI_TOOLS),
  })
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'No fields to update');
export type EditTrackInput = z.output<typeof editTrackInput>;
/** What the edit form sends. */
export type CmsTrackEdit = z.input<typeof editTrackInput>;
