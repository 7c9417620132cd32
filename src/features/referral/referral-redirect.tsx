import { useNavigate, useParams } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { normalizeUsername } from '@common/accounts/username';
import { PATHS } from '@common/paths';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

const logFailure = (err: unknown) => console.warn('referral lookup failed', err);

/** /{username}: sends a friend to sign-up with the referrer filled in, or home if no such user (unknown: sign-up). */
export function ReferralRedirect() {
  const { username } = useParams({ from: '/$username' });
  const navigate = useNavigate();
  const normalized = normalizeUsername(username);
  const { data, error } = useApiRead(
    (signal) => call(endpoints.accounts.usernameExists, { params: { username: normalized || '_' }, signal }),
    [normalized],
    { onError: logFailure },
  );
  useEffect(() => {
    // No answer (offline, a failed request): sign-up with the referrer filled in all the same; the
    // server pays a referral only to a user that exists.
    if (data?.exists || (error && normalized)) void navigate({ to: PATHS.auth, search: { ref: normalized }, replace: true });
    else if (data || error) void navigate({ to: '/', replace: true });
  }, [data, error, normalized, navigate]);
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <p className="flex items-center gap-2 text-zinc-300">
        <Loader2 className="size-5 animate-spin" aria-hidden /> Redirecting...
      </p>
    </div>
  );
}
