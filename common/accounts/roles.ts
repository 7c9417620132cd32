import type { Role } from '../constants';

/** A super admin counts as admin (spec section 6). */
export const isAdmin = (roles: readonly Role[]): boolean =>
  roles.includes('admin') || roles.includes('super_admin');

export const isSuperAdmin = (roles: readonly Role[]): boolean => roles.includes('super_admin');
