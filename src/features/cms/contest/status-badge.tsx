import type { TrackStatus } from '@common/contest/contest';
import { Badge } from '@/components/ui/badge';

const STYLES: Record<TrackStatus, string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/40',
  approved: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/40',
  rejected: 'bg-red-500/15 text-red-200 ring-red-500/40',
};

export function StatusBadge({ status }: { status: TrackStatus }) {
  return <Badge className={`inline-block capitalize ring-1 ${STYLES[status]}`}>{status}</Badge>;
}
