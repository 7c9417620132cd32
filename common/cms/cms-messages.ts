import { PLACEHOLDER_COVER_COUNT } from '../constants';
import type { TrackFields } from '../contest/contest';

/** CMS texts (spec's CMS section and error catalogue, verbatim) and the CMS API's shapes. */
export const CMS_MSG = {
  adminRequired: 'Admin role required',
  trackNotFound: 'Track not found',
  /** Deleting a track that has orders would take the buyers' licensed file away. */
  trackHasOrders: 'This track has orders: its buyers keep their licences. Reject it to take it off sale instead.',
  audioUnavailable: 'The full track cannot be played right now. Reload to try again.',
  loading: 'Loading...',
  trouble: 'Having trouble opening the CMS',
  retrying: 'Retrying CMS load…',
  noAccess: 'You don’t have access to the CMS',
  requiredRole: 'Required role: admin',
  rechecking: 'Re-checking your admin access…',
  subtitle: 'Manage all aspects of the platform from here',
  loadStatsFailed: 'Failed to load stats',
  loadTracksFailed: 'Failed to load tracks',
  approveFailed: 'Failed to approve track',
  rejectFailed: 'Failed to reject track',
  deleteFailed: 'Failed to delete track',
  updateFailed: 'Failed to update track.',
  approved: 'Track approved',
  rejected: 'Track rejected',
  deleted: 'Track deleted',
  updated: 'Track updated',
  confirmDelete: (title: string) => `Delete “${title}”? Its audio, clip and stats are removed for good.`,
} as const;

/** The 26 placeholder covers an admin may assign: /placeholders/cover-01.jpg … cover-26.jpg. */
export const PLACEHOLDER_COVERS: readonly string[] = Array.from(
  { length: PLACEHOLDER_COVER_COUNT },
  (_, i) => `/placeholders/cover-${String(i + 1).padStart(2, '0')}.jpg`,
);

export type CmsStats = { total_users: number; active_tracks: number; vote_sessions: number; tokens_circulating: number };
/** GET /api/cms/overview: the totals, and in `week` each one's change over the last 7 days. */
export type CmsOverview = CmsStats & { week: CmsStats };

export const CMS_TRACK_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type CmsTrackFilter = (typeof CMS_TRACK_FILTERS)[number];

/** A track as the CMS sees it: every stored field but the storage paths and clip id, plus stats and a signed URL. */
export type CmsTrack = TrackFields & {
  has_video: boolean;
  /** Signed URL of the full original (valid 3600 s); null when it could not be signed (the storage's signer failed). */
  audio_url: string | null;
  /** The track's disguise rating in whole points and its deviation (null before its first rollup). */
  stats: { total_votes: number; fool_rate: number; rating: number | null; rating_deviation: number | null };
};
