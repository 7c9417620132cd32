import { useEffect, useState } from 'react';
import type { Role } from '@common/constants';
import { isAdmin, isSuperAdmin } from '@common/roles';
import type { Collections } from '@/data/database';
import { loadDataLayer } from '@/data/lazy';
import type { BalanceDoc, DailyGrantDoc, ProfileDoc, UserRolesDoc } from '@/data/schemas';
import { useSession } from '@/lib/session';

/** Live view of one of the signed-in user's own documents in RxDB (id = uid). */
function useOwnDoc<T>(name: keyof Collections): T | null | undefined {
  const uid = useSession((s) => s.user?.uid ?? null);
  const [doc, setDoc] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    setDoc(undefined);
    if (!uid) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void loadDataLayer()
      .then((m) => m.getDatabase())
      .then((db) => {
        if (cancelled) return;
        const sub = db[name].findOne(uid).$.subscribe((d) => setDoc(d ? (d.toJSON() as T) : null));
        unsubscribe = () => sub.unsubscribe();
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [uid, name]);
  return doc;
}

export const useProfile = () => useOwnDoc<ProfileDoc>('profiles');
export const useBalanceDoc = () => useOwnDoc<BalanceDoc>('token_balances');
export const useDailyGrant = () => useOwnDoc<DailyGrantDoc>('daily_token_grants');

export function useRoles(): { roles: Role[]; admin: boolean; superAdmin: boolean; loaded: boolean } {
  const doc = useOwnDoc<UserRolesDoc>('user_roles');
  const roles = (doc?.roles ?? []) as Role[];
  return { roles, admin: isAdmin(roles), superAdmin: isSuperAdmin(roles), loaded: doc !== undefined };
}
