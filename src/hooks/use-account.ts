import type { Observable } from 'rxjs';
import type { Role } from '@common/constants';
import { isAdmin, isSuperAdmin } from '@common/roles';
import type { Database } from '@/data/database';
import type { BalanceDoc, DailyGrantDoc, ProfileDoc, UserRolesDoc } from '@/data/schemas';
import { useSession } from '@/lib/session';
import { useRxValue } from './use-rx-value';

type OwnCollection = 'profiles' | 'token_balances' | 'daily_token_grants' | 'user_roles';
const ownDocQueries = Object.fromEntries(
  (['profiles', 'token_balances', 'daily_token_grants', 'user_roles'] as const).map((name) => [name, (db: Database, uid: string) => db[name].findOne(uid).$]),
) as Record<OwnCollection, (db: Database, uid: string) => Observable<{ toJSON: () => unknown } | null>>;
const toPlain = (doc: { toJSON: () => unknown } | null) => (doc ? doc.toJSON() : null);

/** Live view of one of the signed-in user's own documents in RxDB (id = uid): undefined while loading, null when absent. */
function useOwnDoc<T>(name: OwnCollection): T | null | undefined {
  const uid = useSession((s) => s.user?.uid ?? null);
  return useRxValue(uid, ownDocQueries[name], toPlain) as T | null | undefined;
}

export const useProfile = () => useOwnDoc<ProfileDoc>('profiles');
export const useBalanceDoc = () => useOwnDoc<BalanceDoc>('token_balances');
export const useDailyGrant = () => useOwnDoc<DailyGrantDoc>('daily_token_grants');

export function useRoles(): { roles: Role[]; admin: boolean; superAdmin: boolean; loaded: boolean } {
  const doc = useOwnDoc<UserRolesDoc>('user_roles');
  const roles = (doc?.roles ?? []) as Role[];
  return { roles, admin: isAdmin(roles), superAdmin: isSuperAdmin(roles), loaded: doc !== undefined };
}
