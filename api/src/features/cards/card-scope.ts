import type { CardScope } from './repository';
import type { UserRecord } from '../users/repository';

/** The cards a user may see: super admin all, admin those of its businesses, client its own. */
export function cardScope(user: Pick<UserRecord, 'id' | 'role'>): CardScope {
  if (user.role === 'super_admin') return { ownerId: null };
  if (user.role === 'admin') return { ownerId: user.id };
  return { holderId: user.id };
}

/** The businesses an admin-level user may manage: `null` for all (super admin). */
export const ownerScope = (user: Pick<UserRecord, 'id' | 'role'>): string | null => (user.role === 'super_admin' ? null : user.id);
