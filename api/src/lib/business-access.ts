import { forbidden, notFound } from '../errors';
import { MESSAGES } from '../messages';
import type { Capability, UserRecord } from './principal';

/** What the rule reads of the businesses: the businesses repository (features/businesses) answers both. */
export interface BusinessOwnership {
  findPublic(businessId: string): Promise<object | null>;
  /** True when the user owns the business or is one of its co-admins (business_members, role admin). */
  isManagedBy(businessId: string, userId: string): Promise<boolean>;
}

/**
 * SQL condition: business `alias` may be managed by the user `$n` — its owner or a co-admin member (decision 070).
 * The one place this rule is written for the statements that check a business inside themselves.
 */
export const managedBySql = (alias: string, n: number): string =>
  `(${alias}.owner_id = $${n} OR EXISTS (SELECT 1 FROM business_members bm WHERE bm.business_id = ${alias}.id AND bm.user_id = $${n} AND bm.role = 'admin'))`;

/** SQL condition: business `alias` may be served at the counter by the user `$n` — its owner or any member. */
export const servedBySql = (alias: string, n: number): string =>
  `(${alias}.owner_id = $${n} OR EXISTS (SELECT 1 FROM business_members bm WHERE bm.business_id = ${alias}.id AND bm.user_id = $${n}))`;

/**
 * Ownership rule of every business-scoped route (decision 070): a super admin may use any existing business; an
 * admin the ones it owns or co-administers, with every capability; staff only the 'counter' capability, in the
 * businesses of its memberships (carried by the session: no query); anyone else none. A business the user may
 * not use at all answers the same 404 as an unknown one, so ids of other shops cannot be probed; staff asking
 * for more than the counter in its own shop gets 403.
 */
export async function authorizeBusiness(
  businesses: BusinessOwnership,
  user: Pick<UserRecord, 'id' | 'role' | 'memberships'>,
  businessId: string,
  capability: Capability = 'manage',
): Promise<void> {
  if (user.role === 'super_admin') {
    if (!(await businesses.findPublic(businessId))) throw notFound(MESSAGES.businessNotFound);
    return;
  }
  if (user.role === 'admin') {
    if (!(await businesses.isManagedBy(businessId, user.id))) throw notFound(MESSAGES.businessNotFound);
    return;
  }
  if (user.role === 'staff') {
    if (!(user.memberships ?? []).some((m) => m.business_id === businessId)) throw notFound(MESSAGES.businessNotFound);
    if (capability !== 'counter') throw forbidden();
    return;
  }
  throw forbidden();
}
