/**
 * The real drivers through the routes and the worker: Twilio through the SDK against a local stand-in of its
 * REST API, e-mail through a real SMTP server process. Nothing here replaces a driver.
 */
import twilio from 'twilio';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createCampaign } from './helpers/messaging';
import { startSmtpServer, type SmtpServerProcess } from './helpers/smtp-server';
import { startTwilioStandIn, twilioError, type TwilioStandIn } from './helpers/twilio-standin';

const PROFUMERIA = 'demo-profumeria-bella';
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f00dbabe0123456789abcdef5a5a9f3a';
const PUBLIC_URL = 'https://fidelity.example.it';

describeEachDatabase('real drivers through the routes and the worker', (variant) => {
  let t: TestApp;
  let twilioApi: TwilioStandIn;
  let smtp: SmtpServerProcess;
  let admin: { authorization: string };

  beforeAll(async () => {
    [twilioApi, smtp] = await Promise.all([startTwilioStandIn(), startSmtpServer()]);
    t = await startTestApp(
      variant,
      { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url, worker: { enabled: false } } },
      { twilioHttpClient: twilioApi.httpClient({ timeoutMs: 500 }) },
    );
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    const put = (payload: object, headers: object) => t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${PROFUMERIA}`, headers: headers as Record<string, string>, payload });
    expect((await put({ accountSid: SID, authToken: TOKEN, phoneNumber: '+390212345678', emailSender: 'info@profumeria.example.it' }, admin)).statusCode).toBe(200);
    expect((await put({ driver: 'twilio' }, superAdmin)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([twilioApi.close(), smtp.stop()]);
  });
  beforeEach(() => {
    twilioApi.requests.length = 0;
    twilioApi.respond(null);
  });

  const testConnection = (payload: object) => t.app.inject({ method: 'POST', url: '/api/twilio/test-connection', headers: admin, payload: { businessId: PROFUMERIA, ...payload } });

  describe('connection test', () => {
    it('checks the Twilio account, then sends the test message', async () => {
      const response = await testConnection({ service: 'sms', testRecipient: '+393331234567' });
      expect([response.statusCode, response.json()]).toEqual([200, expect.objectContaining({ message: 'Test di connessione SMS completato con successo', queued: 1, mode: 'live' })]);
      expect(twilioApi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/2010-04-01/Accounts/${SID}.json`, `POST /api/2010-04-01/Accounts/${SID}/Messages.json`]);
      expect(twilioApi.requests[1].form).toMatchObject({ To: '+393331234567', From: '+390212345678' });
    });

    it('reports the provider error in Italian and sends nothing when the credentials are refused', async () => {
      twilioApi.respond(() => twilioError(401, 20003, 'Authenticate'));
      const response = await testConnection({ service: 'whatsapp', testRecipient: '+393331234567' });
      expect([response.statusCode, response.json()]).toEqual([
        502,
        { error: 'Errore durante il test di connessione: Credenziali Twilio non valide: controlla Account SID e Auth Token (Twilio 20003)' },
      ]);
      expect(twilioApi.requests.every((r) => r.method === 'GET')).toBe(true);
    });

    it('logs in to the SMTP server and sends the test e-mail', async () => {
      const response = await testConnection({ service: 'email', testRecipient: 'prova@example.it' });
      expect([response.statusCode, response.json()]).toEqual([200, expect.objectContaining({ message: 'Test di connessione EMAIL completato con successo', mode: 'live' })]);
      expect(smtp.received.at(-1)).toMatchObject({ from: 'info@profumeria.example.it', to: ['prova@example.it'] });
    });
  });

  describe('campaign through the worker', () => {
    it('stores the Italian reason of a permanent failure, retries a 5xx, and shows delivered from the status callbacks', async () => {
      const id = await createCampaign(t.app, PROFUMERIA, [{ customer_phone: '+393330001001' }, { customer_phone: '+393330001002' }, { customer_phone: '+393330001003' }]);
      twilioApi.respond((request) => {
        if (request.form.To === '+393330001002') return twilioError(400, 21211, "The 'To' number is not a valid phone number.");
        if (request.form.To === '+393330001003') return twilioError(503, null, 'Service Unavailable');
        return null;
      });
      const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: admin, payload: { service: 'sms', message: 'Saldi!' } });
      expect(sent.json()).toMatchObject({ message: '3 messaggi messi in coda', queued: 3, mode: 'live' });
      expect(await t.app.messaging.worker.drain()).toBe(3);

      const { rows } = await t.app.db.query<{ recipient: string; status: string; last_error: string | null; provider_message_id: string | null }>(
        'SELECT recipient, status, last_error, provider_message_id FROM messaging_jobs WHERE campaign_id = $1 ORDER BY recipient',
        [id],
      );
      expect(rows.map(({ recipient, status, last_error }) => ({ recipient, status, last_error }))).toEqual([
        { recipient: '+393330001001', status: 'sent', last_error: null },
        { recipient: '+393330001002', status: 'failed', last_error: 'Numero del destinatario non valido (Twilio 21211)' },
        { recipient: '+393330001003', status: 'queued', last_error: 'Twilio non disponibile al momento (errore 503): nuovo tentativo più tardi' },
      ]);
      const deliveries = async () => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/deliveries`, headers: admin })).json();
      expect(await deliveries()).toEqual({
        campaignId: id,
        total: 3,
        queued: 1,
        sent: 1,
        delivered: 0,
        failed: 1,
        skipped: 0,
        failureReasons: [{ reason: 'Numero del destinatario non valido (Twilio 21211)', count: 1 }],
      });

      const status = (params: Record<string, string>) => {
        const url = `/api/twilio/status/${PROFUMERIA}`;
        return t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${url}`, params) },
          payload: new URLSearchParams(params).toString(),
        });
      };
      expect((await status({ MessageSid: rows[0].provider_message_id!, MessageStatus: 'delivered' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({ sent: 1, delivered: 1, failed: 1 });
      expect((await status({ MessageSid: rows[0].provider_message_id!, MessageStatus: 'undelivered', ErrorCode: '30003' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({
        sent: 0,
        delivered: 0,
        failed: 2,
        failureReasons: [
          { reason: 'Destinatario non raggiungibile (telefono spento o senza campo) (Twilio 30003)', count: 1 },
          { reason: 'Numero del destinatario non valido (Twilio 21211)', count: 1 },
        ],
      });
    });
  });
});
