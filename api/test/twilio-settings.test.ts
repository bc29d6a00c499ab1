/** PUT /api/twilio/settings/:businessId and POST /api/twilio/test-connection. */
import twilio from 'twilio';
import type { App } from '../src/app';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { fourSessions, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { sendAnswer, UNCHOSEN_MESSAGING_SETTINGS } from './helpers/messaging';

const BAR = 'default-business-id';
const PROFUMERIA = 'demo-profumeria-bella';
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const MG = `MG${'fedcba9876543210'.repeat(2)}`;
const TOKEN = 'f00dbabe0123456789abcdef5a5a9f3a';
const PUBLIC_URL = 'https://fidelity.example.it';

const storedRow = async (app: App, businessId: string) =>
  (await app.db.query<Record<string, string | null>>('SELECT * FROM messaging_settings WHERE business_id = $1', [businessId])).rows[0] ?? null;
const flags = async (app: App, businessId: string) =>
  (await app.db.query('SELECT whatsapp_enabled, sms_enabled, email_enabled FROM businesses WHERE id = $1', [businessId])).rows[0];

describeEachDatabase('twilio settings and connection test', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let superAdmin: { authorization: string };
  let otherAdmin: { authorization: string };
  let client: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, worker: { enabled: false } } });
    ({ admin, superAdmin, otherAdmin, client } = await fourSessions(t.app, BAR));
  });
  afterAll(() => t.close());

  const put = (businessId: string, payload: object, headers: object = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${businessId}`, headers: headers as Record<string, string>, payload });
  const testConnection = (payload: object, headers: object = admin) =>
    t.app.inject({ method: 'POST', url: '/api/twilio/test-connection', headers: headers as Record<string, string>, payload });

  describe('PUT /api/twilio/settings/:businessId', () => {
    it('saves the credentials, encrypts the token and answers it masked', async () => {
      const response = await put(PROFUMERIA, {
        accountSid: SID,
        authToken: TOKEN,
        phoneNumber: '+39 011 234 5678',
        messagingServiceSid: MG,
        emailSender: 'Ciao@ProfumeriaBella.example.it',
        whatsappEnabled: true,
        smsEnabled: true,
        emailEnabled: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Impostazioni Twilio salvate con successo',
        settings: {
          accountSid: SID,
          authToken: '••••9f3a',
          phoneNumber: '+390112345678',
          messagingServiceSid: MG,
          emailSender: 'ciao@profumeriabella.example.it',
          // Not sent: the channels stay on, the default bonus text and the widest sending window stay.
          ...UNCHOSEN_MESSAGING_SETTINGS,
        },
      });
      expect(response.body).not.toContain(TOKEN);

      const row = await storedRow(t.app, PROFUMERIA);
      expect(row).toMatchObject({ driver: null, account_sid: SID, auth_token_last4: '9f3a' });
      expect(row.auth_token_encrypted).toMatch(/^v1:/);
      expect(row.auth_token_encrypted).not.toContain(TOKEN);
      expect(t.app.messaging.secrets.decrypt(row!.auth_token_encrypted!, PROFUMERIA)).toBe(TOKEN);

      const get = await t.app.inject({ method: 'GET', url: `/api/twilio/settings?businessId=${PROFUMERIA}`, headers: admin });
      expect(get.json().authToken).toBe('••••9f3a');
      expect(get.body).not.toContain(TOKEN);
    });

    it('keeps the token when the masked value comes back or it is left out, removes it with an empty one', async () => {
      const before = await storedRow(t.app, PROFUMERIA);
      expect((await put(PROFUMERIA, { authToken: '••••9f3a', phoneNumber: '+390112345679' })).json().settings).toMatchObject({ authToken: '••••9f3a', phoneNumber: '+390112345679', accountSid: SID });
      expect((await put(PROFUMERIA, { emailSender: '' })).json().settings).toMatchObject({ authToken: '••••9f3a', emailSender: '' });
      expect((await storedRow(t.app, PROFUMERIA)).auth_token_encrypted).toBe(before.auth_token_encrypted);
      expect((await put(PROFUMERIA, { authToken: '' })).json().settings.authToken).toBe('');
      expect(await storedRow(t.app, PROFUMERIA)).toMatchObject({ auth_token_encrypted: null, auth_token_last4: null });
    });

    it('validates each field with an Italian message naming it, and writes nothing', async () => {
      const before = await storedRow(t.app, BAR);
      const cases: [object, string][] = [
        [{ accountSid: 'AC123' }, 'Campo "Account SID" non valido: deve essere AC seguito da 32 caratteri esadecimali'],
        // '02 1234' is now a valid Milan number (saved +39021234); these are not numbers at all.
        [{ phoneNumber: '333 12' }, 'Campo "numero di telefono" non valido: usa il formato internazionale E.164, es. +393331234567'],
        [{ phoneNumber: 'abc' }, 'Campo "numero di telefono" non valido: usa il formato internazionale E.164, es. +393331234567'],
        [{ messagingServiceSid: `MG${'z'.repeat(32)}` }, 'Campo "Messaging Service SID" non valido: deve essere MG seguito da 32 caratteri esadecimali'],
        [{ emailSender: 'non-una-email' }, 'Campo "mittente email" non valido: inserisci un indirizzo email, anche con il nome (Nome <indirizzo@dominio.it>)'],
        [{ whatsappEnabled: 'si' }, 'Campo "WhatsApp attivo" non valido'],
        [{ accountSid: 42 }, 'Campo "Account SID" non valido'],
        [{ authToken: 'abcd' }, 'Campo "Auth Token" non valido: il token Twilio ha 32 caratteri'],
      ];
      for (const [payload, error] of cases) {
        const response = await put(BAR, payload);
        expect([response.statusCode, response.json()]).toEqual([400, { error }]);
      }
      expect(await storedRow(t.app, BAR)).toEqual(before);
    });

    it('saves the sender number in E.164, one typed without +39 read as Italian', async () => {
      expect((await put(BAR, { phoneNumber: '02 8765 4321' })).json().settings.phoneNumber).toBe('+390287654321');
      expect((await storedRow(t.app, BAR))!.phone_number).toBe('+390287654321');
      expect((await put(BAR, { phoneNumber: '0044 20 7946 0958' })).json().settings.phoneNumber).toBe('+442079460958');
      expect((await put(BAR, { phoneNumber: '' })).json().settings.phoneNumber).toBe('');
      expect((await storedRow(t.app, BAR))!.phone_number).toBeNull();
      await put(BAR, { phoneNumber: '+390287654321' });
    });

    it('lets only a super admin change the enabled flags', async () => {
      const refused = await put(BAR, { accountSid: SID, emailEnabled: true });
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'Solo il super admin può abilitare o disabilitare i servizi' }]);
      expect(await flags(t.app, BAR)).toEqual({ whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0 });
      expect((await storedRow(t.app, BAR)).account_sid).toBeNull();

      // The settings screen sends the whole object back: unchanged flags are fine.
      expect((await put(BAR, { accountSid: SID, whatsappEnabled: true, smsEnabled: 1, emailEnabled: false })).statusCode).toBe(200);

      const changed = await put(BAR, { emailEnabled: true, smsEnabled: 0 }, superAdmin);
      expect(changed.json().settings).toMatchObject({ whatsappEnabled: true, smsEnabled: false, emailEnabled: true, accountSid: SID });
      expect(await flags(t.app, BAR)).toEqual({ whatsapp_enabled: 1, sms_enabled: 0, email_enabled: 1 });
      await put(BAR, { emailEnabled: false, smsEnabled: true }, superAdmin);
    });

    it('lets only a super admin choose the driver', async () => {
      const refused = await put(BAR, { driver: 'twilio' });
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'Solo il super admin può cambiare il driver di invio' }]);
      expect((await put(BAR, { driver: 'outbox', phoneNumber: '+390287654321' })).statusCode).toBe(200);
      expect((await put(BAR, { driver: 'smtp' }, superAdmin)).json().settings.driver).toBe('smtp');
      expect((await put(BAR, { driver: '' }, superAdmin)).json().settings.driver).toBe('');
      expect((await storedRow(t.app, BAR))!.driver).toBeNull();
      expect((await put(BAR, { driver: 'outbox' }, superAdmin)).json().settings.driver).toBe('outbox');
      expect((await put(BAR, { driver: 'fax' }, superAdmin)).json()).toEqual({ error: 'Campo "fornitore" non valido' });
    });

    it('enforces ownership', async () => {
      const foreign = await put(OTHER_BUSINESS_ID, { phoneNumber: '+390200000000' });
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
      expect((await put('no-such-business', { phoneNumber: '+390200000000' }, superAdmin)).statusCode).toBe(404);
      expect((await put(BAR, { phoneNumber: '+390200000000' }, otherAdmin)).statusCode).toBe(404);
      expect((await put(BAR, { phoneNumber: '+390200000000' }, client)).statusCode).toBe(403);
      expect((await put(BAR, { phoneNumber: '+390200000000' }, {})).statusCode).toBe(401);
      expect(await storedRow(t.app, OTHER_BUSINESS_ID)).toBeNull();
      expect((await put(OTHER_BUSINESS_ID, { phoneNumber: '+390200000000' }, otherAdmin)).statusCode).toBe(200);
    });
  });

  describe('driver of a business', () => {
    it('is the outbox unless settings or configuration ask for live delivery', async () => {
      expect((await t.app.messaging.driverFor(BAR, 'sms')).name).toBe('outbox');
      // Profumeria has settings without a driver: the configuration's default (outbox here).
      expect((await t.app.messaging.driverFor(PROFUMERIA, 'whatsapp')).name).toBe('outbox');
      await put(PROFUMERIA, { accountSid: SID, authToken: TOKEN, phoneNumber: '+390112345678' });
      await put(PROFUMERIA, { driver: 'twilio' }, superAdmin);
      expect((await t.app.messaging.driverFor(PROFUMERIA, 'whatsapp')).name).toBe('twilio');
      expect((await t.app.messaging.driverFor(PROFUMERIA, 'sms')).name).toBe('twilio');
      // E-mail needs SMTP_URL, which this app has not.
      await expect(t.app.messaging.driverFor(PROFUMERIA, 'email')).rejects.toMatchObject({ message: 'Server SMTP non configurato (SMTP_URL)', permanent: true });
      // A token encrypted for another business (or with another key) is refused, not sent.
      const other = t.app.messaging.secrets.encrypt(TOKEN, BAR);
      await t.app.db.query('UPDATE messaging_settings SET auth_token_encrypted = $2 WHERE business_id = $1', [PROFUMERIA, other]);
      await expect(t.app.messaging.driverFor(PROFUMERIA, 'sms')).rejects.toMatchObject({ message: 'Auth Token non leggibile: inseriscilo di nuovo' });
      await put(PROFUMERIA, { driver: '' }, superAdmin);
    });
  });

  describe('POST /api/twilio/test-connection', () => {
    it('with the outbox driver, records a test message and says nothing real was checked', async () => {
      const testMode = 'Modalità prova: nessuna connessione verificata. Configura un fornitore per inviare davvero.';
      const response = await testConnection({ businessId: BAR, service: 'sms', testRecipient: '+39 333 123 4567' });
      expect([response.statusCode, response.json()]).toEqual([200, sendAnswer(testMode, { queued: 0 })]);
      // A number typed without +39 is read as Italian.
      const whatsapp = await testConnection({ businessId: BAR, service: 'whatsapp', testRecipient: '333 1234567' });
      expect(whatsapp.json()).toMatchObject({ message: testMode, mode: 'test' });
      const { rows } = await t.app.db.query(`SELECT channel, recipient, body, status, driver, campaign_id FROM outbox_messages WHERE business_id = $1 ORDER BY id`, [BAR]);
      // The log says what the dialog says (decision 080): nothing was checked.
      const body = `Messaggio di prova da Bar Centrale. ${testMode}`;
      expect(rows).toEqual([
        { channel: 'sms', recipient: '+393331234567', body, status: 'sent', driver: 'outbox', campaign_id: null },
        { channel: 'whatsapp', recipient: '+393331234567', body, status: 'sent', driver: 'outbox', campaign_id: null },
      ]);
      const email = await testConnection({ businessId: PROFUMERIA, service: 'email', testRecipient: 'prova@example.it' });
      expect(email.json()).toMatchObject({ message: testMode, mode: 'test' });
    });

    it('refuses a disabled service and a bad recipient', async () => {
      const disabled = await testConnection({ businessId: BAR, service: 'email', testRecipient: 'prova@example.it' });
      expect([disabled.statusCode, disabled.json()]).toEqual([400, { error: 'Servizio Email non abilitato per questo business' }]);
      expect((await testConnection({ businessId: BAR, service: 'sms', testRecipient: 'prova@example.it' })).json()).toEqual({ error: 'Campo "destinatario di prova" non valido' });
      expect((await testConnection({ businessId: BAR, service: 'sms', testRecipient: '' })).json()).toEqual({ error: 'Campo "destinatario di prova" è obbligatorio' });
      // Shaped like E.164 is not enough, the number must exist in its numbering plan.
      expect((await testConnection({ businessId: BAR, service: 'sms', testRecipient: '+391234567' })).json()).toEqual({ error: 'Campo "destinatario di prova" non valido' });
      expect((await testConnection({ businessId: BAR, service: 'pec', testRecipient: 'x' })).json()).toEqual({ error: 'Campo "servizio" non valido' });
    });

    it('answers the error when the driver cannot send (incomplete Twilio credentials)', async () => {
      await t.app.db.query(`UPDATE messaging_settings SET driver = 'twilio' WHERE business_id = $1`, [OTHER_BUSINESS_ID]);
      await t.app.db.query('UPDATE businesses SET sms_enabled = 1 WHERE id = $1', [OTHER_BUSINESS_ID]);
      const response = await testConnection({ businessId: OTHER_BUSINESS_ID, service: 'sms', testRecipient: '+393331234567' }, otherAdmin);
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'Errore durante il test di connessione: Credenziali Twilio incomplete: servono Account SID, Auth Token e numero di telefono o Messaging Service SID' },
      ]);
      const { rows } = await t.app.db.query(`SELECT status, error FROM outbox_messages WHERE business_id = $1`, [OTHER_BUSINESS_ID]);
      expect(rows).toEqual([{ status: 'failed', error: expect.stringContaining('Credenziali Twilio incomplete') }]);
    });

    it('enforces ownership', async () => {
      const payload = { businessId: BAR, service: 'sms', testRecipient: '+393331234567' };
      expect((await testConnection(payload, otherAdmin)).json()).toEqual({ error: 'Azienda non trovata' });
      expect((await testConnection(payload, client)).statusCode).toBe(403);
      expect((await testConnection(payload, {})).statusCode).toBe(401);
      expect((await testConnection(payload, superAdmin)).statusCode).toBe(200);
    });
  });

  describe('Twilio webhooks', () => {
    const LIBRERIA_TOKEN = '0123456789abcdef0123456789abcdef';
    const webhook = (path: string, params: Record<string, string>, options: { token?: string; signature?: string } = {}) => {
      const url = `/api/twilio/${path}`;
      const signature = options.signature ?? twilio.getExpectedTwilioSignature(options.token ?? LIBRERIA_TOKEN, `${PUBLIC_URL}${url}`, params);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      });
    };
    const optOuts = async () =>
      (await t.app.db.query<{ contact: string }>('SELECT contact FROM messaging_opt_outs WHERE business_id = $1 ORDER BY contact', [OTHER_BUSINESS_ID])).rows.map((r) => r.contact);

    beforeAll(async () => {
      expect((await put(OTHER_BUSINESS_ID, { authToken: LIBRERIA_TOKEN }, otherAdmin)).statusCode).toBe(200);
    });

    it('adds a STOP sender to the opt-outs and removes it on START', async () => {
      const stop = { From: 'whatsapp:+393334445556', To: 'whatsapp:+390200000000', Body: ' Stop ', MessageSid: 'SM1', AccountSid: SID };
      const response = await webhook(`inbound/${OTHER_BUSINESS_ID}`, stop);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/xml/);
      expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      await webhook(`inbound/${OTHER_BUSINESS_ID}`, { ...stop, From: '+39 333 777 8888', Body: 'BASTA' });
      await webhook(`inbound/${OTHER_BUSINESS_ID}`, { ...stop, From: '+393339990000', Body: 'Grazie, a presto' });
      expect(await optOuts()).toEqual(['+393334445556', '+393337778888']);
      await webhook(`inbound/${OTHER_BUSINESS_ID}`, { ...stop, Body: 'START' });
      expect(await optOuts()).toEqual(['+393337778888']);
    });

    it('refuses requests without a valid signature', async () => {
      const params = { From: '+393331112222', Body: 'STOP' };
      const forged = await webhook(`inbound/${OTHER_BUSINESS_ID}`, params, { token: 'not-the-token-not-the-token-1234' });
      expect([forged.statusCode, forged.json()]).toEqual([403, { error: 'Firma Twilio non valida' }]);
      expect((await webhook(`inbound/${OTHER_BUSINESS_ID}`, params, { signature: '' })).statusCode).toBe(403);
      // A business without a token (Bar Centrale), or none at all.
      expect((await webhook(`inbound/${BAR}`, params)).statusCode).toBe(403);
      expect((await webhook('inbound/no-such-business', params)).statusCode).toBe(403);
      const json = await t.app.inject({ method: 'POST', url: `/api/twilio/inbound/${OTHER_BUSINESS_ID}`, payload: params });
      expect(json.statusCode).toBe(403);
      expect(await optOuts()).toEqual(['+393337778888']);
    });

    it('records the status Twilio reports for a message', async () => {
      await t.app.db.query(
        `INSERT INTO outbox_messages (business_id, channel, recipient, body, status, driver, provider_message_id)
         VALUES ($1, 'sms', '+393331234567', 'Ciao', 'queued', 'twilio', 'SM999'), ($2, 'sms', '+393331234567', 'Ciao', 'queued', 'twilio', 'SM999')`,
        [OTHER_BUSINESS_ID, BAR],
      );
      const statusOf = async (businessId: string) =>
        (await t.app.db.query('SELECT status, error FROM outbox_messages WHERE business_id = $1 AND provider_message_id = $2', [businessId, 'SM999'])).rows[0];
      const delivered = await webhook(`status/${OTHER_BUSINESS_ID}`, { MessageSid: 'SM999', MessageStatus: 'delivered', AccountSid: SID });
      expect(delivered.statusCode).toBe(204);
      expect(await statusOf(OTHER_BUSINESS_ID)).toEqual({ status: 'delivered', error: null });
      await webhook(`status/${OTHER_BUSINESS_ID}`, { MessageSid: 'SM999', MessageStatus: 'undelivered', ErrorCode: '30003' });
      expect(await statusOf(OTHER_BUSINESS_ID)).toEqual({ status: 'undelivered', error: 'Destinatario non raggiungibile (telefono spento o senza campo) (Twilio 30003)' });
      // Another business's message with the same id is not touched.
      expect(await statusOf(BAR)).toEqual({ status: 'queued', error: null });
      expect((await webhook(`status/${OTHER_BUSINESS_ID}`, { MessageSid: 'SM999', MessageStatus: 'read' }, { signature: 'x' })).statusCode).toBe(403);
    });
  });
});
