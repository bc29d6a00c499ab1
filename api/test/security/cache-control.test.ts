/**
 * Nothing personal is kept by a browser cache or a shared proxy. Every answer to a request
 * with an Authorization header, every error and every answer to a write carries `Cache-Control: no-store`;
 * public reads (health, OpenAPI, a business's public name) keep what they had.
 */
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

describeEachDatabase('Cache-Control on API answers', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    const account = demoAccount('admin');
    admin = await authHeader(t.app, account.email, account.password);
  });
  afterAll(() => t.close());

  it('sends no-store on every answer to an authenticated request, successes and errors', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/business'],
      ['GET', '/api/loyalty-cards/business/default-business-id?limit=5&offset=0'],
      ['GET', '/api/loyalty-cards/business/default-business-id/stats'],
      ['GET', '/api/loyalty-cards/business/another-shop'],
      ['GET', '/api/health'],
    ] as const) {
      // twice: the second page and stats answers come from the read cache
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({ method, url, headers: admin });
        expect([url, response.headers['cache-control']]).toEqual([url, 'no-store']);
      }
    }
    const wrongToken = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer nope' } });
    expect([wrongToken.statusCode, wrongToken.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it('sends no-store on every error answer, also without credentials', async () => {
    const cases = [
      { method: 'GET', url: '/api/auth/me' }, // 401
      { method: 'GET', url: '/api/nope' }, // 404
      { method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }, // 400
      { method: 'POST', url: '/api/auth/login', payload: { email: 'nessuno@example.it', password: 'sbagliata' } }, // 401
    ] as const;
    for (const request of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect([request.url, response.statusCode, response.headers['cache-control']]).toEqual([request.url, response.statusCode, 'no-store']);
    }
  });

  it('sends no-store on the answer to a login (it carries the token) and to a public signup', async () => {
    const account = demoAccount('admin');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
    expect([login.statusCode, login.headers['cache-control']]).toEqual([200, 'no-store']);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      payload: { business_id: 'default-business-id', full_name: 'Anna Verdi', email: 'anna.verdi@example.it', phone: '+393331112223', privacy_ack: true },
    });
    expect(signup.statusCode).toBeLessThan(300);
    expect(signup.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads as they were', async () => {
    for (const url of ['/api/health', '/api/business/default-business-id', '/api/docs/openapi.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, undefined]);
    }
  });
});
