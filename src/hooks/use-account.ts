import type { Role } from '@common/constants';
import { isAdmin, isSuperAdmin } from '@common/accounts/roles';
import { useAccountFeed, type AccountDocs, type OwnCollection } from '@/data/account-feed';
import type { BalanceDoc, DailyGrantDoc, ProfileDoc, UserRolesDoc } from '@common/accounts/accounts';
import { useSession } from '@/lib/session';

/** Live view of one of the signed-in user's own documents: undefined while loading, null when absent. */
function useOwnDoc<K extends OwnCollection>(name: K): AccountDocs[K] {
  const uid = useSession((s) => s.user?.uid ?? null);
  // Never a previous user's document: the feed may still hold them for a moment after a switch.
  return useAccountFeed((s) => (uid !== null && s.uid === uid ? s.docs[name] : undefined));
}

export const useProfile = (): ProfileDoc | null | undefined => useOwnDoc('profiles');
export const useBalanceDoc = (): BalanceDoc | null | undefined => useOwnDoc('token_balances');
export const useDailyGrant = (): DailyGrantDoc | null | undefined => useOwnDoc('daily_token_grants');

export function useRoles(): { roles: Role[]; admin: boolean; superAdmin: boolean; loaded: boolean } {
  const doc: UserRolesDoc | null | undefined = useOwnDoc('user_roles');
  const roles = (doc?.roles ?? []) as Role[];
  return { roles, admin: isAdmin(roles), superAdmin: isSuperAdmin(roles), loaded: doc !== undefined };
}
