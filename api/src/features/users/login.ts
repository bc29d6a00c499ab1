import type { LoginAttemptsRepository } from './login-attempts-repository';
import { normalizeEmail } from '../../lib/email';
import type { UserRecord, UsersRepository } from './repository';
import { isPublishedDemoLogin } from '../../seed/demo';
import type { HashingQueue } from '../../lib/hashing-queue';
import type { PasswordHasher } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';

export type LoginOutcome = { status: 'ok'; token: string; user: UserRecord } | { status: 'invalid' } | { status: 'locked' } | { status: 'disabled' };

interface LoginDeps {
  users: UsersRepository;
  loginAttempts: LoginAttemptsRepository;
  /**
   * Bounds the database work of the login attempts in this process (`createDatabaseAdmission`): a flood of logins
   * holds at most its `concurrency` connections, and what cannot wait is answered 503 at once.
   */
  admission: HashingQueue;
  passwords: PasswordHasher;
  tokens: TokenService;
  clock: () => Date;
  /**
   * False outside a local try-out (`AppConfig.localTryOut`): a demo account's published password is refused like
   * a wrong one, also on a database that got the demo accounts from an earlier local run (decision 060).
   */
  publishedPasswordsWork: boolean;
}

/** Old rows of the lock table are deleted at most this often per process: a flood's failures do not each pay for a delete. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Password login with a server-side lock: three failed attempts lock the address for five minutes. The
 * lock is kept per e-mail address whether or not an account exists, and an unknown address is answered
 * after as long as a check takes (see `PasswordHasher.verify`), so neither the answers nor their timing
 * tell an attacker which addresses are registered.
 *
 * Each attempt counts as a failure from before its password is checked until it succeeds (see
 * `LoginAttemptsRepository.reserve`): simultaneous guesses cannot all slip in before the first failure is
 * written, so an address never gets more than 3 argon2 checks per lock period.
 *
 * A flood of logins from many addresses (decision 060): each attempt costs one statement, run through the
 * admission (a few at once, the rest waiting in a bounded line, 503 beyond it) so that it never holds more than
 * a share of the connections; an address without an account costs no argon2 check, so the hashing queue is left
 * to the accounts that exist and a real login does not wait behind thousands of made-up ones.
 */
export function createLoginService({ users, loginAttempts, admission, passwords, tokens, clock, publishedPasswordsWork }: LoginDeps) {
  let prunedAt = -Infinity;
  const pruneNowAndThen = async (now: Date) => {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    // Housekeeping: a busy admission or a failed delete leaves it to a later failure, the answer stays 401.
    await admission.run(undefined, () => loginAttempts.prune(now)).catch(() => {
      prunedAt = -Infinity;
    });
  };

  return {
    /** `client`: the caller's IP, for the hashing queue's per-client bound. */
    async login(emailInput: string, password: string, client?: string): Promise<LoginOutcome> {
      const email = normalizeEmail(emailInput);
      const now = clock();
      const { reserved, account } = await admission.run(undefined, () => loginAttempts.reserve(email, now));
      if (!reserved) return { status: 'locked' };

      const passwordHash = account?.password_hash ?? null;
      let matches: boolean;
      try {
        matches = await passwords.verify(passwordHash, password, client);
      } catch (error) {
        // Turned away by the hashing queue (429/503) before any check: no guess was tested.
        await loginAttempts.release(email);
        throw error;
      }
      if (!matches || !account || !passwordHash || (!publishedPasswordsWork && isPublishedDemoLogin(email, password))) {
        await pruneNowAndThen(now);
        return { status: 'invalid' };
      }

      await loginAttempts.clear(email);
      // Told only to whoever knows the password (decision 071): the right password of a disabled account opens nothing.
      if (account.disabled) return { status: 'disabled' };
      if (passwords.needsRehash(passwordHash)) await users.setPasswordHash(account.id, await passwords.hash(password, client));
      const { password_hash: _hash, token_version: version, disabled: _disabled, ...user } = account;
      return { status: 'ok', token: await tokens.sign({ userId: user.id, role: user.role, version }), user };
    },
  };
}
