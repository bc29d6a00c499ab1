/**
 * Who makes a request: the user a session token opens, as the auth plugin sets it on `request.user`. Here, below
 * the features, so the infrastructure (the auth plugin, the token service, the session cache, the ownership
 * rule) names it without importing the users feature, whose repository reads and returns it.
 */
export type Role = 'client' | 'admin' | 'super_admin';

export interface UserRecord {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  phone: string | null;
  created_at: string;
  business_id: string | null;
}
