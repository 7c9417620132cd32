import { clsx } from 'clsx';
import { ROLE_LABELS, type CmsUser } from '@common/accounts/users-messages';
import { Badge } from '@/components/ui/badge';

const ROLE_TONES: Record<string, string> = {
  super_admin: 'bg-fuchsia-600/20 text-fuchsia-200 ring-1 ring-fuchsia-500/40',
  admin: 'bg-violet-600/20 text-violet-200 ring-1 ring-violet-500/40',
  user: 'bg-zinc-800 text-zinc-300',
};

/** The avatar, or the username's first letter. */
export function UserAvatar({ user, size = 'sm' }: { user: Pick<CmsUser, 'avatar_url' | 'username'>; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-12 text-lg' : 'size-9 text-sm';
  return user.avatar_url ? (
    <img src={user.avatar_url} alt="" className={clsx(box, 'shrink-0 rounded-full object-cover')} />
  ) : (
    <span aria-hidden className={clsx(box, 'grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-fuchsia-700 to-violet-600 text-white font-bold uppercase')}>
      {user.username.slice(0, 1)}
    </span>
  );
}

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <Badge key={r} className={ROLE_TONES[r] ?? ROLE_TONES.user}>
          {ROLE_LABELS[r] ?? r}
        </Badge>
      ))}
    </span>
  );
}
