import type { Queryable } from '../db';

export interface LoginLockPolicy {
  /** Failures in a row that lock the address. */
  maxFailures: number;
  lockMs: number;
  /** A failure older than this no longer counts towards a lock. */
  failureWindowMs: number;
}

/** SPEC §9: 3 failed attempts lock the login for 5 minutes. */
export const LOGIN_LOCK_POLICY: LoginLockPolicy = { maxFailures: 3, lockMs: 5 * 60_000, failureWindowMs: 15 * 60_000 };

/** Rows untouched for this long are deleted. */
const RETENTION_MS = 24 * 60 * 60_000;

export function createLoginAttemptsRepository(db: Queryable, policy: LoginLockPolicy = LOGIN_LOCK_POLICY) {
  return {
    /** The end of the current lock of this address, or null when it may try. */
    async lockedUntil(email: string, now: Date): Promise<Date | null> {
      const { rows } = await db.query<{ locked_until: string }>(
        'SELECT locked_until FROM login_attempts WHERE email = $1 AND locked_until > $2',
        [email, now.toISOString()],
      );
      return rows[0] ? new Date(rows[0].locked_until) : null;
    },

    /**
     * Counts one failure atomically (concurrent attempts cannot both see the old count) and starts the
     * lock on reaching the limit. A failure after an expired lock or outside the window starts over at 1.
     */
    async recordFailure(email: string, now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - policy.failureWindowMs).toISOString();
      const lockEnd = new Date(now.getTime() + policy.lockMs).toISOString();
      const startsOver = 'a.last_failed_at < $3 OR coalesce(a.locked_until <= $2, false)';
      await db.query(
        `INSERT INTO login_attempts AS a (email, failed_count, last_failed_at, locked_until)
         VALUES ($1, 1, $2, CASE WHEN $4::int <= 1 THEN $5::timestamptz END)
         ON CONFLICT (email) DO UPDATE SET
           failed_count   = CASE WHEN ${startsOver} THEN 1 ELSE a.failed_count + 1 END,
           last_failed_at = excluded.last_failed_at,
           locked_until   = CASE WHEN (CASE WHEN ${startsOver} THEN 1 ELSE a.failed_count + 1 END) >= $4::int THEN $5::timestamptz END`,
        [email, now.toISOString(), windowStart, policy.maxFailures, lockEnd],
      );
      await db.query('DELETE FROM login_attempts WHERE last_failed_at < $1', [new Date(now.getTime() - RETENTION_MS).toISOString()]);
    },

    async clear(email: string): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE email = $1', [email]);
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
