import { z } from 'zod';
import { SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '../contest/contest';
import { LISTING_TYPES } from '../marketplace/marketplace';
import { RADIO_STATUSES } from '../radio/radio';
import { submissionWire, type SubmissionResult } from '../radio/submission';
import { endpoint, json } from './contract';

/** One of the user's own tracks (GET /api/tracks/mine, functions/src/tracks/my-tracks.ts). */
const myTrack = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    artist_name: z.string(),
    status: z.enum(TRACK_STATUSES),
    submission_type: z.enum(SUBMISSION_ROUTES),
    song_type: z.enum(SONG_TYPES),
    cover_art_url: z.string().nullable(),
    created_at: z.string(),
    /** Contest tracks only (else null). */
    total_votes: z.number().nullable(),
    fool_rate: z.number().nullable(),
    /** Contest tracks only: how the voters guessed (counts; null elsewhere). */
    guesses: z.strictObject({ ai: z.number(), human: z.number(), hybrid: z.number() }).nullable(),
    /** The track's disguise rating in whole points with its deviation (null before its first rollup, and off the contest). */
    rating: z.strictObject({ rating: z.number(), deviation: z.number() }).nullable(),
    /** Votes from listeners rated above the median, and how many of them the track fooled (null off the contest). */
    experts: z.strictObject({ votes: z.number(), fooled: z.number() }).nullable(),
    /** The status of the track's music radio submission, or null. */
    radio_status: z.enum(RADIO_STATUSES).nullable(),
    /** The track's live marketplace listing (the seller may feature a basic one). */
    listing: z.strictObject({ id: z.string(), listing_type: z.enum(LISTING_TYPES) }).nullable(),
  })
  .meta({ title: 'MyTrack' });
export type MyTrack = z.infer<typeof myTrack>;

/** POST /api/tracks answers the tracks it created (one per route), the fee and the balance after it. */
const submittedTracks = z
  .strictObject({
    tracks: z.array(z.strictObject({ id: z.string(), submission_type: z.enum(SUBMISSION_ROUTES), status: z.literal('pending') })),
    cost: z.number(),
    balance: z.number(),
  })
  .meta({ title: 'SubmittedTrack' }) satisfies z.ZodType<SubmissionResult>;

/** Track submissions (functions/src/tracks/router.ts). */
export const tracks = {
  submit: endpoint({
    method: 'POST',
    path: '/api/tracks',
    access: 'user',
    summary: 'Submits a track: multipart form fields and audioFile (and videoFile); an Idempotency-Key header answers a retry with the first result',
    body: { kind: 'multipart', fields: submissionWire, files: ['audioFile', 'videoFile'] },
    checkedBy: 'handler',
    response: json(submittedTracks, 201),
  }),
  mine: endpoint({ method: 'GET', path: '/api/tracks/mine', access: 'user', summary: "The caller's tracks", response: json(z.strictObject({ tracks: z.array(myTrack) }).meta({ title: 'MyTracks' })),
  }),
} as const;
