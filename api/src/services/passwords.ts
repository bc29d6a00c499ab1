import crypto from 'node:crypto';
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
   * True when `password` matches `hash`. With no hash (unknown account, or a client without a password)
   * it still runs a full argon2 check against a throw-away hash, so the answer takes as long either way
   * and response times do not reveal which e-mail addresses have an account.
   */
  verify(hash: string | null, password: string, client?: string): Promise<boolean>;
  /** True when `hash` was made with other parameters than the current ones. */
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(params: PasswordHashingConfig, queue: HashingQueue): PasswordHasher {
  const options: argon2.HashOptions = { type: argon2.argon2id, ...params };
  let decoyHash: Promise<string> | undefined;

  return {
    hash: (password, client) => queue.run(client, () => argon2.hash(password, options)),
    verify: (hash, password, client) =>
      queue.run(client, async () => {
        const target = hash ?? (await (decoyHash ??= argon2.hash(crypto.randomBytes(32).toString('hex'), options)));
        try {
          return (await argon2.verify(target, password)) && hash !== null;
        } catch {
          // A malformed stored hash is a failed login, not a server error.
          return false;
        }
      }),
    needsRehash: (hash) => argon2.needsRehash(hash, options),
  };
}
