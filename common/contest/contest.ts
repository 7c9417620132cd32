import { DEFAULT_PRICING } from '../constants';

/** The contest's shared vocabulary and API shapes (client and server). */

export const SONG_TYPES = ['human', 'ai', 'hybrid'] as const;
export type SongType = (typeof SONG_TYPES)[number];
export const SONG_TYPE_LABELS: Record<SongType, string> = { human: 'Human', ai: 'AI', hybrid: 'Hybrid' };

export const SUBMISSION_ROUTES = ['contest', 'marketplace'] as const;
export type SubmissionRoute = (typeof SUBMISSION_ROUTES)[number];

export const TRACK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

export const HYBRID_ELEMENTS = ['Vocals', 'Lyrics', 'Melody', 'Instruments', 'Beat/Rhythm', 'Mixing', 'Mastering', 'Arrangement'] as const;
export const AI_TOOLS = ['Suno', 'Udio', 'AI Maestro', 'ElevenLabs Music', 'Stable Audio', 'AIVA', 'Soundraw', 'Other'] as const;

export const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'wav', 'aac', 'ogg', 'flac'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'webm', 'mkv'] as const;
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;

/** The prices a submission's cost depends on (app_config's pricing, or the defaults). */
export type RoutePricing = { contest_entry_cost: number; marketplace: { basic: number } };

/** Both routes together cost this much less than each alone (spec: 20 tokens, saves 5). */
export const BOTH_ROUTES_SAVING = DEFAULT_PRICING.contest_entry_cost + DEFAULT_PRICING.marketplace.basic - DEFAULT_PRICING.both_routes_cost;

/**
 * What a submission costs: nothing for admins, else the saved contest entry, marketplace basic
 * price, or both less the saving (never below 0), so a change in app_config changes all three.
 */
export function submissionCost(routes: readonly SubmissionRoute[], pricing: RoutePricing, admin: boolean): number {
  if (admin) return 0;
  const contest = routes.includes('contest');
  const market = routes.includes('marketplace');
  const sum = (contest ? pricing.contest_entry_cost : 0) + (market ? pricing.marketplace.basic : 0);
  return contest && market ? Math.max(0, sum - BOTH_ROUTES_SAVING) : sum;
}

/** Anything with AI in it (ai, hybrid) counts as AI. */
export const isAi = (songType: SongType): boolean => songType !== 'human';

/** A track's own fields (server-only storage paths and the clip id are added by the server's TrackDoc). */
export type TrackFields = {
  id: string;
  title: string;
  artist_name: string;
  genre: string;
  is_ai: boolean;
  song_type: SongType;
  submission_type: SubmissionRoute;
  status: TrackStatus;
  cover_art_url: string | null;
  preview_start_time: number;
  duration_seconds: number;
  creation_story: string | null;
  hybrid_ai_elements: string[];
  hybrid_human_elements: string[];
  hybrid_tools_used: string[];
  submitted_by: string;
  created_at: string;
};

/** The vote documents are defined in common/contest/voting.ts (zod); their types under the names used here. */
