import { formatCount } from '@common/format';
import { BarChart3, Coins, Download, Gavel, Mail, Music, Users, Vote, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { CmsStats } from '@common/cms/cms-messages';
import { PendingText } from '@/components/pending-text';
import { buttonClass } from '@/components/ui/button';
import { CARD } from '@/components/ui/card';
import type { CmsTabKey } from '../cms-tabs';
import { ExportReportsDialog } from './export-reports';
import { weekChange } from '../format';
import { useOverview } from './load-overview';

const STATS: ReadonlyArray<{ key: keyof CmsStats; label: string; icon: LucideIcon }> = [
  { key: 'total_users', label: 'Total Users', icon: Users },
  { key: 'active_tracks', label: 'Active Tracks', icon: Music },
  { key: 'vote_sessions', label: 'Vote Sessions', icon: Vote },
  { key: 'tokens_circulating', label: 'Tokens Circulating', icon: Coins },
];

const card = `${CARD} p-6`;
const action = buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-4 py-3 font-medium hover:bg-zinc-800');

/** Four stat cards with their change over the last 7 days, and Quick Actions that open tabs or export CSV reports. */
export function OverviewTab({ reloadKey, onSelect }: { reloadKey: number; onSelect: (tab: CmsTabKey) => void }) {
  const { stats, failed } = useOverview(reloadKey);
  const [exporting, setExporting] = useState(false);
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Platform stats">
        {STATS.map(({ key, label, icon: Icon }) => (
          <li key={key} className={card} aria-label={label}>
            <div className="flex items-center justify-between text-sm text-zinc-400">
              <span>{label}</span>
              <Icon className="size-5 text-fuchsia-400" aria-hidden />
            </div>
            <p className="mt-2 text-3xl font-black" data-testid={`stat-${key}`}>
              {stats ? formatCount(stats[key]) : '…'}
            </p>
            <p className="mt-1 text-xs text-zinc-400" data-testid={`week-${key}`}>
              {stats ? weekChange(stats.week[key]) : '\u00a0'}
            </p>
          </li>
        ))}
      </ul>
      {failed ? <PendingText failed className="text-center text-sm text-zinc-400" /> : null}
      <section className={card} aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="flex items-center gap-2 text-xl font-bold">
          <BarChart3 className="size-5 text-fuchsia-400" aria-hidden /> Quick Actions
        </h2>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <button type="button" onClick={() => onSelect('users')} className={action}>
            <Users className="size-4" aria-hidden /> View All Users
          </button>
          <button type="button" onClick={() => onSelect('contest')} className={action}>
            <Gavel className="size-4" aria-hidden /> Moderate Submissions
          </button>
          <button type="button" onClick={() => onSelect('email')} className={action}>
            <Mail className="size-4" aria-hidden /> Send Email Campaign
          </button>
          <button type="button" onClick={() => setExporting(true)} className={action}>
            <Download className="size-4" aria-hidden /> Export Reports
          </button>
        </div>
      </section>
      <ExportReportsDialog open={exporting} onOpenChange={setExporting} />
    </div>
  );
}
