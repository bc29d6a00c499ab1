/**
 * Decision 024: every way a phone number enters the API checks it with libphonenumber (region
 * Italy) and keeps it in E.164; one that is not a number is refused with 'Numero di telefono non valido'
 * and nothing is written (table digest before and after).
 */
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { isItalianError } from './helpers/italian-errors';
import { createCard, waitFor } from './helpers/messaging';
import { tableDigest } from './helpers/table-digest';

const BAR = DEMO_BUSINESSES[0].id;
const INVALID = 'Numero di telefono non valido';

describeEachDatabase('phone numbers in E.164 at every entry', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
  });
  afterAll(() => t.close());

  let ip = 0;
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown, headers: object = admin) =>
    t.app.inject({ method, url, payload: payload as object, headers: headers as Record<string, string>, remoteAddress: `10.1.0.${++ip}` });

  /** The request is refused with `error` and no table changes. */
  async function expectRefused(method: 'POST' | 'PUT', url: string, payload: unknown, error: string, headers: object = admin) {
    // The worker first sends what earlier tests queued (a signup's welcome, decision 051), so that the digest
    // compares only what the refused request did.
    await waitFor(async () => (await t.app.db.query("SELECT 1 FROM messaging_jobs WHERE status IN ('queued', 'sending') LIMIT 1")).rows.length === 0);
    const before = await tableDigest(t.app.db);
    const response = await call(method, url, payload, headers);
    expect([response.statusCode, response.json()]).toEqual([400, { error }]);
    expect(isItalianError(error)).toBe(true);
    expect(await tableDigest(t.app.db)).toEqual(before);
  }

  describe('public signup', () => {
    const signup = { full_name: 'Numero Nazionale', role: 'client', business_id: BAR, privacy_ack: true };

    it.each([
      ['333 123 4567', '+393331234567'],
      ['0039 333 123 4568', '+393331234568'],
      ['+39 (333) 123-4569', '+393331234569'],
      ['02 1234 5678', '+390212345678'],
      ['+44 20 7946 0958', '+442079460958'],
    ])('stores %s as %s on the card and the account', async (written, e164) => {
      const email = `signup.${e164.slice(1)}@test.it`;
      const response = await call('POST', '/api/users/loyalty-cards/create', { ...signup, email, phone: written }, {});
      expect(response.statusCode).toBe(200);
      const { rows } = await t.app.db.query('SELECT c.customer_phone, u.phone FROM loyalty_cards c JOIN users u ON u.id = c.user_id WHERE c.id = $1', [response.json().id]);
      expect(rows[0]).toEqual({ customer_phone: e164, phone: e164 });
    });

    // Not numbers, numbers too short or too long, and valid numbers with words or an extension around them.
    it.each(['abc', '333 12', '1234567', '+39 333', '333 123 4567 8901 2345', '333 1234567 casa', 'tel: 333 1234567', '333 1234567 int. 12'])('refuses %j and writes nothing', async (phone) => {
      await expectRefused('POST', '/api/users/loyalty-cards/create', { ...signup, email: 'mai.scritto@test.it', phone }, INVALID, {});
    });

    it("keeps the specification's message for a missing number", async () => {
      for (const phone of [undefined, '', '   ']) {
        await expectRefused('POST', '/api/users/loyalty-cards/create', { ...signup, email: 'mai.scritto@test.it', phone }, 'Campo "numero di telefono" obbligatorio', {});
      }
    });

    it('recognises the card holder whichever way the same number is written', async () => {
      const email = 'stesso.numero@test.it';
      const first = (await call('POST', '/api/users/loyalty-cards/create', { ...signup, email, phone: '+39 333 5550001' }, {})).json();
      const again = await call('POST', '/api/users/loyalty-cards/create', { ...signup, email, phone: '0039 3335550001' }, {});
      expect(again.json()).toEqual(first);
    });
  });

  describe('users', () => {
    it('stores and answers the phone of a new client in E.164', async () => {
      const response = await call('POST', '/api/users', { email: 'nuovo.e164@test.it', full_name: 'Nuovo', role: 'client', phone: '347 765 4321', business_id: BAR });
      expect(response.statusCode).toBe(201);
      expect(response.json().phone).toBe('+393477654321');
      const { rows } = await t.app.db.query('SELECT u.phone, c.customer_phone FROM users u JOIN loyalty_cards c ON c.user_id = u.id WHERE u.email = $1', ['nuovo.e164@test.it']);
      expect(rows[0]).toEqual({ phone: '+393477654321', customer_phone: '+393477654321' });
    });

    it('leaves the phone out when none is given, and refuses one that is not a number', async () => {
      const response = await call('POST', '/api/users', { email: 'senza.telefono@test.it', full_name: 'Senza', role: 'client', phone: '', business_id: BAR });
      expect([response.statusCode, response.json().phone]).toEqual([201, null]);
      await expectRefused('POST', '/api/users', { email: 'mai.creato@test.it', full_name: 'Mai', role: 'client', phone: 'abc', business_id: BAR }, INVALID);
    });
  });

  describe("a business's phone", () => {
    it('is stored in E.164 on creation and on edit, and refused when not a number', async () => {
      const created = await call('POST', '/api/business', { name: 'Negozio E164', phone: '011 234 5678' });
      expect([created.statusCode, created.json().phone]).toEqual([201, '+390112345678']);
      const id = created.json().id as string;
      const edited = await call('PUT', `/api/settings/${id}`, { phone: '06 1234 5678' });
      expect([edited.statusCode, edited.json().phone]).toEqual([200, '+390612345678']);
      await expectRefused('POST', '/api/business', { name: 'Mai creato', phone: 'abc' }, INVALID);
      await expectRefused('PUT', `/api/settings/${id}`, { phone: 'abc' }, INVALID);
      const cleared = await call('PUT', `/api/settings/${id}`, { phone: '' });
      expect(cleared.json().phone).toBeNull();
    });
  });

  describe('campaign recipients', () => {
    const campaign = (recipients: unknown) => ({ businessId: BAR, name: 'Numeri', channels: ['sms'], recipients });

    it('stores every phone in E.164, the older `customerphone` alias and a JSON string included', async () => {
      const response = await call(
        'POST',
        '/api/campaigns',
        campaign(JSON.stringify([{ customer_phone: '333 100 0001', email: null }, { customerphone: '0039 333 100 0002' }, { email: 'solo@test.it' }])),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().recipients).toEqual([
        { customer_phone: '+393331000001', email: null },
        { customer_phone: '+393331000002', email: null },
        { customer_phone: null, email: 'solo@test.it' },
      ]);
      const { rows } = await t.app.db.query<{ recipients: unknown }>('SELECT recipients FROM campaigns WHERE id = $1', [response.json().id]);
      expect(rows[0].recipients).toEqual(response.json().recipients);
    });

    it('refuses a list with one bad number, naming it, and saves nothing', async () => {
      await expectRefused(
        'POST',
        '/api/campaigns',
        campaign([{ customer_phone: '333 100 0001' }, { customerphone: 'abc' }, { customer_phone: '+393331000003' }]),
        'Numero di telefono non valido: destinatario 2 (abc)',
      );
      await expectRefused(
        'POST',
        '/api/campaigns',
        campaign([{ customer_phone: '12' }, { customer_phone: '333 100 0001' }, { customer_phone: 'abc' }, { customer_phone: 'x;y' }]),
        'Numero di telefono non valido: destinatario 1 (12) e altri 2',
      );
      await expectRefused('POST', '/api/campaigns', campaign([{ customer_phone: '333' }, { customer_phone: '444' }]), 'Numero di telefono non valido: destinatario 1 (333) e un altro');
    });
  });

  describe('Easy SMS (WhatsApp to a card)', () => {
    it('sends to the E.164 number, and refuses a legacy number that is not valid', async () => {
      const good = await createCard(t.app, BAR, { name: 'Buono', phone: '+393336660001', consent: true });
      const sent = await call('POST', `/api/loyalty-cards/${good}/send-whatsapp`, { message: 'Ciao' });
      expect([sent.statusCode, sent.json().queued]).toEqual([200, 1]);
      expect((await t.app.db.query('SELECT recipient FROM messaging_jobs WHERE card_id = $1', [good])).rows).toEqual([{ recipient: '+393336660001' }]);
      // The worker sends it now (outbox driver): wait, so that the digest below sees only the refused request.
      await waitFor(async () => (await t.app.db.query("SELECT 1 FROM messaging_jobs WHERE card_id = $1 AND status = 'sent'", [good])).rows.length === 1);

      // Stored before numbers were checked and kept as written by migration 011.
      const legacy = await createCard(t.app, BAR, { name: 'Vecchio', phone: '333 66', consent: true });
      await expectRefused('POST', `/api/loyalty-cards/${legacy}/send-whatsapp`, { message: 'Ciao' }, INVALID);
    });
  });
});
