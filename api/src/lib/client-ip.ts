/**
 * The client's IP address, for the per-IP rate limits and the logs.
 *
 * `X-Forwarded-For` is a header anyone can send. The API believes it only on a request that also carries
 * the proxy's secret (`X-Proxy-Secret`, equal to `PROXY_SECRET`, compared in constant time): the static
 * servers' proxy adds both, a local process or a client reaching the API directly cannot. Such a request
 * counts for the last address of the header, the one the proxy itself added (a proxy that appends, like
 * nginx's `$proxy_add_x_forwarded_for`, puts the address it saw last). Any other request counts for
 * Fastify's `request.ip`: the socket's address, unless `TRUST_PROXY` names proxies to believe without a
 * secret.
 */
import crypto from 'node:crypto';
import net from 'node:net';

export const PROXY_SECRET_HEADER = 'x-proxy-secret';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** A checker of the proxy secret: hashes first, so the comparison takes the same time whatever the length. */
export function proxySecretChecker(secret: string | null | undefined): (given: string | string[] | undefined) => boolean {
  if (!secret) return () => false;
  const expected = digest(secret);
  return (given) => typeof given === 'string' && crypto.timingSafeEqual(digest(given), expected);
}

/** The last address of an `X-Forwarded-For` value, or null when it is missing or not an IP address. */
export function lastForwardedAddress(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const last = value.split(',').pop()!.trim();
  return net.isIP(last) ? last : null;
}

export interface ClientIpInput {
  /** Fastify's `request.ip` (socket address, or what `trustProxy` allows). */
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export function clientIp(request: ClientIpInput, secretMatches: (given: string | string[] | undefined) => boolean): string {
  if (!secretMatches(request.headers[PROXY_SECRET_HEADER])) return request.ip;
  return lastForwardedAddress(request.headers['x-forwarded-for']) ?? request.ip;
}
