import { SignJWT } from 'jose';
import { authHeader, createUser, demoAccount, login, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const INVALID = { error: 'Credenziali non valide.' };
const LOCKED = { error: 'Troppi tentativi. Riprova tra 5 minuti.' };
const MINUTE = 60_000;

const secretKey = new TextEncoder().encode(TEST_JWT_SECRET);

function craftToken(options: { secret?: Uint8Array; alg?: string; expiresAt?: number; sub: string }) {
  return new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(options.sub)
    .setIssuer('loyalty-api')
    .setAudience('loyalty-dashboard')
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
    .sign(options.secret ?? secretKey);
}

describeEachDatabase('auth', (variant) => {
  let t: TestApp;
  let now: Date;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    now = new Date();
    t = await startTestApp(variant, { seedDemo: true }, { clock: () => now });
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    const admin = demoAccount('admin');

    it('answers a token and the user for the right password', async () => {
      const response = await login(t.app, admin.email, admin.password);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toEqual({
        id: expect.any(String),
        email: 'admin@demo.it',
        full_name: 'Marco Bianchi',
        role: 'admin',
        phone: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        business_id: 'default-business-id',
        // Decision 070: the shops worked in without owning them (none for an owner).
        memberships: [],
      });
    });

    it('ignores case and surrounding spaces in the e-mail', async () => {
      expect((await login(t.app, '  ADMIN@Demo.it ', admin.password)).statusCode).toBe(200);
    });

    it('answers 401 "Credenziali non valide." for a wrong password, an unknown e-mail or a client without password', async () => {
      await createUser(t.app, { email: 'senza.password@test.it', role: 'client' });
      for (const [email, password] of [
        [admin.email, 'wrong-password'],
        ['nobody@test.it', admin.password],
        ['senza.password@test.it', 'anything'],
      ]) {
        const response = await login(t.app, email, password);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(INVALID);
      }
    });

    it.each([
      [{ password: 'x' }, 'Campo "email" è obbligatorio'],
      [{ email: '   ', password: 'x' }, 'Campo "email" è obbligatorio'],
      [{ email: 'a@b.it' }, 'Campo "password" è obbligatorio'],
      [{ email: 'a@b.it', password: '' }, 'Campo "password" è obbligatorio'],
      [{ email: 42, password: 'x' }, 'Campo "email" non valido'],
      [{}, 'Campo "email" è obbligatorio; Campo "password" è obbligatorio'],
    ])('answers 400 for %j', async (payload, error) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('answers 400 for a missing or broken body', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'Corpo della richiesta mancante' });
      const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ error: 'Il corpo della richiesta non è un JSON valido' });
    });
  });

  describe('lockout after 3 failures', () => {
    const password = 'Blocco2026!';

    it('locks an account for 5 minutes after 3 wrong passwords, even for the right one', async () => {
      await createUser(t.app, { email: 'lock@test.it', role: 'admin', password });
      for (let i = 0; i < 3; i += 1) expect((await login(t.app, 'lock@test.it', 'wrong')).json()).toEqual(INVALID);

      const locked = await login(t.app, 'lock@test.it', password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(LOCKED);

      advance(4 * MINUTE);
      expect((await login(t.app, 'LOCK@test.it', password)).statusCode).toBe(429);
      advance(MINUTE + 1000);
      expect((await login(t.app, 'lock@test.it', password)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail exactly the same way', async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await login(t.app, 'ghost@test.it', 'whatever');
        answers.push([response.statusCode, response.json()]);
      }
      expect(answers).toEqual([[401, INVALID], [401, INVALID], [401, INVALID], [429, LOCKED]]);
    });

    it('starts counting again after a successful login', async () => {
      await createUser(t.app, { email: 'reset@test.it', role: 'admin', password });
      for (let i = 0; i < 2; i += 1) await login(t.app, 'reset@test.it', 'wrong');
      expect((await login(t.app, 'reset@test.it', password)).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) expect((await login(t.app, 'reset@test.it', 'wrong')).statusCode).toBe(401);
      expect((await login(t.app, 'reset@test.it', password)).statusCode).toBe(200);
    });

    it('forgets failures older than 15 minutes', async () => {
      await createUser(t.app, { email: 'slow@test.it', role: 'admin', password });
      for (let i = 0; i < 2; i += 1) await login(t.app, 'slow@test.it', 'wrong');
      advance(16 * MINUTE);
      expect((await login(t.app, 'slow@test.it', 'wrong')).statusCode).toBe(401);
      expect((await login(t.app, 'slow@test.it', password)).statusCode).toBe(200);
    });

    it('keeps other accounts usable', async () => {
      for (let i = 0; i < 3; i += 1) await login(t.app, 'victim@test.it', 'wrong');
      expect((await login(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password)).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/me', () => {
    const me = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

    it('answers the user of a valid token', async () => {
      const response = await me((await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password)).authorization);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.any(String),
        email: 'superadmin@demo.it',
        full_name: 'Super Admin Demo',
        role: 'super_admin',
        phone: null,
        created_at: expect.any(String),
        business_id: null,
        memberships: [],
      });
    });

    it('answers 401 "Non autenticato" without a usable token', async () => {
      const { id } = (await t.app.repos.users.findCredentialsByEmail('admin@demo.it'))!;
      const cases = [
        undefined,
        'Bearer',
        'Bearer not-a-jwt',
        'Basic YWRtaW46cGFzcw==',
        `Bearer ${await craftToken({ sub: id, expiresAt: Math.floor(Date.now() / 1000) - 10 })}`,
        `Bearer ${await craftToken({ sub: id, secret: new TextEncoder().encode('another-secret-another-secret-123456') })}`,
        `Bearer ${await craftToken({ sub: id, alg: 'HS512' })}`,
        `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: id, role: 'admin', iss: 'loyalty-api', aud: 'loyalty-dashboard', exp: 9999999999 })).toString('base64url')}.`,
        `Bearer ${await craftToken({ sub: 'deleted-user-id' })}`,
      ];
      for (const authorization of cases) {
        const response = await me(authorization);
        expect([authorization, response.statusCode, response.json()]).toEqual([authorization, 401, { error: 'Non autenticato' }]);
      }
    });

    it('accepts a well-formed token of the right secret', async () => {
      const { id } = (await t.app.repos.users.findCredentialsByEmail('admin@demo.it'))!;
      expect((await me(`Bearer ${await craftToken({ sub: id })}`)).statusCode).toBe(200);
    });
  });
});

describeEachDatabase('login rate limit per IP', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { loginRateLimitPerMinute: 2 });
  });
  afterAll(() => t.close());

  const attempt = (forwardedFor: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `${forwardedFor}@test.it`, password: 'x' }, headers: { 'x-forwarded-for': forwardedFor } });

  it('answers 429 past the limit, counting each client IP behind the local proxy separately', async () => {
    expect((await attempt('203.0.113.1')).statusCode).toBe(401);
    expect((await attempt('203.0.113.1')).statusCode).toBe(401);
    const limited = await attempt('203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
    expect((await attempt('203.0.113.2')).statusCode).toBe(401);
  });
});
