import type { SongType, SubmissionRoute, TrackStatus } from '../contest/contest';
import type { RadioStatus } from '../radio/radio';
import { submissionWire } from '../radio/submission';
import { endpoint, typed } from './contract';

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

/** Track submissions (functions/src/tracks/router.ts). */
export const tracks = {
  submit: endpoint({
    method: 'POST',
    path: '/api/tracks',
    access: 'user',
    summary: 'Submits a track: multipart form fields and audioFile (and videoFile); an Idempotency-Key header answers a retry with the first result',
    body: { kind: 'multipart', fields: submissionWire, files: ['audioFile', 'videoFile'] },
    checkedBy: 'handler',
    response: typed<Record<string, unknown>>('SubmittedTrack', 201),
  }),
  mine: endpoint({ method: 'GET', path: '/api/tracks/mine', access: 'user', summary: "The caller's tracks", response: typed<{ tracks: MyTrack[] }>('MyTracks') }),
} as const;
