/**
 * Decision 078: an open dashboard's session-events stream, over a real HTTP server on PGlite and PostgreSQL. A
 * session ended elsewhere (the user disabled by their owner) reaches the open stream as `event: ended` within a
 * second; another user's change does not end it; an ended session gets 401; a closing API ends its streams.
 */
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const SHOP = 'test-negozio-eventi';

describeEachDatabase('session events (decision 078)', (variant) => {
  let t: TestApp;
  let base = '';
  let owner: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    const created = await createUser(t.app, { email: 'titolare.eventi@test.it', password: 'Titolare2026!', role: 'admin', full_name: 'Titolare Eventi' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, created_at) VALUES ($1, 'Negozio Eventi', $2, now())`, [SHOP, created.id]);
    owner = await authHeader(t.app, 'titolare.eventi@test.it', 'Titolare2026!');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const colleague = async (email: string) => {
    const user = await createUser(t.app, { email, password: 'Collega2026!', role: 'staff', full_name: `Collega ${email}`, business_id: SHOP });
    await t.app.db.query(`INSERT INTO business_members (business_id, user_id, role) VALUES ($1, $2, 'staff')`, [SHOP, user.id]);
    return { ...user, headers: await authHeader(t.app, email, 'Collega2026!') };
  };

  /** Opens the stream and collects its text; `until` resolves with the text once it holds `ended` or closes. */
  async function openStream(headers: { authorization: string }) {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/auth/session-events`, { headers, signal: controller.signal });
    let text = '';
    let closed = false;
    const reading = (async () => {
      if (!response.body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body) text += decoder.decode(chunk as Uint8Array, { stream: true });
      } catch {
        // aborted by the test
      }
      closed = true;
    })();
    return { response, controller, reading, text: () => text, closed: () => closed };
  }

  const until = async (condition: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return condition();
  };

  it('tells an open page at once that its session ended (disabled by the owner), and then closes', async () => {
    const staff = await colleague('cassa.eventi@test.it');
    const stream = await openStream(staff.headers);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(await until(() => stream.text().includes('event: open'), 2000)).toBe(true);

    const started = Date.now();
    const disabled = await t.app.inject({ method: 'POST', url: `/api/accounts/${staff.id}/disable`, headers: owner });
    expect(disabled.statusCode).toBe(200);
    expect(await until(() => stream.closed(), 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stream.text()).toContain('event: ended');

    // The ended session cannot open another stream.
    const again = await fetch(`${base}/api/auth/session-events`, { headers: staff.headers });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: expect.any(String) });
  });

  it('keeps the stream of a user whose session still holds when someone else is changed', async () => {
    const kept = await colleague('cassa.resta@test.it');
    const other = await colleague('cassa.altra@test.it');
    const stream = await openStream(kept.headers);
    expect(await until(() => stream.text().includes('event: open'), 2000)).toBe(true);
    await t.app.inject({ method: 'POST', url: `/api/accounts/${other.id}/disable`, headers: owner });
    // A change that forgets the kept user without ending their session (the cache is emptied): checked, kept.
    t.app.sessions.forgetUser(kept.id);
    expect(await until(() => stream.closed(), 500)).toBe(false);
    expect(stream.text()).not.toContain('event: ended');
    stream.controller.abort();
    await stream.reading;
  });

  it('refuses an anonymous caller', async () => {
    const response = await fetch(`${base}/api/auth/session-events`);
    expect(response.status).toBe(401);
    const superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    const open = await openStream(superAdmin);
    expect(open.response.status).toBe(200);
    open.controller.abort();
    await open.reading;
  });
});
