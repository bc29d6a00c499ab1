/**
 * The platform's messaging account (decision 086) through the routes and the worker, against real protocol peers:
 * Twilio's official SDK talks to a local stand-in of its REST API, e-mail goes to real SMTP server processes (one
 * the deployment's SMTP_URL, one the platform's) and `mailparser` reads what arrived. A shop with no provider of
 * its own sends through the platform's account under its own name; a shop with its own credentials uses them;
 * the secrets never come back; the monthly usage is what the message log holds.
 */
import { simpleParser } from 'mailparser';
import twilio from 'twilio';
import { alphanumericSenderId } from '../src/features/messaging/platform-account';
import { monthAndPrevious, romeMonth } from '../src/features/messaging/usage';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { consentingCards, createCampaign, waitFor } from './helpers/messaging';
import { startSmtpServer, type SmtpServerProcess } from './helpers/smtp-server';
import { startTwilioStandIn, type TwilioStandIn } from './helpers/twilio-standin';

const PROFUMERIA = 'demo-profumeria-bella';
const ALTROVE = OTHER_BUSINESS_ID;
const SHOP_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const SHOP_TOKEN = 'f00dbabe0123456789abcdef5a5a9f3a';
const PLATFORM_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const PLATFORM_TOKEN = 'c0ffee00112233445566778899aabbcc';
const PLATFORM_SMTP_PASS = 'segreto-piattaforma-7319';
const PUBLIC_URL = 'https://fidelity.example.it';

describe('alphanumericSenderId', () => {
  it('keeps letters, digits and spaces, drops accents, cuts at 11 and needs a letter', () => {
    expect(alphanumericSenderId('Libreria Altrove')).toBe('Libreria Al');
    expect(alphanumericSenderId('Caffè dell’Università')).toBe('Caffe dellU');
    expect(alphanumericSenderId('Bar 2000')).toBe('Bar 2000');
    expect(alphanumericSenderId('1234 €')).toBeNull();
  });
});

