import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as argon2 from 'argon2';
import type { PasswordHashingConfig } from '../config';
import type { HashingQueue } from './hashing-queue';

/**
 * Every hash and check waits its turn in the process's hashing queue; `client` (the caller's IP) bounds
 * how many of one client may wait. Both may throw the queue's 429/503 `HttpError` without hashing.
 */
export interface PasswordHasher {
  hash(password: string, client?: string): Promise<string>;
  /**
   * True when `password` matches `hash`. With no hash (unknown account, or a client without a password) it
   * answers false after as long as a recent check of a real hash took, queue included, without an argon2 check
   * of its own: response times do not reveal which e-mail addresses have an account, and made-up addresses
   * cost neither CPU nor a place in the hashing queue (decision 060). Before any real check was measured, it
   * measures one against a throw-away hash.
   */
  verify(hash: string | null, password: string, client?: string): Promise<boolean>;
  /** True when `hash` was made with other parameters than the current ones. */
  needsRehash(hash: string): boolean;
  /**
   * Measures one check against a throw-away hash, unless one was measured already: at start, so that a flood of
   * unknown addresses right after it does not wait for that measurement (nor slow the first real logins with it).
   */
  warmUp(): Promise<void>;
  /** Hashes and checks waiting for their turn in the hashing queue now (GET /api/metrics). */
  readonly waiting: number;
}

/** How many recent check durations the answer for an address without a password is drawn from. */
const DURATIONS_KEPT = 32;

export function createPasswordHasher(params: PasswordHashingConfig, queue: HashingQueue): PasswordHasher {
  const options: argon2.HashOptions = { type: argon2.argon2id, ...params };
  const durations: number[] = [];
  let calibration: Promise<unknown> | undefined;

  /** One argon2 check in the queue; its duration from the request's point of view (waiting included) is kept. */
  async function check(hash: string, password: string, client: string | undefined): Promise<boolean> {
    const started = performance.now();
    const matches = await queue.run(client, async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash is a failed login, not a server error.
        return false;
      }
    });
    durations.push(performance.now() - started);
    if (durations.length > DURATIONS_KEPT) durations.shift();
    return matches;
  }

  /** A check of a random password against a throw-away hash, once (again after a failure). */
  const calibrate = () =>
    (calibration ??= queue
      .run(undefined, () => argon2.hash(crypto.randomBytes(32).toString('hex'), options))
      .then((decoy) => check(decoy, crypto.randomBytes(16).toString('hex'), undefined))
      .catch(() => (calibration = undefined)));

  return {
    get waiting() {
      return queue.waiting;
    },
    hash: (password, client) => queue.run(client, () => argon2.hash(password, options)),
    async verify(hash, password, client) {
      if (hash !== null) return check(hash, password, client);
      // Before any measurement, the wait is the measurement itself: about as long as a check (and a hash).
      if (durations.length === 0) await calibrate();
      else await sleep(durations[Math.floor(Math.random() * durations.length)]);
      return false;
    },
    needsRehash: (hash) => argon2.needsRehash(hash, options),
    async warmUp() {
      if (durations.length === 0) await calibrate();
    },
  };
}
