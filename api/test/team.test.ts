/**
 * Decision 070: the people who work a shop besides its owner. An owner invites a colleague (staff, «Operatore di
 * cassa», or co-admin) into its own shops; the one-time link (72 h, single use, only its hash stored, issued when
 * the message leaves) opens the page where the colleague chooses a password. Staff then work the counter only.
 * Real database (PGlite and PostgreSQL), real HTTP handling, the real queue and credential issuing (a fake driver
 * stands in for the e-mail provider); a controlled clock for the expiry.
 */
import { invitationTokenHash } from '../src/features/team/repository';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, login, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, createClientWithCard, createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { FakeDriver } from './helpers/messaging';

const BAR = DEMO_BUSINESSES[0].id;
const PIZZERIA = DEMO_BUSINESSES[1].id;
const PASSWORD = 'CassaNuova2026!';
type Headers = { authorization: string };

describeEachDatabase('staff, co-admins and invitations (decision 070)', (variant) => {
  let t: TestApp;
  let owner: Headers;
  let otherAdmin: Headers;
  let superAdmin: Headers;
  let ip = 0;
  let clientCardId = '';
  let now = new Date('2026-11-28T10:00:00.000Z');
  const driver = new FakeDriver();
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    await createOtherAdmin(t.app);
    clientCardId = (await createClientWithCard(t.app, BAR)).cardId;
    await t.app.db.query('UPDATE businesses SET email_enabled = 1');
    owner = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload, remoteAddress: `10.70.0.${++ip % 250}` });
  const invite = (headers: Headers, email: string, role: 'staff' | 'admin' = 'staff', businessIds: string[] = [BAR]) =>
    call('POST', '/api/team/invitations', headers, { email, full_name: `Collega ${email}`, role, business_ids: businessIds });
  /** The links the provider was handed for the address, oldest first (the worker sends what is due). */
  const links = async (email: string) => {
    await t.app.messaging.worker.drain();
    return driver.messages.filter((m) => m.recipient === email).map((m) => /\/invito\?token=([A-Za-z0-9_-]+)/.exec(m.body)![1]);
  };
  const accept = (token: string, password = PASSWORD) => call('POST', '/api/invitations/accept', undefined, { token, password });
  const userRow = async (email: string) =>
    (await t.app.db.query<{ id: string; role: string; password_hash: string | null }>('SELECT id, role, password_hash FROM users WHERE email = $1', [email])).rows[0];
  const invitations = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_invitations')).rows[0].n;

  it('invites a colleague as staff: one service e-mail whose link is issued at send time; only its hash is stored, the log shows •••', async () => {
    const email = 'cassa.uno@test.it';
    const response = await invite(owner, email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Invito inviato',
      member: { email, role: 'staff', status: 'invited', businesses: [{ business_id: BAR, role: 'staff' }], invitation_expires_at: '2026-12-01T10:00:00.000Z' },
    });
    expect(await userRow(email)).toMatchObject({ role: 'staff', password_hash: null });
    const jobs = await t.app.db.query<{ body: string; channel: string; business_id: string }>('SELECT body, channel, business_id FROM messaging_jobs WHERE recipient = $1', [email]);
    expect(jobs.rows).toEqual([{ body: expect.stringContaining('/invito?token=•••'), channel: 'email', business_id: BAR }]);
    expect(jobs.rows[0].body).toContain('sei stato invitato come Operatore di cassa');
    const [token] = await links(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM user_invitations WHERE user_id = $1', [(await userRow(email)).id]);
    expect(stored.rows).toEqual([{ token_hash: invitationTokenHash(token) }]);
    expect((await t.app.db.query('SELECT 1 FROM messaging_jobs WHERE body LIKE $1', [`%${token}%`])).rows).toEqual([]);

    // The owner's team shows the invitation; another owner's does not.
    expect((await call('GET', '/api/team', owner)).json()).toContainEqual(expect.objectContaining({ email, status: 'invited' }));
    expect((await call('GET', '/api/team', otherAdmin)).json()).toEqual([]);
  });

  it('accepts once: the colleague chooses a password and is logged in; the link never works again', async () => {
    const email = 'cassa.due@test.it';
    await invite(owner, email);
    const [token] = await links(email);
    const before = await invitations();
    for (const [password, status, error] of [
      ['corta', 400, 'La nuova password deve contenere almeno 8 caratteri'],
    ] as const) {
      expect([(await accept(token, password)).statusCode, (await accept(token, password)).json()]).toEqual([status, { error }]);
    }
    expect([(await accept('falsificato' + token)).statusCode, (await accept('x'.repeat(43))).json()]).toEqual([
      400,
      { error: 'Link di invito non valido: chiedi a chi ti ha invitato di inviarlo di nuovo.' },
    ]);
    expect(await invitations()).toBe(before);
    expect((await userRow(email)).password_hash).toBeNull();

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body).toMatchObject({ message: 'Password impostata: benvenuto!', user: { email, role: 'staff', memberships: [{ business_id: BAR, role: 'staff' }] } });
    const me = await call('GET', '/api/auth/me', { authorization: `Bearer ${body.token}` });
    expect(me.json()).toMatchObject({ email, role: 'staff', memberships: [{ business_id: BAR, role: 'staff' }] });
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);

    const again = await accept(token, 'AltraPassword2026!');
    expect([again.statusCode, again.json()]).toEqual([400, { error: 'Link di invito non valido: chiedi a chi ti ha invitato di inviarlo di nuovo.' }]);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
    expect((await call('GET', '/api/team', owner)).json()).toContainEqual(expect.objectContaining({ email, status: 'active', invitation_expires_at: null }));
  });

  it('staff work the counter of their shop only: cards, points, rewards; never exports, campaigns, settings, users or another shop', async () => {
    const email = 'cassa.tre@test.it';
    await invite(owner, email);
    const [token] = await links(email);
    const staff = { authorization: `Bearer ${(await accept(token)).json().token}` };
    expect((await call('GET', '/api/business', staff)).json().map((b: { id: string }) => b.id)).toEqual([BAR]);
    const page = await call('GET', `/api/loyalty-cards/business/${BAR}?limit=500`, staff);
    expect(page.statusCode).toBe(200);
    const cardId = clientCardId;
    expect(page.json().items.map((c: { id: string }) => c.id)).toContain(cardId);
    expect((await call('POST', `/api/loyalty-cards/${cardId}/points`, staff, { points: 30, description: 'Caffè' })).statusCode).toBe(200);
    expect((await call('GET', `/api/loyalty-cards/${cardId}/ledger`, staff)).statusCode).toBe(200);
    const reward = await t.app.repos.rewards.create(BAR, { name: 'Cornetto', cost: 10, description: null, active: true, valid_from: null, valid_until: null, stock: null });
    expect((await call('GET', `/api/loyalty-cards/${cardId}/rewards`, staff)).json().rewards).toContainEqual(expect.objectContaining({ id: reward.id, affordable: true }));
    const redeemed = await call('POST', `/api/loyalty-cards/${cardId}/redeem`, staff, { reward_id: reward.id });
    expect(redeemed.statusCode).toBe(200);

    for (const [method, url, payload] of [
      ['GET', `/api/loyalty-cards/business/${BAR}/export.csv`, undefined],
      ['GET', `/api/loyalty-cards/business/${BAR}/ledger.csv`, undefined],
      ['POST', '/api/campaigns', { businessId: BAR, name: 'Non mia' }],
      ['PUT', `/api/settings/${BAR}`, { phone: '+39 02 1111' }],
      ['POST', '/api/rewards', { businessId: BAR, name: 'Mio', cost: 1 }],
      ['DELETE', `/api/loyalty-cards/${cardId}`, undefined],
      ['POST', `/api/loyalty-cards/${cardId}/points`, { points: -5, description: 'Tolgo' }],
      ['POST', '/api/team/invitations', { email: 'amico@test.it', full_name: 'Amico', role: 'admin', business_ids: [BAR] }],
      ['POST', '/api/users', { email: 'cliente.cassa@test.it', full_name: 'Cliente', business_id: BAR }],
    ] as const) {
      const response = await call(method, url, staff, payload);
      expect([url, response.statusCode, response.json()]).toEqual([url, 403, { error: 'Accesso negato' }]);
    }
    expect((await call('GET', `/api/loyalty-cards/business/${OTHER_BUSINESS_ID}?limit=5`, staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/loyalty-cards/business/${PIZZERIA}`, staff)).statusCode).toBe(404);
  });

  it('«Invia di nuovo» issues a new link and the old one stops working; «Annulla invito» removes the invitee', async () => {
    const email = 'cassa.quattro@test.it';
    await invite(owner, email);
    const { id } = await userRow(email);
    const [first] = await links(email);
    expect((await call('POST', `/api/team/invitations/${id}/resend`, otherAdmin)).statusCode).toBe(404);
    const resent = await call('POST', `/api/team/invitations/${id}/resend`, owner);
    expect([resent.statusCode, resent.json()]).toEqual([200, { message: 'Invito inviato di nuovo: il link precedente non vale più.' }]);
    const [, second] = await links(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await userRow(email)).password_hash).toBeNull();

    expect((await call('DELETE', `/api/team/invitations/${id}`, otherAdmin)).statusCode).toBe(404);
    const cancelled = await call('DELETE', `/api/team/invitations/${id}`, owner);
    expect([cancelled.statusCode, cancelled.json()]).toEqual([200, { message: 'Invito annullato' }]);
    expect(await userRow(email)).toBeUndefined();
    expect((await accept(second)).statusCode).toBe(400);
    // An accepted invitation cannot be cancelled or resent (the person is a colleague now).
    const active = await userRow('cassa.due@test.it');
    expect((await call('DELETE', `/api/team/invitations/${active.id}`, owner)).statusCode).toBe(404);
    expect((await call('POST', `/api/team/invitations/${active.id}/resend`, owner)).statusCode).toBe(404);

    // Decision 078: the invitation's life is in the audit the super admin reads; the refused calls left nothing.
    const log = (await call('GET', '/api/accounts/audit', superAdmin)).json() as { action: string; target_id: string; target_email: string; actor_email: string; detail: string | null }[];
    expect(log.filter((e) => e.target_id === id).reverse()).toEqual([
      expect.objectContaining({ action: 'invited', target_email: email, actor_email: demoAccount('admin').email, detail: 'Operatore di cassa' }),
      expect.objectContaining({ action: 'invitation_resent', target_email: email, actor_email: demoAccount('admin').email }),
      expect.objectContaining({ action: 'invitation_cancelled', target_email: email, actor_email: demoAccount('admin').email }),
    ]);
  });

  it('a link expires after 72 hours: Italian message, nothing changed', async () => {
    const email = 'cassa.cinque@test.it';
    await invite(owner, email);
    const [token] = await links(email);
    const start = now;
    try {
      now = new Date(start.getTime() + 72 * 3_600_000 + 1000);
      const late = await accept(token);
      expect([late.statusCode, late.json()]).toEqual([410, { error: 'Questo link di invito è scaduto o è già stato usato: chiedi a chi ti ha invitato di inviarlo di nuovo.' }]);
      expect((await userRow(email)).password_hash).toBeNull();
      expect((await call('GET', '/api/team', owner)).json()).toContainEqual(expect.objectContaining({ email, status: 'expired' }));
    } finally {
      now = start;
    }
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('invites by WhatsApp where the shop sends it (decision 078): a phone is required, a channel the shop does not send is refused, «Invia di nuovo» keeps the channel', async () => {
    await t.app.db.query('UPDATE businesses SET whatsapp_enabled = 1, sms_enabled = 0 WHERE id = $1', [BAR]);
    const before = await invitations();
    const byWhatsapp = (email: string, extra: object) =>
      call('POST', '/api/team/invitations', owner, { email, full_name: 'Collega WhatsApp', role: 'staff', business_ids: [BAR], ...extra });
    const noPhone = await byWhatsapp('whatsapp.senza@test.it', { channel: 'whatsapp' });
    expect([noPhone.statusCode, noPhone.json()]).toEqual([400, { error: 'Per un invito via WhatsApp o SMS serve il numero di telefono del collega' }]);
    const bySms = await byWhatsapp('sms.spento@test.it', { channel: 'sms', phone: '333 765 4321' });
    expect(bySms.statusCode).toBe(409);
    expect(bySms.json().error).toMatch(/^Il negozio non può ancora inviare messaggi SMS di servizio/);
    expect(await invitations()).toBe(before);
    expect(await userRow('sms.spento@test.it')).toBeUndefined();

    const email = 'whatsapp.cassa@test.it';
    const sent = await byWhatsapp(email, { channel: 'whatsapp', phone: '333 765 4321' });
    expect(sent.statusCode).toBe(201);
    const jobs = await t.app.db.query<{ channel: string; recipient: string; body: string }>(
      "SELECT channel, recipient, body FROM messaging_jobs WHERE idempotency_key LIKE 'staff-invitation:%' AND recipient = '+393337654321'",
    );
    expect(jobs.rows).toEqual([{ channel: 'whatsapp', recipient: '+393337654321', body: expect.stringContaining('/invito?token=•••') }]);
    const { id } = await userRow(email);
    await t.app.messaging.worker.drain();
    expect((await call('POST', `/api/team/invitations/${id}/resend`, owner)).statusCode).toBe(200);
    await t.app.messaging.worker.drain();
    const tokens = driver.messages.filter((m) => m.recipient.endsWith('+393337654321')).map((m) => /\/invito\?token=([A-Za-z0-9_-]+)/.exec(m.body)![1]);
    expect(tokens).toHaveLength(2);
    expect(driver.messages.filter((m) => m.recipient === email)).toEqual([]);
    expect((await accept(tokens[0])).statusCode).toBe(400);
    expect((await accept(tokens[1])).statusCode).toBe(200);
  });

  it('refuses: an address with an account (the same words for any account), another owner’s shop, no shop', async () => {
    const before = await invitations();
    for (const email of [CLIENT.email, OTHER_ADMIN.email, 'cassa.due@test.it']) {
      const response = await invite(owner, email);
      expect([response.statusCode, response.json()]).toEqual([409, { error: 'Questo indirizzo email ha già un account: non può ricevere un invito.' }]);
    }
    const foreign = await invite(owner, 'intruso@test.it', 'staff', [BAR, OTHER_BUSINESS_ID]);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    const none = await invite(owner, 'nessuno@test.it', 'staff', []);
    expect([none.statusCode, none.json()]).toEqual([400, { error: 'Scegli almeno un negozio' }]);
    expect(await userRow('intruso@test.it')).toBeUndefined();
    expect(await invitations()).toBe(before);
  });

  it('a co-admin invited by the owner manages that shop like the owner, and no other', async () => {
    const email = 'socio@test.it';
    expect((await invite(owner, email, 'admin', [PIZZERIA])).statusCode).toBe(201);
    const [token] = await links(email);
    const coAdmin = { authorization: `Bearer ${(await accept(token)).json().token}` };
    expect((await call('GET', '/api/business', coAdmin)).json().map((b: { id: string }) => b.id)).toEqual([PIZZERIA]);
    expect((await call('GET', `/api/settings/${PIZZERIA}`, coAdmin)).statusCode).toBe(200);
    expect((await call('GET', `/api/loyalty-cards/business/${PIZZERIA}/export.csv`, coAdmin)).statusCode).toBe(200);
    expect((await call('GET', `/api/settings/${BAR}`, coAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/loyalty-cards/business/${BAR}/stats`, coAdmin)).statusCode).toBe(404);
    // The super admin invites into any shop.
    expect((await invite(superAdmin, 'cassa.altrove@test.it', 'staff', [OTHER_BUSINESS_ID])).statusCode).toBe(201);
  });
});
