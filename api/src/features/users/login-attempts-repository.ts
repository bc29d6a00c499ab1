import type { Queryable } from '../../db';
import { CREDENTIAL_COLUMNS, type UserCredentials } from './repository';

export interface LoginLockPolicy {
  /** Failures in a row that lock the address. */
  maxFailures: number;
  lockMs: number;
  /** A failure older than this no longer counts towards a lock. */
  failureWindowMs: number;
}

/** Three failed attempts lock the login for five minutes. */
export const LOGIN_LOCK_POLICY: LoginLockPolicy = { maxFailures: 3, lockMs: 5 * 60_000, failureWindowMs: 15 * 60_000 };

/** A reservation: whether the attempt may be checked, and the account of the address (null: none). */
export interface Reservation {
  reserved: boolean;
  account: UserCredentials | null;
}

/**
 * Failed logins per e-mail address. An attempt is counted as a failure *before* its password is checked
 * (`reserve`) and the count is cleared when it succeeds (`clear`): reading the lock before a ~250 ms argon2
 * check and writing the failure after it let a parallel burst through (every request saw no lock).
 */
export function createLoginAttemptsRepository(db: Queryable, policy: LoginLockPolicy = LOGIN_LOCK_POLICY) {
  return {
    /**
     * Reserves one attempt for the address and reads its account, in one statement: `reserved` false when the
     * address is locked (nothing is written), else the attempt is counted as a failure. The attempt that reaches
     * `maxFailures` starts the lock, so that every later one is refused until it ends; it is itself allowed.
     * The row lock of the upsert makes concurrent reservations count one after the other: of a burst of any
     * size, exactly `maxFailures` are reserved. A failure after an expired lock or outside the window starts over
     * at 1. One round trip per login attempt: under a flood each attempt holds a connection as briefly as it can.
     */
    async reserve(email: string, now: Date): Promise<Reservation> {
      const windowStart = new Date(now.getTime() - policy.failureWindowMs).toISOString();
      const lockEnd = new Date(now.getTime() + policy.lockMs).toISOString();
      const startsOver = 'a.last_failed_at < $3 OR coalesce(a.locked_until <= $2, false)';
      const count = `CASE WHEN ${startsOver} THEN 1 ELSE a.failed_count + 1 END`;
      const { rows } = await db.query<UserCredentials & { reserved: boolean }>(
        `WITH attempt AS (
           INSERT INTO login_attempts AS a (email, failed_count, last_failed_at, locked_until)
           VALUES ($1, 1, $2, CASE WHEN $4::int <= 1 THEN $5::timestamptz END)
           ON CONFLICT (email) DO UPDATE SET
             failed_count   = ${count},
             last_failed_at = excluded.last_failed_at,
             locked_until   = CASE WHEN ${count} >= $4::int THEN $5::timestamptz END
           WHERE a.locked_until IS NULL OR a.locked_until <= $2
           RETURNING 1
         )
         SELECT EXISTS (SELECT 1 FROM attempt) AS reserved, ${CREDENTIAL_COLUMNS}
           FROM (SELECT 1) AS one LEFT JOIN users u ON u.email = $1`,
        [email, now.toISOString(), windowStart, policy.maxFailures, lockEnd],
      );
      const { reserved, ...account } = rows[0];
      return { reserved, account: account.id ? account : null };
    },

    /**
     * Gives back a reservation whose password was never checked (the hashing queue turned it away): it
     * tested no guess, so it must not bring the address closer to a lock. A lock it started ends with it.
     */
    async release(email: string): Promise<void> {
      await db.query(
        `UPDATE login_attempts
            SET failed_count = failed_count - 1,
                locked_until = CASE WHEN failed_count - 1 >= $2::int THEN locked_until END
          WHERE email = $1 AND failed_count > 0`,
        [email, policy.maxFailures],
      );
    },

    /**
     * Drops the rows whose last failure is older than the failure window: such a row counts for nothing (its next
     * failure starts over at 1, and a lock ends within the window), so the table holds at most a window's worth of
     * addresses however many are tried.
     */
    async prune(now: Date): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE last_failed_at < $1', [new Date(now.getTime() - Math.max(policy.failureWindowMs, policy.lockMs)).toISOString()]);
    },

    /** A successful login: its own reservation and every earlier failure are forgotten. */
    async clear(email: string): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE email = $1', [email]);
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
