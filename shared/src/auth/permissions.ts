import type { Role, User } from '../domain/types';

export const ROLES = ['client', 'staff', 'admin', 'super_admin'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Cliente',
  staff: 'Operatore di cassa',
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
/** Decision 070: what the counter's staff use — the cards (search, the card page with points and rewards) and their own password. */
const STAFF_PERMISSIONS: ReadonlySet<Permission> = new Set(['loyalty-cards', 'settings-password']);

export function isAdmin(user: MaybeUser): boolean {
  return user?.role === 'admin' || user?.role === 'super_admin';
}

export function isSuperAdmin(user: MaybeUser): boolean {
  return user?.role === 'super_admin';
}

/** Whether the user works at a shop's counter only («Operatore di cassa», decision 070). */
export function isStaff(user: MaybeUser): boolean {
  return user?.role === 'staff';
}

/**
 * Nobody logged in has no permission; super-admin-only permissions need super_admin; staff only the counter's
 * (cards and own password); the rest any user.
 */
export function hasPermission(user: MaybeUser, permission: Permission): boolean {
  if (!user) return false;
  if (isStaff(user)) return STAFF_PERMISSIONS.has(permission);
  return SUPER_ADMIN_ONLY.has(permission) ? isSuperAdmin(user) : true;
}
