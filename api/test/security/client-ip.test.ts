/**
 * X-Forwarded-For is believed only from the configured proxy — a request carrying the proxy
 * secret (`PROXY_SECRET` in `X-Proxy-Secret`). Anyone else's forged header is ignored: the per-IP limits
 * count the socket's address.
 */
import { PassThrough } from 'node:stream';
import { parseEnv } from '../../src/config';
import { clientIp, lastForwardedAddress, proxySecretChecker } from '../../src/lib/client-ip';
import { startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const SECRET = 'proxy-secret-0123456789-abcdefghijklmnop';
const TOO_MANY = { error: 'Troppe richieste. Riprova tra un minuto.' };

describeEachDatabase('client IP for the per-IP limits', (variant) => {
  let t: TestApp;
  let output = '';
  beforeAll(async () => {
    const logs = new PassThrough();
    logs.on('data', (chunk) => (output += chunk));
    // the defaults a deployment gets: no proxy believed without the secret
    t = await startTestApp(variant, { loginRateLimitPerMinute: 2, proxySecret: SECRET, trustProxy: parseEnv({}).trustProxy, logLevel: 'info' }, { logStream: logs });
  });
  afterAll(() => t.close());

  let n = 0;
  const attempt = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { email: `tentativo${++n}@test.it`, password: 'sbagliata' } });
  const statuses = async (requests: (() => ReturnType<typeof attempt>)[]) => {
    const result: number[] = [];
    for (const request of requests) result.push((await request()).statusCode);
    return result;
  };

  it('with the right secret, counts each forwarded address in its own bucket', async () => {
    const viaProxy = (client: string) => () => attempt('127.0.0.1', { 'x-forwarded-for': client, 'x-proxy-secret': SECRET });
    expect(await statuses([viaProxy('203.0.113.1'), viaProxy('203.0.113.1'), viaProxy('203.0.113.1')])).toEqual([401, 401, 429]);
    // another client behind the same proxy is not throttled by the first one
    expect(await statuses([viaProxy('203.0.113.2'), viaProxy('203.0.113.2')])).toEqual([401, 401]);
    // nor is the proxy's own address, which none of these counted for
    expect((await attempt('127.0.0.1')).statusCode).toBe(401);
    // the client's address, as the limits saw it, is in the log line of the request
    expect(output).toContain('"remoteAddress":"203.0.113.2"');
    expect(output).not.toContain(SECRET);
  });

  it('without the secret, a forged X-Forwarded-For is ignored: one bucket, the socket address', async () => {
    const forged = (client: string) => () => attempt('127.0.0.2', { 'x-forwarded-for': client });
    expect(await statuses([forged('198.51.100.1'), forged('198.51.100.2')])).toEqual([401, 401]);
    const third = await forged('198.51.100.3')();
    expect([third.statusCode, third.json()]).toEqual([429, TOO_MANY]);
    // the same bucket as a plain request from that socket address
    expect((await attempt('127.0.0.2')).statusCode).toBe(429);
  });

  it('with a wrong or empty secret, the same', async () => {
    const wrong = (client: string, secret: string) => () => attempt('127.0.0.3', { 'x-forwarded-for': client, 'x-proxy-secret': secret });
    expect(
      await statuses([
        wrong('198.51.100.11', `${SECRET}x`),
        wrong('198.51.100.12', SECRET.slice(0, -1)),
        wrong('198.51.100.13', ''),
        wrong('198.51.100.14', SECRET.toUpperCase()),
      ]),
    ).toEqual([401, 401, 429, 429]);
    // said once in the log (not once per request), never with what was sent
    expect(output.match(/X-Proxy-Secret does not match PROXY_SECRET/g)).toHaveLength(1);
    expect(output).not.toContain(SECRET.slice(0, -1));
  });

  it('uses the address the proxy added (the last one), not what the client put before it', async () => {
    const chain = () => attempt('127.0.0.1', { 'x-forwarded-for': '192.0.2.99, 203.0.113.50', 'x-proxy-secret': SECRET });
    expect(await statuses([chain, chain, chain])).toEqual([401, 401, 429]);
    expect((await attempt('127.0.0.1', { 'x-forwarded-for': '192.0.2.99', 'x-proxy-secret': SECRET })).statusCode).toBe(401);
  });
});

describeEachDatabase('client IP without a proxy secret configured', (variant) => {
  let t: TestApp;
  let output = '';
  beforeAll(async () => {
    const logs = new PassThrough();
    logs.on('data', (chunk) => (output += chunk));
    t = await startTestApp(variant, { loginRateLimitPerMinute: 2, proxySecret: null, trustProxy: parseEnv({}).trustProxy, logLevel: 'info' }, { logStream: logs });
  });
  afterAll(() => t.close());

  it('believes no X-Forwarded-For, whatever secret a request sends', async () => {
    const codes: number[] = [];
    for (const client of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
      codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': client, 'x-proxy-secret': SECRET }, payload: { email: 'a@b.it', password: 'x' } })).statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
    // the missing setting is said in the log, once, without the value
    expect(output.match(/X-Proxy-Secret received but PROXY_SECRET is not set here/g)).toHaveLength(1);
    expect(output).not.toContain(SECRET);
  });
});

describe('client IP rules', () => {
  const matches = proxySecretChecker(SECRET);
  it('compares the secret exactly, of any length, and refuses everything without one', () => {
    expect(matches(SECRET)).toBe(true);
    for (const given of [undefined, '', 'x', `${SECRET} `, [SECRET, SECRET]]) expect(matches(given)).toBe(false);
    expect(proxySecretChecker(null)(SECRET)).toBe(false);
    expect(proxySecretChecker('')('')).toBe(false);
  });

  it('takes the last valid address of X-Forwarded-For, else the socket address', () => {
    expect(lastForwardedAddress('192.0.2.1, 2001:db8::1')).toBe('2001:db8::1');
    expect(lastForwardedAddress(['192.0.2.1', '198.51.100.4'])).toBe('198.51.100.4');
    expect(lastForwardedAddress('not-an-ip')).toBeNull();
    expect(lastForwardedAddress(undefined)).toBeNull();
    const withSecret = { 'x-proxy-secret': SECRET };
    expect(clientIp({ ip: '127.0.0.1', headers: { ...withSecret, 'x-forwarded-for': 'garbage' } }, matches)).toBe('127.0.0.1');
    expect(clientIp({ ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.1' } }, matches)).toBe('127.0.0.1');
  });

  it('reads PROXY_SECRET (at least 32 characters) and no longer believes loopback proxies by default', () => {
    expect(parseEnv({ PROXY_SECRET: SECRET })).toMatchObject({ proxySecret: SECRET, trustProxy: false });
    expect(parseEnv({}).proxySecret).toBeNull();
    expect(() => parseEnv({ PROXY_SECRET: 'short' })).toThrow('PROXY_SECRET must be at least 32 characters (got 5)');
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });
});
