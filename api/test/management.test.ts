import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, createUser, demoAccount, login, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, createClientWithCard, createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';

type Account = { email: string; password: string };
const ADMIN = demoAccount('admin');
const SUPER = demoAccount('super_admin');
const BAR = DEMO_BUSINESSES[0].id;

describeEachDatabase('campaigns, businesses, settings, users, password', (variant) => {
  let t: TestApp;
  const headers = new Map<string, { authorization: string }>();
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    await createOtherAdmin(t.app);
    await createClientWithCard(t.app, DEMO_BUSINESSES[1].id);
    for (const account of [ADMIN, SUPER, OTHER_ADMIN, CLIENT]) headers.set(account.email, await authHeader(t.app, account.email, account.password));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account?: Account, payload?: unknown) =>
    t.app.inject({ method, url, headers: account ? headers.get(account.email) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async (table: string) => (await t.app.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n;

  describe('POST /api/campaigns and DELETE /api/campaigns/:id', () => {
    const valid = {
      businessId: BAR,
      name: 'Saldi di primavera',
      description: 'Sconto del 10%',
      status: 'scheduled',
      targets: ['demo-card-1-01'],
      recipients: [{ customer_phone: '+393331112222', email: 'Anna@Example.it' }, { customer_phone: '+393334445555' }],
      channels: ['whatsapp', 'sms', 'whatsapp'],
    };

    it('creates a campaign for an own business', async () => {
      const response = await call('POST', '/api/campaigns', ADMIN, { ...valid, unknown: 1 });
      expect(response.statusCode).toBe(201);
      // Name, description, status and targets as sent; the contacts normalised, the channels without repeats.
      const { businessId: _business, recipients: _recipients, channels: _channels, ...asSent } = valid;
      expect(response.json()).toEqual({
        id: expect.any(String),
        business_id: BAR,
        ...asSent,
        recipients: [
          { customer_phone: '+393331112222', email: 'anna@example.it' },
          { customer_phone: '+393334445555', email: null },
        ],
        channels: ['whatsapp', 'sms'],
        // A `recipients` list, not a segment (decision 023): the count is that list's.
        segment: null,
        recipient_count: 2,
        // No e-mail channel, so no subject (decision 074); nothing queued or scheduled yet (decision 077).
        subject: null,
        delivery: null,
        scheduled_at: null,
        created_at: expect.any(String),
      });
      const listed = (await call('GET', `/api/campaigns/business/${BAR}`, ADMIN)).json();
      expect(listed[0].id).toBe(response.json().id);
    });

    it('needs only businessId and name; accepts recipients as a JSON string', async () => {
      const minimal = await call('POST', '/api/campaigns', SUPER, { businessId: BAR, name: 'Minima' });
      expect(minimal.statusCode).toBe(201);
      expect(minimal.json()).toMatchObject({ description: '', status: 'draft', targets: [], recipients: [], channels: [] });
      const asString = await call('POST', '/api/campaigns', ADMIN, { businessId: BAR, name: 'Stringa', recipients: JSON.stringify(valid.recipients) });
      expect(asString.json().recipients).toHaveLength(2);
      const aliases = await call('POST', '/api/campaigns', ADMIN, {
        businessId: BAR,
        name: 'Alias',
        recipients: [{ customerphone: '+393330001111', customeremail: 'B@Example.it', customername: 'Bea' }],
      });
      expect(aliases.json().recipients).toEqual([{ customer_name: 'Bea', customer_phone: '+393330001111', email: 'b@example.it' }]);
    });

    it.each([
      [{ name: undefined }, 'Campo "nome" è obbligatorio'],
      [{ name: ' ' }, 'Campo "nome" è obbligatorio'],
      [{ businessId: undefined }, 'Campo "azienda" è obbligatorio'],
      [{ status: 'paused' }, 'Campo "stato" non valido'],
      [{ channels: ['fax'] }, 'Campo "canale 1" non valido'],
      [{ recipients: [{ email: 'nope' }] }, 'Campo "email del destinatario 1" non valido'],
      [{ recipients: '{not json' }, 'Campo "destinatari" non valido'],
      [{ targets: 'all' }, 'Campo "carte destinatarie" non valido'],
    ])('refuses %j with 400, writing nothing', async (change, message) => {
      const before = await count('campaigns');
      const response = await call('POST', '/api/campaigns', ADMIN, { ...valid, ...change });
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect(await count('campaigns')).toBe(before);
    });

    it('enforces ownership on create and delete', async () => {
      const before = await count('campaigns');
      expect((await call('POST', '/api/campaigns', OTHER_ADMIN, valid)).statusCode).toBe(404);
      expect((await call('POST', '/api/campaigns', CLIENT, valid)).statusCode).toBe(403);
      expect((await call('POST', '/api/campaigns', undefined, valid)).statusCode).toBe(401);
      expect(await count('campaigns')).toBe(before);
      const id = (await call('POST', '/api/campaigns', ADMIN, valid)).json().id;
      expect((await call('DELETE', `/api/campaigns/${id}`, OTHER_ADMIN)).json()).toEqual({ error: 'Campagna non trovata' });
      expect((await call('DELETE', `/api/campaigns/${id}`, CLIENT)).statusCode).toBe(403);
      const deleted = await call('DELETE', `/api/campaigns/${id}`, ADMIN);
      expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: 'Campagna eliminata' }]);
      expect((await call('DELETE', `/api/campaigns/${id}`, SUPER)).statusCode).toBe(404);
    });
  });

  describe('POST /api/business, admins', () => {
    it('creates a business owned by the admin, with services off', async () => {
      const response = await call('POST', '/api/business', OTHER_ADMIN, { name: ' Gelateria Nuova ', email: 'Info@Gelateria.it', website: '', address: 'Via Po 1' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Gelateria Nuova',
        address: 'Via Po 1',
        phone: null,
        email: 'info@gelateria.it',
        website: null,
        whatsapp_enabled: 0,
        sms_enabled: 0,
        email_enabled: 0,
        bonus_threshold: 1000,
        loyalty_mode: 'points',
        brand_color: null,
      });
      const mine = (await call('GET', '/api/business', OTHER_ADMIN)).json();
      expect(mine.map((b: { id: string }) => b.id)).toEqual([OTHER_BUSINESS_ID, response.json().id]);
      expect((await call('GET', '/api/business', ADMIN)).json().map((b: { id: string }) => b.id)).not.toContain(response.json().id);
    });

    it.each([
      [{}, 'Campo "nome" è obbligatorio'],
      [{ name: 'X', email: 'non-valida' }, 'Campo "email" non valido'],
      [{ name: 42 }, 'Campo "nome" non valido'],
    ])('refuses %j', async (payload, message) => {
      const before = await count('businesses');
      const response = await call('POST', '/api/business', ADMIN, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect(await count('businesses')).toBe(before);
    });

    it('is not for clients or anonymous callers', async () => {
      expect((await call('POST', '/api/business', CLIENT, { name: 'X' })).statusCode).toBe(403);
      expect((await call('POST', '/api/business', undefined, { name: 'X' })).statusCode).toBe(401);
    });

    it('lists admins and their businesses for the super admin only', async () => {
      const admins = await call('GET', '/api/business/admins', SUPER);
      expect(admins.statusCode).toBe(200);
      const list: { id: string; email: string; role: string; business_count: number }[] = admins.json();
      expect(list.map((a) => [a.email, a.role])).toEqual([
        ['admin@demo.it', 'admin'],
        [OTHER_ADMIN.email, 'admin'],
      ]);
      expect(list[0].business_count).toBe(2);
      const businesses = await call('GET', `/api/business/admins/${list[0].id}/businesses`, SUPER);
      expect(businesses.json().map((b: { id: string }) => b.id)).toEqual(DEMO_BUSINESSES.map((b) => b.id));
      const superId = (await call('GET', '/api/auth/me', SUPER)).json().id;
      expect((await call('GET', `/api/business/admins/${superId}/businesses`, SUPER)).json()).toEqual({ error: 'Utente non trovato' });
      for (const account of [ADMIN, CLIENT]) {
        expect((await call('GET', '/api/business/admins', account)).statusCode).toBe(403);
        expect((await call('GET', `/api/business/admins/${list[0].id}/businesses`, account)).statusCode).toBe(403);
      }
      expect((await call('GET', '/api/business/admins')).statusCode).toBe(401);
    });
  });

  describe('GET/PUT /api/settings/:businessId', () => {
    it('reads the settings of an own business', async () => {
      const response = await call('GET', `/api/settings/${BAR}`, ADMIN);
      expect(response.json()).toMatchObject({ id: BAR, name: 'Bar Centrale', whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0 });
      expect((await call('GET', `/api/settings/${BAR}`, OTHER_ADMIN)).statusCode).toBe(404);
      expect((await call('GET', `/api/settings/${BAR}`, CLIENT)).statusCode).toBe(403);
    });

    it('lets the super admin switch services (0/1)', async () => {
      const response = await call('PUT', `/api/settings/${OTHER_BUSINESS_ID}`, SUPER, { email_enabled: 1, whatsapp_enabled: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ whatsapp_enabled: 0, sms_enabled: 0, email_enabled: 1, name: 'Libreria Altrove' });
      expect((await call('GET', `/api/twilio/settings?businessId=${OTHER_BUSINESS_ID}`, OTHER_ADMIN)).json()).toMatchObject({
        whatsappEnabled: false,
        emailEnabled: true,
      });
    });

    it('lets an admin edit its business details but not the service flags', async () => {
      // The phone is saved in E.164.
      const edited = await call('PUT', `/api/settings/${OTHER_BUSINESS_ID}`, OTHER_ADMIN, { phone: '+39 06 1234', email_enabled: 1 });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ phone: '+39061234', email_enabled: 1 });
      const refused = await call('PUT', `/api/settings/${OTHER_BUSINESS_ID}`, OTHER_ADMIN, { phone: '+39 06 9999', sms_enabled: 1 });
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'Solo il super admin può abilitare o disabilitare i servizi' }]);
      expect((await call('GET', `/api/settings/${OTHER_BUSINESS_ID}`, OTHER_ADMIN)).json()).toMatchObject({ phone: '+39061234', sms_enabled: 0 });
      // A valid number: '1' is now refused (400) before the business is looked at.
      expect((await call('PUT', `/api/settings/${BAR}`, OTHER_ADMIN, { phone: '06 5555' })).statusCode).toBe(404);
    });

    it.each([
      [{ whatsapp_enabled: 2 }, 'Campo "WhatsApp attivo" non valido'],
      [{ name: '' }, 'Campo "nome" è obbligatorio'],
      [{ email: 'x' }, 'Campo "email" non valido'],
      [{ sms_enabled: '1' }, 'Campo "SMS attivo" non valido'],
    ])('refuses %j', async (payload, error) => {
      const response = await call('PUT', `/api/settings/${BAR}`, SUPER, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error }]);
    });
  });

  describe('POST /api/users', () => {
    it('lets an admin create a client of its business, with a card and its QR code', async () => {
      const before = await count('loyalty_cards');
      const response = await call('POST', '/api/users', ADMIN, { email: 'Nuovo.Cliente@Test.it', full_name: 'Nuovo Cliente', role: 'client', phone: '333 1234567', business_id: BAR });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      // The phone in E.164 ('333' was accepted before numbers were checked).
      expect(body).toMatchObject({ email: 'nuovo.cliente@test.it', role: 'client', phone: '+393331234567', business_id: BAR, card_id: expect.any(String), message: 'Utente creato con successo' });
      expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(await count('loyalty_cards')).toBe(before + 1);
      const card = (await call('GET', `/api/loyalty-cards/${body.card_id}`, ADMIN)).json();
      expect(card).toMatchObject({ user_id: body.id, customer_name: 'Nuovo Cliente', points: 0 });
    });

    it('lets the super admin create an admin with a password, who can then log in', async () => {
      const response = await call('POST', '/api/users', SUPER, { email: 'nuovo.admin@test.it', full_name: 'Nuovo Admin', role: 'admin', password: 'Password123' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ role: 'admin', card_id: null, qrCode: null });
      expect((await login(t.app, 'nuovo.admin@test.it', 'Password123')).statusCode).toBe(200);
    });

    it.each([
      [ADMIN, { email: 'a1@test.it', full_name: 'A', role: 'client' }, 400, "Seleziona un'azienda per associare il cliente"],
      [ADMIN, { email: '', full_name: 'A', business_id: BAR }, 400, 'Campi email e nome sono obbligatori'],
      [ADMIN, { email: 'a2@test.it', business_id: BAR }, 400, 'Campi email e nome sono obbligatori'],
      [ADMIN, { email: 'a3@test.it', full_name: 'A', business_id: OTHER_BUSINESS_ID }, 404, 'Azienda non trovata'],
      [ADMIN, { email: 'a4@test.it', full_name: 'A', role: 'admin', password: 'Password123' }, 403, 'Accesso negato'],
      [ADMIN, { email: 'a5@test.it', full_name: 'A', role: 'super_admin' }, 400, 'Campo "ruolo" non valido'],
      [SUPER, { email: 'a6@test.it', full_name: 'A', role: 'admin' }, 400, 'La password è obbligatoria per un nuovo admin (almeno 8 caratteri)'],
      [SUPER, { email: 'a7@test.it', full_name: 'A', role: 'admin', password: 'corta' }, 400, 'La password è obbligatoria per un nuovo admin (almeno 8 caratteri)'],
      [SUPER, { email: 'admin@demo.it', full_name: 'A', role: 'admin', password: 'Password123' }, 409, 'Esiste già un utente con questa email'],
      [CLIENT, { email: 'a8@test.it', full_name: 'A', business_id: BAR }, 403, 'Accesso negato'],
    ] as const)('refuses %#', async (account, payload, status, message) => {
      const before = [await count('users'), await count('loyalty_cards')];
      const response = await call('POST', '/api/users', account, payload);
      expect([response.statusCode, response.json()]).toEqual([status, { error: message }]);
      expect([await count('users'), await count('loyalty_cards')]).toEqual(before);
    });

    it('sends an admin who adds a colleague to the invitation (an account without a password could never log in)', async () => {
      const before = await count('users');
      const response = await call('POST', '/api/users', ADMIN, { email: 'collega@test.it', full_name: 'Collega', role: 'admin' });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Per aggiungere un collega usa «Invita un collega»: riceverà un link per scegliere la sua password.' }]);
      expect(await count('users')).toBe(before);
    });
  });

  describe('PUT /api/auth/change-password', () => {
    const account = { email: 'cambia.password@test.it', password: 'Vecchia123' };
    beforeAll(async () => {
      await createUser(t.app, { ...account, role: 'admin' });
      headers.set(account.email, await authHeader(t.app, account.email, account.password));
    });

    it.each([
      [{ currentPassword: 'Sbagliata1', newPassword: 'NuovaPassword1' }, 'La password attuale non è corretta'],
      [{ currentPassword: 'Vecchia123', newPassword: 'corta' }, 'La nuova password deve contenere almeno 8 caratteri'],
      [{ currentPassword: 'Vecchia123' }, 'Campo "nuova password" è obbligatorio'],
      [{ newPassword: 'NuovaPassword1' }, 'Campo "password attuale" è obbligatorio'],
    ])('refuses %j, keeping the old password', async (payload, message) => {
      const response = await call('PUT', '/api/auth/change-password', account, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect((await login(t.app, account.email, account.password)).statusCode).toBe(200);
    });

    it('changes the password after checking the current one', async () => {
      const response = await call('PUT', '/api/auth/change-password', account, { currentPassword: 'Vecchia123', newPassword: 'NuovaPassword1' });
      expect([response.statusCode, response.json()]).toEqual([200, { message: 'Password aggiornata con successo', token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) }]);
      expect((await login(t.app, account.email, 'Vecchia123')).statusCode).toBe(401);
      expect((await login(t.app, account.email, 'NuovaPassword1')).statusCode).toBe(200);
      expect((await call('PUT', '/api/auth/change-password', undefined, { currentPassword: 'a', newPassword: 'bbbbbbbb' })).statusCode).toBe(401);
    });
  });
});
