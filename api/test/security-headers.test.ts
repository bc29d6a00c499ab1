/** Security headers on every answer and CORS limited to the configured origins. */
import net from 'node:net';
import { API_SECURITY_HEADERS } from '../src/plugins/security';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

describeEachDatabase('security headers', (variant) => {
  describe('without CORS_ORIGINS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(variant);
    });
    afterAll(() => t.close());

    it('sends the strict policy on successes, client errors and unknown paths', async () => {
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['GET', '/api/users'],
        ['GET', '/api/nope'],
        ['POST', '/api/auth/login'],
      ] as const) {
        const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
      }
      expect(API_SECURITY_HEADERS['content-security-policy']).toContain("default-src 'none'");
      expect(API_SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('sends helmet’s full set alike on every path, the router’s own refusals too, and no Strict-Transport-Security', async () => {
      // API_SECURITY_HEADERS plus what helmet sends by default for documents (decision 031).
      const expected = {
        ...API_SECURITY_HEADERS,
        'cross-origin-opener-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      };
      const watched = [...Object.keys(expected), 'strict-transport-security', 'x-powered-by'];
      for (const [method, url, status] of [
        ['GET', '/api/health', 200],
        ['GET', '/api/users', 401],
        ['GET', '/api/nope', 404],
        ['DELETE', '/api/loyalty-cards/%ED%A0%80', 400],
        ['DELETE', `/api/loyalty-cards/${'x'.repeat(101)}`, 414],
      ] as const) {
        const response = await t.app.inject({ method, url });
        const seen = Object.fromEntries(watched.filter((name) => response.headers[name] !== undefined).map((name) => [name, response.headers[name]]));
        expect({ url, status: response.statusCode, seen }).toEqual({ url, status, seen: expected });
      }
    });

    it('answers a request Node’s parser refuses (headers over 16 KB, a malformed request) in Italian JSON with the same headers', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      /** Writes `raw` on a new connection and answers everything the server wrote before closing it. */
      const exchange = (raw: string) =>
        new Promise<string>((resolve, reject) => {
          let answer = '';
          const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
          socket.on('data', (chunk) => (answer += chunk));
          socket.on('error', reject);
          socket.on('close', () => resolve(answer));
        });
      const parse = (answer: string) => {
        const [head, body] = answer.split('\r\n\r\n');
        const [statusLine, ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        return { statusLine, headers, body: JSON.parse(body) as unknown };
      };

      const tooLarge = parse(await exchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(tooLarge.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(tooLarge.body).toEqual({ error: 'Intestazioni della richiesta troppo grandi' });
      expect(tooLarge.headers).toMatchObject({ ...API_SECURITY_HEADERS, 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', connection: 'close' });

      const malformed = parse(await exchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nSenza-due-punti\r\n\r\n'));
      expect(malformed.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(malformed.body).toEqual({ error: 'Richiesta non valida' });
      expect(malformed.headers).toMatchObject({ ...API_SECURITY_HEADERS, 'cache-control': 'no-store' });
    });

    it('grants no cross-origin access to any origin', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('with CORS_ORIGINS', () => {
    let t: TestApp;
    const allowed = 'https://dashboard.example.it';
    beforeAll(async () => {
      t = await startTestApp(variant, { corsOrigins: [allowed] });
    });
    afterAll(() => t.close());

    it('allows exactly the configured origin, with credentials', async () => {
      const ok = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: { origin: allowed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe(allowed);
      expect(ok.headers['access-control-allow-credentials']).toBe('true');
      const other = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("lets the configured origin read a CSV export's file name (Content-Disposition)", async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: allowed } });
      expect(answer.headers['access-control-expose-headers']).toBe('Content-Disposition');
    });
  });
});
