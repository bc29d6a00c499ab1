/** Security headers on every answer and CORS limited to the configured origins (issue 8). */
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
