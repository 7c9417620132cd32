import type { Leaderboards } from '../contest/leaderboards';
import { endpoint, noFields, other, typed } from './contract';

/** The public leaderboards (functions/src/leaderboards/router.ts). */
export const leaderboards = {
  read: endpoint({
    method: 'GET',
    path: '/api/public/leaderboards',
    access: 'public',
    summary: 'The leaderboard summaries',
    response: typed<Leaderboards>('Leaderboards'),
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
