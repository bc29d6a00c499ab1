import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { authHeader, demoAccount, startTestApp, testConfig, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

describeEachDatabase('app', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
  });
  afterAll(() => t.close());

  it('answers unknown paths with an Italian 404', async () => {
    for (const url of ['/api/nope', '/elsewhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'Risorsa non trovata' }]);
    }
  });

  it('tells every caller the request id its log lines carry', async () => {
    const [a, b] = await Promise.all([t.app.inject({ method: 'GET', url: '/api/health' }), t.app.inject({ method: 'GET', url: '/api/nope' })]);
    expect(a.headers['x-request-id']).toEqual(expect.any(String));
    expect(b.headers['x-request-id']).toEqual(expect.any(String));
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('answers collection paths without a trailing slash', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/business',
        '/api/business/{id}',
        '/api/loyalty-cards/business/{id}',
        '/api/campaigns/business/{id}',
        '/api/twilio/settings',
        '/api/users',
        '/api/health',
      ]),
    );
    expect(document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(document.paths['/api/loyalty-cards/business/{id}'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);

    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([302, '/api/docs/openapi.json']);
  });
});

function captureLogs() {
  const stream = new PassThrough();
  const captured = { text: '' };
  stream.on('data', (chunk) => (captured.text += chunk));
  return { stream, captured };
}

describeEachDatabase('server errors', (variant) => {
  it('answer 500 with a generic Italian message and log the details', async () => {
    const { stream, captured } = captureLogs();
    const database = await variant.create();
    const app = buildApp(testConfig(database.config, { logLevel: 'error' }), { logStream: stream });
    app.get('/api/test/boom', async () => {
      throw new Error('connection to 10.0.0.7 refused, password=hunter2');
    });
    app.get('/api/test/bad-shape', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 'not a number' }) as never);
    try {
      for (const url of ['/api/test/boom', '/api/test/bad-shape']) {
        const response = await app.inject({ method: 'GET', url });
        expect([response.statusCode, response.json()]).toEqual([500, { error: 'Errore interno del server' }]);
      }
      expect(captured.text).toContain('connection to 10.0.0.7 refused');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describeEachDatabase('logs', (variant) => {
  it('leave out the health checks a load balancer makes four times a second, and keep every other request', async () => {
    const { stream, captured } = captureLogs();
    const database = await variant.create();
    const app = buildApp(testConfig(database.config, { logLevel: 'info' }), { logStream: stream });
    try {
      for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
      const lines = captured.text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; reqId?: string });
      const urls = lines.map((line) => line.req?.url).filter(Boolean);
      expect(urls).toContain('/api/auth/me');
      expect(urls).not.toContain('/api/health');
      expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('never contain passwords, tokens or authorization headers', async () => {
    const { stream, captured } = captureLogs();
    const database = await variant.create();
    const app = buildApp(testConfig(database.config, { logLevel: 'trace', seedDemo: true }), { logStream: stream });
    try {
      const admin = demoAccount('admin');
      const headers = await authHeader(app, admin.email, admin.password);
      await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      app.log.info({ password: 'pw-top', user: { password: 'pw-nested', token: 'tok-nested' }, req: { headers: { authorization: 'Bearer tok-header' } } }, 'careless');

      // A token in the URL of a refused request: its parameter's name is logged, not its value.
      const jwt = headers.authorization.slice(7);
      const refused = await app.inject({ method: 'GET', url: `/api/auth/me?token=${jwt}&access_token=at-query&api_key=key-query&pagina=2` });
      expect(refused.statusCode).toBe(401);

      expect(captured.text).toContain('careless');
      expect(captured.text).toContain('/api/auth/me?token=[redacted]&access_token=[redacted]&api_key=[redacted]&pagina=2');
      for (const secret of [admin.password, jwt, 'pw-top', 'pw-nested', 'tok-nested', 'tok-header', 'at-query', 'key-query']) {
        expect(captured.text).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
