import { useEffect, useState } from 'react';
import { TIMINGS_MS, type Role } from '@common/constants';
import { isAdmin, isSuperAdmin } from '@common/accounts/roles';
import { useRoles } from '@/hooks/use-account';
import { ignoreFailure } from '@/hooks/api-read';
import { useApiRead } from '@/hooks/use-api-read';
import { isOffline } from '@/lib/api/api-error';
import { fetchMe } from '@/lib/me';
import { useSession } from '@/lib/session';

export type CmsAccess = {
  state: 'loading' | 'trouble' | 'denied' | 'ready';
  email: string | null;
  authLoading: boolean;
  rolesLoading: boolean;
  /** Null while unknown. */
  roles: Role[] | null;
  superAdmin: boolean;
  error: string | null;
  /** Asks the server for the roles again. */
  recheck: () => void;
};

/**
 * Who may open the CMS. The replicated roles document can lag behind (or be missing right
 * after sign-in), so a "not admin" answer is confirmed by GET /api/me before access is denied
 * (offline, it is not); a local "admin" opens the dashboard at once. The server checks the role
 * on every call anyway.
 */
export function useCmsAccess(): CmsAccess {
  const user = useSession((s) => s.user);
  const authLoading = !useSession((s) => s.ready);
  const local = useRoles();
  const [timedOut, setTimedOut] = useState(false);
  const localKey = local.loaded ? local.roles.join(',') : null;
  const uid = user?.uid ?? null;
  // The gate shows the failure itself.
  const me = useApiRead(uid ? (signal) => fetchMe(signal).then((r) => r.roles) : null, [uid, localKey], { onError: ignoreFailure });
  const server = me.data;
  const error = me.error ? (me.error instanceof Error ? me.error.message : String(me.error)) : null;

  // Offline, the server cannot confirm a "not admin": this device's roles decide (Re-check asks again).
  const offline = isOffline(me.error);
  const roles = server ?? (local.loaded && (local.admin || offline) ? local.roles : null);
  const rolesLoading = roles === null;
  const loading = authLoading || rolesLoading;

  useEffect(() => {
    if (!loading) {
      setTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setTimedOut(true), TIMINGS_MS.cmsLoadingTimeout);
    return () => clearTimeout(timer);
  }, [loading]);

  const state = loading || !roles ? (timedOut ? 'trouble' : 'loading') : isAdmin(roles) ? 'ready' : 'denied';
  return {
    state,
    email: user?.email ?? null,
    authLoading,
    rolesLoading,
    roles,
    superAdmin: roles !== null && isSuperAdmin(roles),
    error,
    recheck: me.reload,
  };
}
