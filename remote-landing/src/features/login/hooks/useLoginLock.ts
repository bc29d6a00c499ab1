import { useCallback, useEffect, useState } from 'react';
import { LOGIN_LOCKOUT_MS, LOGIN_MAX_FAILED_ATTEMPTS } from '@loyalty/shared';
import { clearLock, readLockedUntil, storeLockedUntil } from '../model/loginLock';

/**
 * Failed-attempt counter and lock of SPEC §4: the 3rd failure locks for 5 minutes, then the counter
 * resets. The server keeps its own lock per address (DESIGN §9): when it answers 429, even to this
 * browser's first attempt (the lock was set from another one), the form locks the same way.
 */
export function useLoginLock() {
  const [failures, setFailures] = useState(0);
  const [lockedUntil, setLockedUntil] = useState(() => readLockedUntil(Date.now()));

  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setTimeout(() => {
      clearLock();
      setLockedUntil(null);
      setFailures(0);
    }, lockedUntil - Date.now());
    return () => clearTimeout(timer);
  }, [lockedUntil]);

  const lock = useCallback(() => {
    const until = Date.now() + LOGIN_LOCKOUT_MS;
    storeLockedUntil(until);
    setLockedUntil(until);
  }, []);

  /** Counts a rejected attempt; true when it locked the form. */
  const recordFailure = useCallback((): boolean => {
    const count = failures + 1;
    setFailures(count);
    if (count < LOGIN_MAX_FAILED_ATTEMPTS) return false;
    lock();
    return true;
  }, [failures, lock]);

  return {
    locked: lockedUntil !== null,
    recordFailure,
    /** The server refused an attempt with its lock (HTTP 429): lock the form for the same 5 minutes. */
    lockedByServer: lock,
  };
}
