import type { CmsTrackEdit } from '@common/cms/cms-edit';
import type { CmsTrack } from '@common/cms/cms-messages';
import { latestClipStart } from '@common/contest/clip';
import type { SongType, SubmissionRoute, TrackStatus } from '@common/contest/contest';

/** The edit dialog's values (text inputs hold strings). */
export type EditForm = {
  title: string;
  artist_name: string;
  genre: string;
  song_type: SongType;
  submission_type: SubmissionRoute;
  status: TrackStatus;
  cover_art_url: string | null;
  preview_start_time: string;
  creation_story: string;
  hybrid_ai_elements: string[];
  hybrid_human_elements: string[];
  hybrid_tools_used: string[];
};

export const formFromTrack = (t: CmsTrack): EditForm => ({
  title: t.title,
  artist_name: t.artist_name,
  genre: t.genre,
  song_type: t.song_type,
  submission_type: t.submission_type,
  status: t.status,
  cover_art_url: t.cover_art_url,
  preview_start_time: String(t.preview_start_time),
  creation_story: t.creation_story ?? '',
  hybrid_ai_elements: t.hybrid_ai_elements,
  hybrid_human_elements: t.hybrid_human_elements,
  hybrid_tools_used: t.hybrid_tools_used,
});

/** Latest preview start that leaves a full clip (the rule the server checks the edit against). */
export const maxPreviewStart = (t: Pick<CmsTrack, 'duration_seconds'>): number => latestClipStart(t.duration_seconds);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The request body: only what changed (the server re-cuts the clip only for a new preview
 * start), or an error for a preview start that is not a number. The server checks the rest.
 */
export function editFromForm(t: CmsTrack, f: EditForm): { edit: CmsTrackEdit } | { error: string } {
  const start = Number(f.preview_start_time.trim());
  if (f.preview_start_time.trim() === '' || !Number.isFinite(start)) return { error: 'Preview start must be a number of seconds' };
  const next = {
    ...f,
    preview_start_time: start,
    creation_story: f.creation_story.trim() || null,
  };
  const edit: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = key === 'creation_story' ? (t.creation_story ?? null) : t[key as keyof CmsTrack];
    if (!same(value, before)) edit[key] = value;
  }
  return { edit: edit as CmsTrackEdit };
}
