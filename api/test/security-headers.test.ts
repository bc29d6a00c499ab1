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
  });
});
