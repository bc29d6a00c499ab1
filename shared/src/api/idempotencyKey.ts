/**
 * A new idempotency key for one submission: `prefix-` and 128 random bits in hex. `getRandomValues` works on a
 * plain-http address too (a shop's LAN), where `randomUUID` does not exist.
 */
export function newIdempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
