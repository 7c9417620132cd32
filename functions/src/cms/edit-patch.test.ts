import { describe, expect, it } from 'vitest';
import type { TrackDoc } from '../tracks/track-doc';
import { editTrackInput } from './cms-schemas';
import { editPatch } from './edit-patch';

const track: TrackDoc = {
  id: 't1',
  title: 'Song',
  artist_name: 'Someone',
  genre: 'Pop',
  is_ai: false,
  song_type: 'human',
  submission_type: 'contest',
  status: 'pending',
  audio_path: 'originals/t1.mp3',
  clip_id: 'c1',
  video_path: null,
  cover_art_url: null,
  preview_start_time: 0,
  duration_seconds: 60.5,
  creation_story: null,
  hybrid_ai_elements: [],
  hybrid_human_elements: [],
  hybrid_tools_used: [],
  submitted_by: 'u1',
  created_at: '2026-03-01T12:00:00.000Z',
};

const patchOf = (body: unknown) => editPatch(track, editTrackInput.parse(body));

describe('editPatch', () => {
  it('derives is_ai from song_type', () => {
    expect(patchOf({ song_type: 'hybrid' })).toEqual({ song_type: 'hybrid', is_ai: true });
    expect(patchOf({ song_type: 'human', is_ai: false })).toEqual({ song_type: 'human', is_ai: false });
  });

  it('refuses an is_ai that contradicts song_type', () => {
    expect(() => patchOf({ song_type: 'ai', is_ai: false })).toThrow('is_ai: Does not match song_type');
  });

  it('turns is_ai alone into the matching song type', () => {
    expect(patchOf({ is_ai: true })).toEqual({ song_type: 'ai', is_ai: true });
    expect(patchOf({ is_ai: false })).toEqual({ song_type: 'human', is_ai: false });
    expect(editPatch({ ...track, song_type: 'hybrid', is_ai: true }, { is_ai: true })).toEqual({ song_type: 'hybrid', is_ai: true });
  });

  it('accepts a preview start up to duration - 45 s and refuses later ones', () => {
    expect(patchOf({ preview_start_time: 15.5 })).toEqual({ preview_start_time: 15.5 });
    expect(() => patchOf({ preview_start_time: 15.6 })).toThrow('preview_start_time: Must be at most 15.5');
    expect(() => editPatch({ ...track, duration_seconds: 30 }, { preview_start_time: 1 })).toThrow('Must be at most 0');
  });

  it('passes other fields through as validated (empty artist becomes Anonymous, empty story null)', () => {
    expect(patchOf({ title: '  New  ', artist_name: ' ', creation_story: '' })).toEqual({ title: 'New', artist_name: 'Anonymous', creation_story: null });
  });
});
