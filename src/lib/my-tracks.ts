import type { SongType, SubmissionRoute, TrackStatus } from '@common/contest';
import type { RadioStatus } from '@common/radio';
import { api } from './api';

/** One of the user's own tracks (GET /api/tracks/mine). */
export type MyTrack = {
  id: string;
  title: string;
  artist_name: string;
  status: TrackStatus;
  submission_type: SubmissionRoute;
  song_type: SongType;
  cover_art_url: string | null;
  created_at: string;
  total_votes: number | null;
  fool_rate: number | null;
  radio_status: RadioStatus | null;
  /** The track's live marketplace listing (the seller may feature a basic one). */
  listing: { id: string; listing_type: 'basic' | 'featured' } | null;
};

export const loadMyTracks = (signal?: AbortSignal) => api<{ tracks: MyTrack[] }>('/tracks/mine', { signal }).then((r) => r.tracks);
