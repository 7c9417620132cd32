import { z } from 'zod';
import type { DeceptionRow, LeaderboardRow, Leaderboards } from '../contest/leaderboards';
import { endpoint, json, noFields, other } from './contract';

// The answer's schema, checked against the types the client reads (common/contest/leaderboards.ts has no zod: the home page imports it).
const leaderboardRow: z.ZodType<LeaderboardRow> = z
  .strictObject({
    rank: z.number(),
    score: z.number(),
    user_id: z.string().optional(),
    username: z.string().optional(),
    full_name: z.string().nullable().optional(),
    avatar_url: z.string().nullable().optional(),
    title: z.string().optional(),
    artist_name: z.string().optional(),
    cover_art_url: z.string().nullable().optional(),
    fool_rate: z.number().optional(),
    total_votes: z.number().optional(),
    rating: z.number().optional(),
    rating_deviation: z.number().optional(),
    accuracy: z.number().optional(),
  })
  .meta({ title: 'LeaderboardRow' });
const deceptionRow: z.ZodType<DeceptionRow> = z
  .strictObject({
    rank: z.number(),
    track_id: z.string(),
    title: z.string(),
    artist_name: z.string(),
    cover_art_url: z.string().nullable(),
    fool_rate: z.number(),
    total_votes: z.number(),
    correct_guesses: z.number(),
    incorrect_guesses: z.number(),
    fool_rate_low: z.number(),
    rating: z.number(),
    rating_deviation: z.number(),
  })
  .meta({ title: 'DeceptionRow' });
/** The one-shot read: the four boards (the stream's events add `migration`). */
const leaderboardsSchema: z.ZodType<Leaderboards> = z
  .strictObject({
    top_guessers: z.array(leaderboardRow),
    top_fooling_tracks: z.array(leaderboardRow),
    top_earners_week: z.array(leaderboardRow),
    deception: z.array(deceptionRow),
  })
  .meta({ title: 'Leaderboards' });

/** The public leaderboards (functions/src/leaderboards/router.ts). */
export const leaderboards = {
  read: endpoint({
    method: 'GET',
    path: '/api/public/leaderboards',
    access: 'public',
    summary: 'The leaderboard summaries',
    response: json(leaderboardsSchema),
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/public/leaderboards/stream',
    access: 'public',
    summary: 'Server-Sent Events: the summaries whenever they change',
    query: noFields,
    response: other('stream', 200, 'text/event-stream'),
  }),
} as const;
