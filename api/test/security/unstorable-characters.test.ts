/**
 * Text PostgreSQL cannot store. U+0000 is refused in `text` and `jsonb` (before the fix:
 * a 500 from the database on every route that passed it on); a UTF-16 surrogate without its pair has no
 * UTF-8 form, and both drivers silently stored U+FFFD instead. Every string of params, querystring and
 * body is checked once, before any handler runs: 400 naming the field by its Italian label, nothing
 * written.
 */
import { API_SECURITY_HEADERS } from '../../src/plugins/security';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { demoRows } from '../helpers/fixtures';
import { tableDigest } from '../helpers/table-digest';

const BAR = DEMO_BUSINESSES[0].id;
const NUL = '\u0000';

type Caller = 'admin' | 'super_admin' | 'anonymous';
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  caller?: Caller;
  /** The field the answer must name. */
  field: string;
}

describeEachDatabase('characters the database cannot store', (variant) => {
  let t: TestApp;
  const headers: Record<Caller, Record<string, string>> = { admin: {}, super_admin: {}, anonymous: {} };
  let ids: Awaited<ReturnType<typeof demoRows>>;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    for (const role of ['admin', 'super_admin'] as const) headers[role] = await authHeader(t.app, demoAccount(role).email, demoAccount(role).password);
    ids = await demoRows(t.app, BAR);
  });
  afterAll(() => t.close());

  const send = ({ method, url, payload, caller = 'admin' }: Omit<Case, 'field'>) =>
    t.app.inject({ method, url, headers: headers[caller], ...(payload ? { payload } : {}) });

  /** One case per write route (a request valid but for the one bad string) and per text query parameter. */
  const cases = (): Case[] => [
    { method: 'POST', url: '/api/auth/login', payload: { email: `admin@demo.it${NUL}`, password: 'x' }, caller: 'anonymous', field: 'email' },
    { method: 'PUT', url: '/api/auth/change-password', payload: { currentPassword: 'Admin2026!', newPassword: `Nuova${NUL}Password` }, field: 'nuova password' },
    { method: 'POST', url: '/api/business', payload: { name: `a${NUL}b` }, field: 'nome' },
    { method: 'POST', url: `/api/loyalty-cards/${ids.cardId}/points`, payload: { points: 5, description: `Acquisto${NUL}` }, field: 'descrizione' },
    { method: 'DELETE', url: '/api/loyalty-cards/%00', field: 'identificativo' },
    { method: 'POST', url: '/api/campaigns', payload: { businessId: BAR, name: `Saldi${NUL}` }, field: 'nome' },
    { method: 'DELETE', url: `/api/campaigns/${ids.campaignId}%00`, field: 'identificativo' },
    { method: 'PUT', url: `/api/twilio/settings/${BAR}%00`, payload: { emailSender: 'a@b.it' }, field: 'azienda' },
    { method: 'POST', url: '/api/twilio/test-connection', payload: { businessId: `${BAR}${NUL}`, service: 'sms', testRecipient: '+393331234567' }, field: 'azienda' },
    { method: 'POST', url: '/api/twilio/inbound/%00', payload: { From: '+393331234567', Body: 'STOP' }, caller: 'anonymous', field: 'azienda' },
    { method: 'POST', url: `/api/twilio/status/${BAR}`, payload: { MessageSid: `SM${NUL}`, MessageStatus: 'delivered' }, caller: 'anonymous', field: 'Message SID' },
    // An extra parameter (a webhook keeps them all) is not named as sent, even one every object has as a property.
    { method: 'POST', url: `/api/twilio/status/${BAR}`, payload: { MessageSid: 'SM1', MessageStatus: 'sent', constructor: NUL }, caller: 'anonymous', field: 'parametro aggiuntivo' },
    { method: 'POST', url: `/api/twilio/status/${BAR}`, payload: { MessageSid: 'SM1', MessageStatus: 'sent', [`Num${NUL}Media`]: '0' }, caller: 'anonymous', field: 'parametro aggiuntivo' },
    { method: 'POST', url: `/api/campaigns/%00${ids.campaignId}/send`, payload: { service: 'whatsapp', message: 'Ciao' }, field: 'identificativo' },
    { method: 'POST', url: `/api/loyalty-cards/${ids.cardId}/send-whatsapp`, payload: { message: `Ciao${NUL}` }, field: 'messaggio' },
    { method: 'POST', url: '/api/users', payload: { email: 'nuovo@test.it', full_name: `Nuovo${NUL}`, role: 'client', business_id: BAR }, field: 'nome completo' },
    {
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      payload: { email: 'adesione@test.it', full_name: 'Anna', phone: `333${NUL}`, business_id: BAR, privacy_ack: true },
      caller: 'anonymous',
      field: 'numero di telefono',
    },
    { method: 'POST', url: '/api/qrcode/scan', payload: { card_id: `${ids.cardId}${NUL}`, user_id: ids.userId, points: 5 }, field: 'carta' },
    { method: 'PUT', url: `/api/settings/${BAR}`, payload: { address: `Via Roma${NUL}1` }, field: 'indirizzo' },
    { method: 'GET', url: `/api/loyalty-cards/business/${BAR}?q=%00`, field: 'ricerca' },
    { method: 'GET', url: `/api/loyalty-cards/business/${BAR}?limit=10&q=Ros%00si`, field: 'ricerca' },
    { method: 'GET', url: '/api/users?business_id=%00', field: 'azienda' },
    { method: 'GET', url: '/api/twilio/settings?businessId=%00', field: 'azienda' },
    { method: 'GET', url: '/api/outbox?businessId=%00', caller: 'super_admin', field: 'azienda' },
    { method: 'GET', url: '/api/outbox?campaignId=%00', caller: 'super_admin', field: 'campagna' },
    { method: 'GET', url: '/api/business/%00', caller: 'anonymous', field: 'identificativo' },
    { method: 'GET', url: '/api/business/admins/%00/businesses', caller: 'super_admin', field: 'admin' },
  ];

  it('refuses U+0000 on every write route and text query parameter with a 400 naming the field, writing nothing', async () => {
    const before = await tableDigest(t.app.db);
    const answers = [];
    for (const c of cases()) {
      const response = await send(c);
      answers.push([`${c.method} ${c.url}`, response.statusCode, response.json()]);
    }
    expect(answers).toEqual(cases().map((c) => [`${c.method} ${c.url}`, 400, { error: `Campo "${c.field}" contiene caratteri non validi` }]));
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it('refuses a lone UTF-16 surrogate instead of storing U+FFFD', async () => {
    const before = await tableDigest(t.app.db);
    for (const name of ['a\ud800b', 'a\udc00', '\udbff', 'b\ud83c']) {
      const response = await send({ method: 'POST', url: '/api/business', payload: { name } });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Campo "nome" contiene caratteri non validi' }]);
    }
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it('names a nested field by its label and position, also inside recipients sent as a JSON string', async () => {
    const before = await tableDigest(t.app.db);
    const recipients = [{ customer_phone: '+393331234567' }, { customer_phone: `+39333${NUL}` }];
    for (const payload of [
      { businessId: BAR, name: 'Saldi', recipients },
      { businessId: BAR, name: 'Saldi', recipients: JSON.stringify(recipients) },
    ]) {
      const response = await send({ method: 'POST', url: '/api/campaigns', payload });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Campo "numero di telefono del destinatario 2" contiene caratteri non validi' }]);
    }
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it('answers a path the router cannot decode (an encoded lone surrogate, a stray %) or a parameter too long for it in Italian, with the usual headers', async () => {
    const before = await tableDigest(t.app.db);
    for (const [url, status, error] of [
      ['/api/loyalty-cards/%ED%A0%80', 400, 'Indirizzo della richiesta non valido'],
      [`/api/loyalty-cards/${ids.cardId}%/points`, 400, 'Indirizzo della richiesta non valido'],
      [`/api/loyalty-cards/${'x'.repeat(101)}`, 414, 'Indirizzo della richiesta troppo lungo'],
    ] as const) {
      const response = await send({ method: url.endsWith('/points') ? 'POST' : 'DELETE', url, payload: { points: 1, description: 'x' } });
      expect([response.statusCode, response.json()]).toEqual([status, { error }]);
      expect(response.headers).toMatchObject({ ...API_SECURITY_HEADERS, 'x-request-id': expect.any(String) });
    }
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it('still stores text outside the Basic Multilingual Plane (a surrogate pair) and other control characters as they are', async () => {
    const name = 'Pizzeria 🍕 𝔅ella\ttab\u0001';
    const response = await send({ method: 'POST', url: '/api/business', payload: { name } });
    expect([response.statusCode, response.json().name]).toEqual([201, name]);
    const { rows } = await t.app.db.query<{ name: string }>('SELECT name FROM businesses WHERE id = $1', [response.json().id]);
    expect(rows[0].name).toBe(name);
  });
});
