import type { Leaderboards } from '@common/leaderboards';
import { usePolled } from '@/hooks/use-polled';

const REFRESH_MS = 20_000;

export function useLeaderboards(): Leaderboards | null {
  return usePolled<Leaderboards>('/public/leaderboards', REFRESH_MS).data;
}
