import type { UsersRepository } from '../features/users/repository';
import type { PasswordHasher } from '../lib/passwords';

/**
 * First-run bootstrap from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD: creates the account when no user has
 * that e-mail. An existing account is left untouched (its password is not reset on every start).
 * Returns true when it created the account.
 */
export async function ensureSuperAdmin(users: UsersRepository, passwords: PasswordHasher, account: { email: string; password: string }): Promise<boolean> {
  if (await users.findCredentialsByEmail(account.email)) return false;
  // null: another instance starting at the same time created it first.
  return (await users.create({ email: account.email, full_name: 'Super Admin', role: 'super_admin', password_hash: await passwords.hash(account.password) })) !== null;
}