describeEachDatabase('the platform messaging account', (variant) => {
  let t: TestApp;
  let twilioApi: TwilioStandIn;
  let shopSmtp: SmtpServerProcess;
  let platformSmtp: SmtpServerProcess;
  let superAdmin: { authorization: string };
  let admin: { authorization: string };
  let otherAdmin: { authorization: string };

  beforeAll(async () => {
    [twilioApi, shopSmtp, platformSmtp] = await Promise.all([startTwilioStandIn(), startSmtpServer(), startSmtpServer('piattaforma', PLATFORM_SMTP_PASS)]);
    t = await startTestApp(
      variant,
      // On the real clock at any hour of CI's day: the hold by the quiet hours is quiet-hours.test.ts's (decision 082).
      { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, smtpUrl: shopSmtp.url, quietHours: false, worker: { enabled: false } } },
      { twilioHttpClient: twilioApi.httpClient({ timeoutMs: 500 }) },
    );
    await createOtherAdmin(t.app);
    // A shop with no messaging settings at all, every channel on, with its own e-mail for the replies.
    await t.app.db.query(`UPDATE businesses SET sms_enabled = 1, email_enabled = 1, email = 'info@libreria-altrove.example.it' WHERE id = $1`, [ALTROVE]);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    // Profumeria Bella has its own Twilio account and its own sender on the deployment's SMTP server.
    const put = (payload: object, headers: object) => t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${PROFUMERIA}`, headers: headers as Record<string, string>, payload });
    expect((await put({ accountSid: SHOP_SID, authToken: SHOP_TOKEN, phoneNumber: '+390212345678', emailSender: 'info@profumeria.example.it' }, admin)).statusCode).toBe(200);
    expect((await put({ driver: 'twilio' }, superAdmin)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([twilioApi.close(), shopSmtp.stop(), platformSmtp.stop()]);
  });

  const account = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
    t.app.inject({ method, url: '/api/platform/messaging-account', headers: superAdmin, ...(payload ? { payload } : {}) });
  const platformRow = async () => (await t.app.db.query('SELECT * FROM platform_settings')).rows[0] as Record<string, unknown>;

  /** A campaign of `businessId` to these contacts, sent on `service` by `headers` and handed to the worker. */
  async function sendCampaign(businessId: string, headers: object, service: 'sms' | 'email' | 'whatsapp', contacts: string[]) {
    const id = await createCampaign(t.app, businessId, contacts.map((c) => (service === 'email' ? { email: c } : { customer_phone: c })));
    await consentingCards(t.app, businessId, contacts, [service]);
    const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: headers as Record<string, string>, payload: { service, message: 'Novità in negozio' } });
    expect(sent.statusCode).toBe(200);
    await t.app.messaging.worker.drain();
    return { id, answer: sent.json() as { queued: number; mode: string } };
  }

  it('refuses a half-made or malformed account with an Italian error naming the field, and changes nothing', async () => {
    const before = await platformRow();
    const cases: [object, string][] = [
      [{ twilioAccountSid: 'AC123' }, 'Campo "Account SID della piattaforma" non valido: deve essere AC seguito da 32 caratteri esadecimali'],
      [{ twilioSmsFrom: '12' }, 'Campo "numero mittente SMS della piattaforma" non valido: usa il formato internazionale E.164, es. +393331234567'],
      [{ smtpPort: 70000 }, 'Campo "porta SMTP della piattaforma" non valido: un numero da 1 a 65535'],
      [{ emailFrom: 'Piattaforma <x@y.it>' }, 'Campo "indirizzo mittente email della piattaforma" non valido: inserisci solo l’indirizzo (il nome è quello di ogni negozio)'],
      [{ smtpUrl: 'http://x' }, 'Campo "URL SMTP della piattaforma" non valido: deve essere smtp://utente:password@server:porta (o smtps://)'],
      [{ twilioAccountSid: PLATFORM_SID, twilioSmsFrom: '+390299999999' }, 'Account Twilio della piattaforma incompleto: servono Account SID e Auth Token insieme'],
      [{ twilioAccountSid: PLATFORM_SID, twilioAuthToken: PLATFORM_TOKEN }, 'Account Twilio della piattaforma: indica il numero mittente degli SMS, quello WhatsApp o il mittente col nome del negozio'],
      [{ smtpHost: 'smtp.example.it' }, 'Server email della piattaforma incompleto: servono il server SMTP e l’indirizzo mittente insieme'],
    ];
    for (const [payload, error] of cases) {
      const response = await account('PUT', payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error }]);
    }
    expect(await platformRow()).toEqual(before);
    expect((await account('GET')).json()).toMatchObject({ twilioAccountSid: '', twilioAuthToken: '', smtpHost: '', channels: { whatsapp: false, sms: false, email: false } });
  });

  it('saves the account with its secrets encrypted and never answers them', async () => {
    const saved = await account('PUT', {
      twilioAccountSid: PLATFORM_SID,
      twilioAuthToken: PLATFORM_TOKEN,
      twilioSmsFrom: '+390299999999',
      smsShopNameSender: true,
      twilioWhatsappFrom: '+390288888888',
      smtpUrl: platformSmtp.url,
      emailFrom: 'Messaggi@Piattaforma.example.it',
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      twilioAccountSid: PLATFORM_SID,
      twilioAuthToken: '••••bbcc',
      twilioSmsFrom: '+390299999999',
      smsShopNameSender: true,
      twilioWhatsappFrom: '+390288888888',
      smtpHost: '127.0.0.1',
      smtpPort: platformSmtp.port,
      smtpSecure: false,
      smtpUser: 'piattaforma',
      smtpPassword: '••••7319',
      emailFrom: 'messaggi@piattaforma.example.it',
      channels: { whatsapp: true, sms: true, email: true },
    };
    expect(saved.json()).toEqual({ message: 'Account di messaggistica della piattaforma salvato', account: { ...expected, updatedAt: expect.any(String) } });
    const read = await account('GET');
    expect(read.json()).toEqual({ ...expected, updatedAt: expect.any(String) });
    // Sending the masked values back keeps the stored secrets.
    expect((await account('PUT', { twilioAuthToken: '••••bbcc', smtpPassword: '••••7319' })).statusCode).toBe(200);
    for (const body of [saved.body, read.body, (await account('GET')).body]) {
      expect(body).not.toContain(PLATFORM_TOKEN);
      expect(body).not.toContain(PLATFORM_SMTP_PASS);
    }
    const row = await platformRow();
    expect(JSON.stringify(row)).not.toContain(PLATFORM_TOKEN);
    expect(JSON.stringify(row)).not.toContain(PLATFORM_SMTP_PASS);
    expect(row.twilio_auth_token_encrypted).toMatch(/^v1:/);
    // A shop's settings screen never shows the platform's account.
    const shop = await t.app.inject({ method: 'GET', url: `/api/twilio/settings?businessId=${ALTROVE}`, headers: otherAdmin });
    expect(shop.json()).toMatchObject({ accountSid: '', authToken: '' });
    expect(shop.body).not.toContain(PLATFORM_SID);
  });

  it('sends for a shop without a provider through the platform account under the shop’s name, and the shop’s own account wins', async () => {
    twilioApi.requests.length = 0;
    const platformMailsBefore = platformSmtp.received.length;
    const shopMailsBefore = shopSmtp.received.length;

    const sms = await sendCampaign(ALTROVE, otherAdmin, 'sms', ['+393330005001', '+393330005002']);
    expect(sms.answer).toMatchObject({ queued: 2, mode: 'live' });
    const mail = await sendCampaign(ALTROVE, otherAdmin, 'email', ['lettore@example.it']);
    expect(mail.answer).toMatchObject({ queued: 1, mode: 'live' });
    const whatsapp = await sendCampaign(ALTROVE, otherAdmin, 'whatsapp', ['+393330005009']);
    expect(whatsapp.answer).toMatchObject({ queued: 1, mode: 'live' });
    const ownSms = await sendCampaign(PROFUMERIA, admin, 'sms', ['+393330005003']);
    expect(ownSms.answer).toMatchObject({ queued: 1, mode: 'live' });
    const ownMail = await sendCampaign(PROFUMERIA, admin, 'email', ['cliente@example.it']);

    const posts = twilioApi.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => ({ path: r.path, user: r.username, password: r.password, from: r.form.From, to: r.form.To }))).toEqual(
      expect.arrayContaining([
        // The platform's account, with the shop's name as the alphanumeric sender.
        { path: `/api/2010-04-01/Accounts/${PLATFORM_SID}/Messages.json`, user: PLATFORM_SID, password: PLATFORM_TOKEN, from: 'Libreria Al', to: '+393330005001' },
        { path: `/api/2010-04-01/Accounts/${PLATFORM_SID}/Messages.json`, user: PLATFORM_SID, password: PLATFORM_TOKEN, from: 'Libreria Al', to: '+393330005002' },
        // WhatsApp from the platform's WhatsApp number (its display name is the WhatsApp profile's).
        { path: `/api/2010-04-01/Accounts/${PLATFORM_SID}/Messages.json`, user: PLATFORM_SID, password: PLATFORM_TOKEN, from: 'whatsapp:+390288888888', to: 'whatsapp:+393330005009' },
        // The shop's own account and number.
        { path: `/api/2010-04-01/Accounts/${SHOP_SID}/Messages.json`, user: SHOP_SID, password: SHOP_TOKEN, from: '+390212345678', to: '+393330005003' },
      ]),
    );
    expect(posts).toHaveLength(4);
    expect(posts.every((r) => r.form.StatusCallback?.startsWith(`${PUBLIC_URL}/api/twilio/status/`))).toBe(true);

    await waitFor(async () => platformSmtp.received.length > platformMailsBefore && shopSmtp.received.length > shopMailsBefore, 5_000);
    const [platformMail] = platformSmtp.received.slice(platformMailsBefore);
    expect(platformMail).toMatchObject({ user: 'piattaforma', from: 'messaggi@piattaforma.example.it', to: ['lettore@example.it'] });
    const parsed = await simpleParser(platformMail.data);
    expect(parsed.from?.value).toEqual([{ name: 'Libreria Altrove', address: 'messaggi@piattaforma.example.it' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'info@libreria-altrove.example.it' }]);
    const [shopMail] = shopSmtp.received.slice(shopMailsBefore);
    expect(shopMail).toMatchObject({ user: 'negozio', from: 'info@profumeria.example.it', to: ['cliente@example.it'] });
    expect(platformSmtp.received.slice(platformMailsBefore)).toHaveLength(1);

    // Each message's row says which account sent it.
    const { rows } = await t.app.db.query<{ campaign_id: string; driver: string; account: string; status: string }>(
      'SELECT campaign_id, driver, account, status FROM outbox_messages WHERE campaign_id = ANY($1::text[]) ORDER BY campaign_id, id',
      [[sms.id, mail.id, ownSms.id, ownMail.id]],
    );
    const byCampaign = (id: string) => rows.filter((r) => r.campaign_id === id).map(({ driver, account, status }) => ({ driver, account, status }));
    expect(byCampaign(sms.id)).toEqual([
      { driver: 'twilio', account: 'platform', status: 'queued' },
      { driver: 'twilio', account: 'platform', status: 'queued' },
    ]);
    expect(byCampaign(mail.id)).toEqual([{ driver: 'smtp', account: 'platform', status: 'sent' }]);
    expect(byCampaign(ownSms.id)).toEqual([{ driver: 'twilio', account: 'shop', status: 'queued' }]);
    expect(byCampaign(ownMail.id)).toEqual([{ driver: 'smtp', account: 'shop', status: 'sent' }]);

    // Twilio's status callback of a message the platform sent is signed with the platform's token.
    const sid = (await t.app.db.query<{ provider_message_id: string }>('SELECT provider_message_id FROM outbox_messages WHERE campaign_id = $1 LIMIT 1', [sms.id])).rows[0]
      .provider_message_id;
    const url = `/api/twilio/status/${ALTROVE}`;
    const params = { MessageSid: sid, MessageStatus: 'delivered' };
    const status = (token: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, `${PUBLIC_URL}${url}`, params) },
        payload: new URLSearchParams(params).toString(),
      });
    expect((await status('0'.repeat(32))).statusCode).toBe(403);
    expect((await status(PLATFORM_TOKEN)).statusCode).toBe(204);
  });

  it('counts each shop’s messages per month and channel from the log, for the shop and for the super admin', async () => {
    // The month the messages were logged in, read from their rows (never from the hour the test runs at).
    const { rows } = await t.app.db.query<{ created_at: Date }>(`SELECT created_at FROM outbox_messages WHERE business_id = $1 AND account IS NOT NULL LIMIT 1`, [ALTROVE]);
    const month = romeMonth(new Date(rows[0].created_at));
    const [, previous] = monthAndPrevious(month);
    const zero = (m: string) => ({ month: m, whatsapp: 0, sms: 0, email: 0, total: 0, platform: 0 });
    const altrove = [{ month, whatsapp: 1, sms: 2, email: 1, total: 4, platform: 4 }, zero(previous)];

    const own = await t.app.inject({ method: 'GET', url: `/api/messaging/usage?businessId=${ALTROVE}&month=${month}`, headers: otherAdmin });
    expect(own.json()).toEqual({ businessId: ALTROVE, months: altrove });
    // What the log holds, counted another way: the rows a provider took, by channel.
    const { rows: logged } = await t.app.db.query<{ channel: string; n: number }>(
      `SELECT channel, count(*)::int AS n FROM outbox_messages WHERE business_id = $1 AND account IS NOT NULL AND status <> 'failed' GROUP BY channel ORDER BY channel`,
      [ALTROVE],
    );
    expect(logged).toEqual([{ channel: 'email', n: 1 }, { channel: 'sms', n: 2 }, { channel: 'whatsapp', n: 1 }]);
    // Another shop's admin is told the shop does not exist; a bad month names the field.
    expect((await t.app.inject({ method: 'GET', url: `/api/messaging/usage?businessId=${PROFUMERIA}&month=${month}`, headers: otherAdmin })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `/api/messaging/usage?businessId=${ALTROVE}&month=2026-13`, headers: otherAdmin });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'Campo "mese" non valido: usa il formato AAAA-MM, es. 2026-11' }]);

    const all = await t.app.inject({ method: 'GET', url: `/api/platform/messaging-usage?month=${month}`, headers: superAdmin });
    expect(all.statusCode).toBe(200);
    const table = all.json() as { months: string[]; shops: { businessId: string; name: string; months: unknown[] }[] };
    expect(table.months).toEqual([month, previous]);
    expect(table.shops.find((s) => s.businessId === ALTROVE)).toEqual({ businessId: ALTROVE, name: 'Libreria Altrove', months: altrove });
    // Profumeria Bella's own account: counted, none of it the platform's (its connection-free demo rows are test mode).
    expect(table.shops.find((s) => s.businessId === PROFUMERIA)?.months[0]).toEqual({ month, whatsapp: 0, sms: 1, email: 1, total: 2, platform: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/messaging-usage', headers: admin })).statusCode).toBe(403);
  });

  it('takes a STOP to the platform’s number for every shop that wrote from it, signed with the platform’s token only', async () => {
    const url = '/api/twilio/inbound';
    const reply = (token: string, from: string, body = 'STOP') => {
      const params = { From: from, Body: body };
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, `${PUBLIC_URL}${url}`, params) },
        payload: new URLSearchParams(params).toString(),
      });
    };
    const optOuts = async () =>
      (await t.app.db.query<{ business_id: string; contact: string }>("SELECT business_id, contact FROM messaging_opt_outs WHERE contact LIKE '+3933300050%' ORDER BY business_id, contact")).rows;

    // A shop's own token (or none) does not speak for the shared number.
    expect((await reply(SHOP_TOKEN, '+393330005001')).statusCode).toBe(403);
    expect(await optOuts()).toEqual([]);
    // Libreria Altrove wrote to +39 333 000 5001 from the platform's number; Profumeria Bella wrote to 5003 from its own.
    const stop = await reply(PLATFORM_TOKEN, '+393330005001');
    expect([stop.statusCode, stop.headers['content-type']]).toEqual([200, 'text/xml']);
    expect((await reply(PLATFORM_TOKEN, '+393330005003')).statusCode).toBe(200);
    expect(await optOuts()).toEqual([{ business_id: ALTROVE, contact: '+393330005001' }]);
    // The withdrawal is on the card's consent history, from the reply.
    const { rows: events } = await t.app.db.query<{ source: string }>(
      `SELECT e.source FROM consent_events e JOIN loyalty_cards c ON c.id = e.card_id
        WHERE c.business_id = $1 AND c.customer_phone = '+393330005001' AND e.channel = 'sms' AND e.granted = false`,
      [ALTROVE],
    );
    expect(events.map((e) => e.source)).toEqual(['stop_reply']);
    // The next campaign skips the contact: nothing goes to Twilio.
    twilioApi.requests.length = 0;
    const { answer } = await sendCampaign(ALTROVE, otherAdmin, 'sms', ['+393330005001']);
    expect(answer).toMatchObject({ queued: 0 });
    expect(twilioApi.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // START takes the contact off the shop's STOP list again.
    expect((await reply(PLATFORM_TOKEN, 'whatsapp:+393330005009', 'STOP')).statusCode).toBe(200);
    expect((await optOuts()).map((o) => o.contact)).toEqual(['+393330005001', '+393330005009']);
    expect((await reply(PLATFORM_TOKEN, 'whatsapp:+393330005009', 'START')).statusCode).toBe(200);
    expect((await optOuts()).map((o) => o.contact)).toEqual(['+393330005001']);
  });

  it('clears the account: a shop without a provider is back in test mode and nothing more is counted', async () => {
    const cleared = await account('DELETE');
    expect(cleared.json()).toMatchObject({
      message: 'Account di messaggistica della piattaforma rimosso: i negozi senza un fornitore proprio tornano in modalità di prova',
      account: { twilioAccountSid: '', twilioAuthToken: '', smtpHost: '', smtpPassword: '', channels: { whatsapp: false, sms: false, email: false } },
    });
    const row = await platformRow();
    expect([row.twilio_auth_token_encrypted, row.smtp_password_encrypted]).toEqual([null, null]);
    twilioApi.requests.length = 0;
    const { id, answer } = await sendCampaign(ALTROVE, otherAdmin, 'sms', ['+393330005004']);
    expect(answer).toMatchObject({ queued: 1, mode: 'test' });
    expect(twilioApi.requests).toEqual([]);
    const { rows } = await t.app.db.query('SELECT driver, account FROM outbox_messages WHERE campaign_id = $1', [id]);
    expect(rows).toEqual([{ driver: 'outbox', account: null }]);
    const usage = await t.app.inject({ method: 'GET', url: `/api/messaging/usage?businessId=${ALTROVE}`, headers: otherAdmin });
    expect((usage.json() as { months: { total: number }[] }).months.reduce((sum, m) => sum + m.total, 0)).toBe(4);
  });
});
