import { forbidden, notFound } from '../errors';
import { MESSAGES } from '../messages';
import type { UserRecord } from './principal';

/** What the rule reads of the businesses: the businesses repository (features/businesses) answers both. */
export interface BusinessOwnership {
  findPublic(businessId: string): Promise<object | null>;
  isOwnedBy(businessId: string, ownerId: string): Promise<boolean>;
}

/**
 * Ownership rule of every business-scoped route: a super admin may use any existing business, an admin
 * only the ones it owns, anyone else none. For an admin, a foreign business answers the same 404 as an
 * unknown one, so ids of other shops cannot be probed.
 */
export async function authorizeBusiness(businesses: BusinessOwnership, user: Pick<UserRecord, 'id' | 'role'>, businessId: string): Promise<void> {
  if (user.role === 'super_admin') {
    if (!(await businesses.findPublic(businessId))) throw notFound(MESSAGES.businessNotFound);
    return;
  }
  if (user.role === 'admin') {
    if (!(await businesses.isOwnedBy(businessId, user.id))) throw notFound(MESSAGES.businessNotFound);
    return;
  }
  throw forbidden();
}
