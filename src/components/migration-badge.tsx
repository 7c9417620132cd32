import { Loader2 } from 'lucide-react';
import { MIGRATION_STATUS_LABELS } from '@common/accounts/users-messages';
import { Badge } from '@/components/ui/badge';

const TONES: Record<string, string> = {
  pre_migration: 'bg-zinc-700 text-zinc-100',
  migrating: 'bg-amber-500 text-black',
  migrated: 'bg-emerald-500 text-black',
};

/** A user's migration status as the spec's badge (section 4): Pre-Migration, Migrating (with a spinner) or Migrated. */
export function MigrationBadge({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' }) {
  const known = status in TONES ? status : 'pre_migration';
  return (
    <Badge size={size} className={`inline-flex items-center gap-1.5 ${TONES[known]}`}>
      {known === 'migrating' ? <Loader2 className="size-3 animate-spin" aria-hidden /> : null}
      {MIGRATION_STATUS_LABELS[known]}
    </Badge>
  );
}
