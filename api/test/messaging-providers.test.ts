/**
 * The real drivers through the routes and the worker: Twilio through the SDK against a local stand-in of its
 * REST API, e-mail through a real SMTP server process. Nothing here replaces a driver.
 */
import twilio from 'twilio';
import { RECEIPT_WAIT_MINUTES } from '../src/features/messaging/repository';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { consentingCards, createCampaign, waitFor } from './helpers/messaging';
import { startSmtpServer, type SmtpServerProcess } from './helpers/smtp-server';
import { startTwilioStandIn, twilioDefaults, twilioError, type TwilioStandIn } from './helpers/twilio-standin';

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
      // On the real clock at any hour of CI's day: the campaigns' hold by the quiet hours is quiet-hours.test.ts's (decision 082).
      { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url, quietHours: false, worker: { enabled: false } } },
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
      expect([response.statusCode, response.json()]).toEqual([
        200,
        expect.objectContaining({ message: 'Test di connessione SMS completato con successo. La connessione SMS funziona.', queued: 1, mode: 'live' }),
      ]);
      expect(twilioApi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/2010-04-01/Accounts/${SID}.json`, `POST /api/2010-04-01/Accounts/${SID}/Messages.json`]);
      expect(twilioApi.requests[1].form).toMatchObject({ To: '+393331234567', From: '+390212345678', Body: 'Messaggio di prova da Profumeria Bella. La connessione SMS funziona.' });
      // The outbox's log says what the dialog says (decision 080).
      const { rows } = await t.app.db.query(`SELECT body FROM outbox_messages WHERE business_id = $1 AND channel = 'sms' ORDER BY id DESC LIMIT 1`, [PROFUMERIA]);
      expect(rows).toEqual([{ body: 'Messaggio di prova da Profumeria Bella. La connessione SMS funziona.' }]);
    });

    it('reports the provider error in Italian and sends nothing when the credentials are refused', async () => {
      twilioApi.respond(() => twilioError(401, 20003, 'Authenticate'));
      const response = await testConnection({ service: 'whatsapp', testRecipient: '+393331234567' });
      expect([response.statusCode, response.json()]).toEqual([
        502,
        { error: 'Errore durante il test di connessione: Credenziali Twilio non valide: controlla Account SID e Auth Token (Twilio 20003)' },
      ]);
      expect(twilioApi.requests.every((r) => r.method === 'GET')).toBe(true);
      const { rows } = await t.app.db.query(`SELECT body, status FROM outbox_messages WHERE business_id = $1 AND channel = 'whatsapp' ORDER BY id DESC LIMIT 1`, [PROFUMERIA]);
      expect(rows).toEqual([
        {
          body: 'Messaggio di prova da Profumeria Bella. Errore durante il test di connessione: Credenziali Twilio non valide: controlla Account SID e Auth Token (Twilio 20003)',
          status: 'failed',
        },
      ]);
    });

    it('logs in to the SMTP server and sends the test e-mail', async () => {
      const before = smtp.received.length;
      const response = await testConnection({ service: 'email', testRecipient: 'prova@example.it' });
      expect([response.statusCode, response.json()]).toEqual([200, expect.objectContaining({ message: 'Test di connessione Email completato con successo. La connessione Email funziona.', mode: 'live' })]);
      // The server process reports what it accepted on its standard output, which this process may read a moment
      // after the API's answer (a loaded CI machine did).
      await waitFor(async () => smtp.received.length > before, 5_000);
      expect(smtp.received.at(-1)).toMatchObject({ from: 'info@profumeria.example.it', to: ['prova@example.it'] });
    });
  });

  describe('campaign through the worker', () => {
    /** Twilio's status callback for a message, signed with the business's auth token. */
    const status = (params: Record<string, string>) => {
      const url = `/api/twilio/status/${PROFUMERIA}`;
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${url}`, params) },
        payload: new URLSearchParams(params).toString(),
      });
    };

    it('stores the Italian reason of a permanent failure, retries a 5xx, and shows delivered from the status callbacks', async () => {
      const id = await createCampaign(t.app, PROFUMERIA, [{ customer_phone: '+393330001001' }, { customer_phone: '+393330001002' }, { customer_phone: '+393330001003' }]);
      await consentingCards(t.app, PROFUMERIA, ['+393330001001', '+393330001002', '+393330001003'], ['sms']);
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
        // Accepted by Twilio ('queued'): its status callback is still to come.
        awaitingReceipts: 1,
        failureReasons: [{ reason: 'Numero del destinatario non valido (Twilio 21211)', count: 1 }],
        // The 503's retry waits for its backoff, not for the sending window: no hold to tell (decision 100).
        heldUntil: null,
      });

      expect((await status({ MessageSid: rows[0].provider_message_id!, MessageStatus: 'delivered' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({ sent: 1, delivered: 1, failed: 1, awaitingReceipts: 0 });
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

    it('counts the messages awaiting Twilio\'s receipt until a status callback, the time limit or no PUBLIC_URL ends the wait', async () => {
      const phones = ['+393330002001', '+393330002002', '+393330002003', '+393330002004'];
      const id = await createCampaign(t.app, PROFUMERIA, phones.map((customer_phone) => ({ customer_phone })));
      await consentingCards(t.app, PROFUMERIA, phones, ['whatsapp']);
      // A SID of its own per message (the stand-in's default one only tells numbers apart by length).
      const sidOf = (phone: string) => `SM${'f'.repeat(19)}${phone.slice(1)}`;
      twilioApi.respond((request) => {
        const answer = twilioDefaults(request);
        return request.method === 'POST' ? { ...answer, body: { ...answer.body, sid: sidOf(request.form.To.replace('whatsapp:', '')) } } : answer;
      });
      const sent = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: admin, payload: { service: 'whatsapp', message: 'Novità in negozio' } });
      expect(sent.json()).toMatchObject({ queued: 4, mode: 'live' });
      const deliveries = async () => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/deliveries`, headers: admin })).json();
      expect(await deliveries()).toMatchObject({ queued: 4, sent: 0, awaitingReceipts: 0 });
      expect(await t.app.messaging.worker.drain()).toBe(4);
      expect(await deliveries()).toMatchObject({ queued: 0, sent: 4, delivered: 0, failed: 0, awaitingReceipts: 4 });

      // 'sent' (handed to the operator) is not a receipt: still awaited.
      expect((await status({ MessageSid: sidOf(phones[0]), MessageStatus: 'sent' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({ awaitingReceipts: 4 });
      expect((await status({ MessageSid: sidOf(phones[0]), MessageStatus: 'delivered' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({ sent: 4, delivered: 1, awaitingReceipts: 3 });
      expect((await status({ MessageSid: sidOf(phones[1]), MessageStatus: 'read' })).statusCode).toBe(204);
      expect((await status({ MessageSid: sidOf(phones[2]), MessageStatus: 'undelivered', ErrorCode: '63016' })).statusCode).toBe(204);
      expect(await deliveries()).toMatchObject({
        sent: 3,
        delivered: 2,
        failed: 1,
        awaitingReceipts: 1,
        failureReasons: [{ reason: 'Fuori dalla finestra di 24 ore di WhatsApp: serve un modello approvato (Twilio 63016)', count: 1 }],
      });

      // Without PUBLIC_URL Twilio is given no status callback: nothing is awaited.
      const publicUrl = t.app.messaging.config.publicUrl;
      t.app.messaging.config.publicUrl = null;
      try {
        expect(await deliveries()).toMatchObject({ sent: 3, awaitingReceipts: 0 });
      } finally {
        t.app.messaging.config.publicUrl = publicUrl;
      }
      expect(await deliveries()).toMatchObject({ awaitingReceipts: 1 });

      // An operator that never reports: after RECEIPT_WAIT_MINUTES the message is no longer awaited.
      await t.app.db.query(`UPDATE outbox_messages SET created_at = now() - interval '${RECEIPT_WAIT_MINUTES + 1} minutes' WHERE provider_message_id = $1`, [sidOf(phones[3])]);
      expect(await deliveries()).toMatchObject({ queued: 0, sent: 3, delivered: 2, failed: 1, awaitingReceipts: 0 });
    });
  });
});
