import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import { PATHS } from '@common/paths';
import { useDailyGrant } from '@/hooks/use-account';
import { useSession } from '@/lib/session';

/** Shown to visitors and to users who never claimed a daily token. */
export function ClaimBanner() {
  const user = useSession((s) => s.user);
  const grant = useDailyGrant();
  if (user && grant !== null) return null;
  return (
    <div className="bg-gradient-to-r from-fuchsia-700 via-violet-700 to-indigo-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-3 text-center sm:flex-row sm:text-left">
        <p className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-5 shrink-0 text-amber-300" aria-hidden />
          Sign up now and get FREE UNLIMITED VOTING for your first week
        </p>
        <Link
          to={user ? PATHS.welcome : PATHS.auth}
          search={user ? undefined : { mode: 'signup' }}
          className="shrink-0 rounded-md bg-white px-4 py-1.5 text-sm font-bold text-violet-800 hover:brightness-95"
        >
          Claim Offer
        </Link>
      </div>
    </div>
  );
}
