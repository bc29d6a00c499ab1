import type { LoginAttemptsRepository } from '../repositories/login-attempts';
import { normalizeEmail, type UserRecord, type UsersRepository } from '../repositories/users';
import type { PasswordHasher } from './passwords';
import type { TokenService } from './tokens';

export type LoginOutcome = { status: 'ok'; token: string; user: UserRecord } | { status: 'invalid' } | { status: 'locked' };

interface LoginDeps {
  users: UsersRepository;
  loginAttempts: LoginAttemptsRepository;
  passwords: PasswordHasher;
  tokens: TokenService;
  clock: () => Date;
}

/**
 * Password login with the server-side lock of SPEC §9. The lock is kept per e-mail address whether or
 * not an account exists, and an unknown address costs the same argon2 check, so neither the answers
 * nor their timing tell an attacker which addresses are registered.
 *
 * Each attempt counts as a failure from before its password is checked until it succeeds (see
 * `LoginAttemptsRepository.reserve`): simultaneous guesses cannot all slip in before the first failure is
 * written, so an address never gets more than 3 argon2 checks per lock period.
 */
export function createLoginService({ users, loginAttempts, passwords, tokens, clock }: LoginDeps) {
  return {
    /** `client`: the caller's IP, for the hashing queue's per-client bound. */
    async login(emailInput: string, password: string, client?: string): Promise<LoginOutcome> {
      const email = normalizeEmail(emailInput);
      const now = clock();
      if (!(await loginAttempts.reserve(email, now))) return { status: 'locked' };

      const account = await users.findCredentialsByEmail(email);
      const passwordHash = account?.password_hash ?? null;
      let matches: boolean;
      try {
        matches = await passwords.verify(passwordHash, password, client);
      } catch (error) {
        // Turned away by the hashing queue (429/503) before any check: no guess was tested.
        await loginAttempts.release(email);
        throw error;
      }
      if (!matches || !account || !passwordHash) {
        await loginAttempts.prune(now);
        return { status: 'invalid' };
      }

      await loginAttempts.clear(email);
      if (passwords.needsRehash(passwordHash)) await users.setPasswordHash(account.id, await passwords.hash(password, client));
      const { password_hash: _hash, token_version: version, ...user } = account;
      return { status: 'ok', token: await tokens.sign({ userId: user.id, role: user.role, version }), user };
    },
  };
}
