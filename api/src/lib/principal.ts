/**
 * Who makes a request: the user a session token opens, as the auth plugin sets it on `request.user`. Here, below
 * the features, so the infrastructure (the auth plugin, the token service, the session cache, the ownership
 * rule) names it without importing the users feature, whose repository reads and returns it.
 */
export type Role = 'client' | 'staff' | 'admin' | 'super_admin';

/** A user's place in a business it does not own (decision 070): co-admin or counter staff. */
export type MemberRole = 'admin' | 'staff';

export interface Membership {
  business_id: string;
  role: MemberRole;
}

export interface UserRecord {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  phone: string | null;
  created_at: string;
  business_id: string | null;
  /**
   * The businesses the user works in without owning them (decision 070), loaded with the session so the
   * ownership rule needs no query for staff. Absent where a user is read for another purpose than a session.
   */
  memberships?: Membership[];
}

/**
 * What a business-scoped route needs (decision 070): 'counter' = find a card (search, scan, QR page), see a
 * card and its history, add points, redeem rewards; 'manage' = everything else an owner does.
 */
export type Capability = 'counter' | 'manage';
