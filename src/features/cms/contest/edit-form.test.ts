import { describe, expect, it } from 'vitest';
import type { CmsTrack } from '@common/cms/cms-messages';
import { editFromForm, formFromTrack, maxPreviewStart } from './edit-form';

const track: CmsTrack = {
  id: 't1',
  title: 'Song',
  artist_name: 'Someone',
  genre: 'Pop',
  is_ai: false,
  song_type: 'human',
  submission_type: 'contest',
  status: 'pending',
  cover_art_url: null,
  preview_start_time: 3,
  duration_seconds: 80.55,
  creation_story: null,
  hybrid_ai_elements: [],
  hybrid_human_elements: [],
  hybrid_tools_used: [],
  submitted_by: 'u1',
  created_at: '2026-03-01T12:00:00.000Z',
  has_video: false,
  audio_url: '/api/files/originals/x.mp3',
  stats: { total_votes: 0, fool_rate: 0, rating: null, rating_deviation: null },
};

describe('editFromForm', () => {
  it('sends nothing when nothing changed', () => {
    expect(editFromForm(track, formFromTrack(track))).toEqual({ edit: {} });
  });

  it('sends only the changed fields, with numbers and null story', () => {
    const form = { ...formFromTrack(track), title: 'New', preview_start_time: '12.5', song_type: 'hybrid' as const, hybrid_tools_used: ['Other'] };
    expect(editFromForm(track, form)).toEqual({ edit: { title: 'New', preview_start_time: 12.5, song_type: 'hybrid', hybrid_tools_used: ['Other'] } });
    expect(editFromForm({ ...track, creation_story: 'Old' }, { ...formFromTrack(track), creation_story: '  ' })).toEqual({ edit: { creation_story: null } });
  });

  it('refuses a preview start that is not a number', () => {
    expect(editFromForm(track, { ...formFromTrack(track), preview_start_time: 'abc' })).toEqual({ error: 'Preview start must be a number of seconds' });
    expect(editFromForm(track, { ...formFromTrack(track), preview_start_time: ' ' })).toHaveProperty('error');
  });
});

describe('maxPreviewStart', () => {
  it('leaves a full 45 s clip, rounded down to the slider step', () => {
    expect(maxPreviewStart(track)).toBe(35.5);
    expect(maxPreviewStart({ duration_seconds: 20 })).toBe(0);
  });
});
