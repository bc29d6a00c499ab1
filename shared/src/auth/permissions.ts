import type { Role, User } from '../domain/types';

export const ROLES = ['client', 'admin', 'super_admin'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Cliente',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

/** Screens and actions gated by role. */
export type Permission =
  | 'overview'
  | 'loyalty-cards'
  | 'campaigns'
  | 'easy-sms'
  | 'documentation'
  | 'settings-password'
  | 'users-management'
  | 'service-configuration';

type MaybeUser = Pick<User, 'role'> | null | undefined;

const SUPER_ADMIN_ONLY: ReadonlySet<Permission> = new Set(['users-management', 'service-configuration']);

export function isAdmin(user: MaybeUser): boolean {
  return user?.role === 'admin' || user?.role === 'super_admin';
}

export function isSuperAdmin(user: MaybeUser): boolean {
  return user?.role === 'super_admin';
}

/** Nobody logged in has no permission; super-admin-only permissions need super_admin; the rest any user. */
export function hasPermission(user: MaybeUser, permission: Permission): boolean {
  if (!user) return false;
  return SUPER_ADMIN_ONLY.has(permission) ? isSuperAdmin(user) : true;
}
