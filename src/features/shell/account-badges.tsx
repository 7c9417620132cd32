import { Link } from '@tanstack/react-router';
import { Coins, LayoutDashboard, ListMusic, Receipt } from 'lucide-react';
import { toast } from '@/lib/toast';
import { tokenUnit } from '@common/format';
import { MSG } from '@common/messages';
import { PATHS } from '@common/paths';
import { useBalanceDoc, useProfile, useRoles } from '@/hooks/use-account';

/** In the bar the account links show their icon only (the name stays for screen readers, and shows on hover). */
const LABEL_COMPACT = 'sr-only';

/** The token pill: infinity for admins, otherwise the live balance; `short`: the number alone below 375 px, the narrowest phones (readers still hear the unit). */
export function BalancePill({ short = false }: { short?: boolean }) {
  const { admin } = useRoles();
  const n = useBalanceDoc()?.balance ?? 0;
  return (
    <span
      data-testid="balance-pill"
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-amber-400/30 bg-amber-400/10 px-3 py-1 text-sm font-semibold text-amber-200"
    >
      <Coins className="size-4" aria-hidden />
      {admin ? (
        <span aria-label="Unlimited tokens">∞</span>
      ) : (
        <span>
          {n}
          <span className={short ? 'max-[374px]:sr-only' : undefined}> {tokenUnit(n)}</span>
        </span>
      )}
    </span>
  );
}

export function UserChip() {
  const profile = useProfile();
  const { admin, superAdmin } = useRoles();
  const name = profile?.full_name || profile?.username || '';
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      {profile?.avatar_url ? (
        <img src={profile.avatar_url} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-fuchsia-700 text-sm font-bold uppercase">
          {name.slice(0, 1) || '?'}
        </span>
      )}
      <span className="min-w-16 max-w-32 truncate text-sm text-zinc-200">{name}</span>
      {superAdmin ? (
        <span className="shrink-0 whitespace-nowrap rounded bg-fuchsia-700 text-white px-1.5 py-0.5 text-[10px] font-bold tracking-wide">SUPER ADMIN</span>
      ) : admin ? (
        <span className="shrink-0 whitespace-nowrap rounded bg-violet-700 text-white px-1.5 py-0.5 text-[10px] font-bold tracking-wide">ADMIN</span>
      ) : null}
    </span>
  );
}

export function CmsLink({ onNavigate }: { onNavigate?: () => void }) {
  const { admin } = useRoles();
  if (!admin) return null;
  return (
    <Link
      to={PATHS.cms}
      onClick={() => {
        toast.info(MSG.openingCms);
        onNavigate?.();
      }}
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-fuchsia-300 hover:bg-zinc-800"
    >
      <LayoutDashboard className="size-4" aria-hidden /> CMS
    </Link>
  );
}

/** The signed-in user's purchases and sales. */
export function OrdersLink({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      to={PATHS.orders}
      onClick={onNavigate}
      title={compact ? 'My Orders' : undefined}
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
      activeProps={{ className: 'text-zinc-50 bg-zinc-800/70' }}
    >
      <Receipt className="size-4" aria-hidden /> <span className={compact ? LABEL_COMPACT : undefined}>My Orders</span>
    </Link>
  );
}

/** The signed-in user's own tracks, their radio submissions and ads. */
export function MyTracksLink({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      to={PATHS.myTracks}
      onClick={onNavigate}
      title={compact ? 'My Tracks' : undefined}
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
      activeProps={{ className: 'text-zinc-50 bg-zinc-800/70' }}
    >
      <ListMusic className="size-4" aria-hidden /> <span className={compact ? LABEL_COMPACT : undefined}>My Tracks</span>
    </Link>
  );
}
