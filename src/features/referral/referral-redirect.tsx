import { useNavigate, useParams } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { normalizeUsername } from '@common/username';
import { PATHS } from '@common/paths';
import { api } from '@/lib/api';

/** /{username}: sends a friend to sign-up with the referrer filled in, or home if no such user. */
export function ReferralRedirect() {
  const { username } = useParams({ from: '/$username' });
  const navigate = useNavigate();
  useEffect(() => {
    const normalized = normalizeUsername(username);
    let cancelled = false;
    api<{ exists: boolean }>(`/accounts/username/${encodeURIComponent(normalized || '_')}`)
      .then(({ exists }) => {
        if (cancelled) return;
        if (exists) void navigate({ to: PATHS.auth, search: { ref: normalized }, replace: true });
        else void navigate({ to: '/', replace: true });
      })
      .catch((err: unknown) => {
        console.warn('referral lookup failed', err);
        if (!cancelled) void navigate({ to: '/', replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [username, navigate]);
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <p className="flex items-center gap-2 text-zinc-300">
        <Loader2 className="size-5 animate-spin" aria-hidden /> Redirecting...
      </p>
    </div>
  );
}
