/**
 * Drivers against servers that speak their protocol (a local stand-in of Twilio's REST API reached through the
 * SDK's own RequestClient, a real SMTP server process), the secrets box and the messaging configuration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../src/config';
import { loadMessagingConfig, parseMessagingEnv, parseSecretsKey, readOrCreateSecretsKey, resolveMessagingConfig } from '../src/config/messaging';
import { createSmtpDriver, createTwilioDriver, type TwilioCredentials } from '../src/features/messaging/drivers';
import { createSecretBox } from '../src/features/messaging/secrets';
import { MessagingError } from '../src/features/messaging/types';
import { waitFor } from './helpers/messaging';
import { startSmtpServer, type SmtpServerProcess } from './helpers/smtp-server';
import { startTwilioStandIn, twilioDefaults, twilioError, type TwilioStandIn } from './helpers/twilio-standin';

const SID = `AC${'a'.repeat(32)}`;
const MG = `MG${'b'.repeat(32)}`;
const TOKEN = 'secret-token-0123456789abcdef012';

describe('twilio driver, through the SDK against a local stand-in of Twilio\'s API', () => {
  let twilioApi: TwilioStandIn;
  beforeAll(async () => {
    twilioApi = await startTwilioStandIn();
  });
  afterAll(() => twilioApi.close());
  beforeEach(() => {
    twilioApi.requests.length = 0;
    twilioApi.respond(null);
  });

  const driver = (credentials: Partial<TwilioCredentials> = {}, timeoutMs?: number) =>
    createTwilioDriver({ accountSid: SID, authToken: TOKEN, phoneNumber: '+390212345678', messagingServiceSid: null, ...credentials }, { httpClient: twilioApi.httpClient({ timeoutMs }) });

  it('sends WhatsApp with the whatsapp: prefix on both ends, authenticated with the account', async () => {
    const result = await driver().send({ businessId: 'b', channel: 'whatsapp', recipient: '+393331234567', body: 'Ciao' });
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^SM/), status: 'queued' });
    expect(twilioApi.requests).toHaveLength(1);
    expect(twilioApi.requests[0]).toMatchObject({
      method: 'POST',
      path: `/api/2010-04-01/Accounts/${SID}/Messages.json`,
      form: { To: 'whatsapp:+393331234567', From: 'whatsapp:+390212345678', Body: 'Ciao' },
      username: SID,
      password: TOKEN,
    });
  });

  it('sends SMS through the Messaging Service when there is one, asking for status callbacks', async () => {
    const statusCallback = 'https://fidelity.example.it/api/twilio/status/b';
    await driver({ messagingServiceSid: MG, statusCallback }).send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'Ciao' });
    expect(twilioApi.requests[0].form).toEqual({ To: '+393331234567', MessagingServiceSid: MG, Body: 'Ciao', StatusCallback: statusCallback });
  });

  it('turns an invalid number (21211) into a permanent failure with an Italian reason', async () => {
    twilioApi.respond(() => twilioError(400, 21211, "The 'To' number +39 is not a valid phone number."));
    const error = await driver().send({ businessId: 'b', channel: 'sms', recipient: '+39', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toMatchObject({ permanent: true, message: 'Numero del destinatario non valido (Twilio 21211)' });
  });

  it('retries later on a 5xx answer and on no answer in time', async () => {
    twilioApi.respond(() => twilioError(503, null, 'Service Unavailable'));
    const down = await driver().send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'x' }).catch((e: unknown) => e);
    expect(down).toMatchObject({ permanent: false, message: 'Twilio non disponibile al momento (errore 503): nuovo tentativo più tardi' });

    twilioApi.respond(() => ({ ...twilioDefaults({ method: 'POST', path: '/Messages.json', form: { To: 'x' }, username: '', password: '' }), delayMs: 2_000 }));
    const slow = await driver({}, 300).send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'x' }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ permanent: false, message: 'Twilio non raggiungibile: nessuna risposta dal server' });
  });

  it('maps an unknown Twilio code to a generic Italian sentence with the code', async () => {
    twilioApi.respond(() => twilioError(400, 21999, 'Something new'));
    const error = await driver().send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ permanent: true, message: 'Errore del fornitore Twilio (codice 21999)' });
  });

  it('verifies the account and the Messaging Service without sending anything', async () => {
    await driver({ messagingServiceSid: MG }).verify!();
    expect(twilioApi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/2010-04-01/Accounts/${SID}.json`, `GET /messaging/v1/Services/${MG}`]);

    twilioApi.respond((request) => (request.password === TOKEN ? null : twilioError(401, 20003, 'Authenticate')));
    const wrong = createTwilioDriver({ accountSid: SID, authToken: 'wrong-token', phoneNumber: '+390212345678', messagingServiceSid: null }, { httpClient: twilioApi.httpClient() });
    await expect(wrong.verify!()).rejects.toMatchObject({ permanent: true, message: 'Credenziali Twilio non valide: controlla Account SID e Auth Token (Twilio 20003)' });
    twilioApi.respond(null);
    await expect(driver({ messagingServiceSid: `MG${'0'.repeat(32)}` }).verify!()).resolves.toBeUndefined();
    twilioApi.respond((request) => (request.path.startsWith('/messaging/') ? twilioError(404, 20404, 'Not found') : null));
    await expect(driver({ messagingServiceSid: MG }).verify!()).rejects.toMatchObject({ message: expect.stringContaining('Risorsa Twilio non trovata') });
    expect(twilioApi.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('smtp driver, against a real SMTP server in another process', () => {
  let smtp: SmtpServerProcess;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it('sends from the business sender', async () => {
    const result = await createSmtpDriver(smtp.url, 'info@negozio.example.it').send({ businessId: 'b', channel: 'email', recipient: 'cliente@example.it', body: 'Novità!', email: { subject: 'Promo', fromName: '', replyTo: null, unsubscribeUrl: null, text: 'Novità!', html: '<p>Novità!</p>' } });
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^<.+>$/), status: 'sent' });
    await waitFor(async () => smtp.received.length === 1, 5_000);
    expect(smtp.received[0]).toMatchObject({ from: 'info@negozio.example.it', to: ['cliente@example.it'], user: 'negozio' });
    expect(smtp.received[0].data).toContain('Subject: Promo');
    expect(smtp.received[0].data).toContain('Novit');
  });

  it('verifies the server and the login without sending', async () => {
    const before = smtp.received.length;
    await expect(createSmtpDriver(smtp.url, 'info@negozio.example.it').verify!()).resolves.toBeUndefined();
    const wrong = smtp.url.replace('password-smtp', 'sbagliata');
    await expect(createSmtpDriver(wrong, 'info@negozio.example.it').verify!()).rejects.toMatchObject({
      permanent: true,
      message: 'Autenticazione SMTP non riuscita: controlla utente e password di SMTP_URL',
    });
    expect(smtp.received).toHaveLength(before);
  });

  it('fails for good on bad credentials and a refused recipient, retries when the server is unreachable', async () => {
    const wrong = createSmtpDriver(smtp.url.replace('password-smtp', 'sbagliata'), 'info@negozio.example.it');
    await expect(wrong.send({ businessId: 'b', channel: 'email', recipient: 'cliente@example.it', body: 'x' })).rejects.toMatchObject({
      permanent: true,
      message: 'Autenticazione SMTP non riuscita: controlla utente e password di SMTP_URL',
    });
    const refused = createSmtpDriver(smtp.url, 'info@negozio.example.it');
    await expect(refused.send({ businessId: 'b', channel: 'email', recipient: 'nessuno@rifiuta.example.it', body: 'x' })).rejects.toMatchObject({
      permanent: true,
      message: 'Indirizzo del destinatario rifiutato dal server SMTP',
    });
    const closed = await startSmtpServer();
    await closed.stop();
    const unreachable = createSmtpDriver(closed.url, 'info@negozio.example.it');
    await expect(unreachable.send({ businessId: 'b', channel: 'email', recipient: 'cliente@example.it', body: 'x' })).rejects.toMatchObject({
      permanent: false,
      message: 'Server SMTP non raggiungibile: controlla host e porta di SMTP_URL',
    });
    await expect(unreachable.verify!()).rejects.toMatchObject({ permanent: false });
  });
});

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  it('round-trips, with a fresh IV each time', () => {
    const a = box.encrypt('0123456789abcdef0123456789abcdef', 'biz-1');
    const b = box.encrypt('0123456789abcdef0123456789abcdef', 'biz-1');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('0123456789abcdef');
    expect(box.decrypt(a, 'biz-1')).toBe('0123456789abcdef0123456789abcdef');
  });

  it('refuses another business, another key and a tampered value', () => {
    const stored = box.encrypt('token', 'biz-1');
    expect(() => box.decrypt(stored, 'biz-2')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).decrypt(stored, 'biz-1')).toThrow();
    const parts = stored.split(':');
    parts[3] = Buffer.from('tokeN').toString('base64');
    expect(() => box.decrypt(parts.join(':'), 'biz-1')).toThrow();
    expect(() => box.decrypt('v1:ciphertext', 'biz-1')).toThrow();
  });
});

describe('messaging configuration', () => {
  it('has safe defaults', () => {
    expect(parseMessagingEnv({})).toEqual({ config: { driver: undefined, smtpUrl: null, publicUrl: null, dkim: null, worker: {} }, secretsKey: null });
    const resolved = resolveMessagingConfig();
    expect(resolved).toMatchObject({ driver: 'outbox', smtpUrl: null, quietHours: true, worker: { enabled: true, pollIntervalMs: 1000, concurrency: 4 } });
    expect(resolved.secretsKey).toHaveLength(32);
  });

  it('reads QUIET_HOURS: on unless set false (decision 082)', () => {
    expect(parseMessagingEnv({ QUIET_HOURS: 'false' }).config).toMatchObject({ quietHours: false });
    expect(parseMessagingEnv({ QUIET_HOURS: 'true' }).config).toMatchObject({ quietHours: true });
    expect(() => parseMessagingEnv({ QUIET_HOURS: 'di notte' })).toThrow('QUIET_HOURS must be true or false (got "di notte")');
  });

  it('reads DKIM signing (decision 074): all three variables or none, the key as PEM with \\n for line breaks', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----';
    expect(parseMessagingEnv({ DKIM_DOMAIN: 'Esempio.it', DKIM_SELECTOR: 'fidelity', DKIM_PRIVATE_KEY: pem }).config.dkim).toEqual({
      domainName: 'esempio.it',
      keySelector: 'fidelity',
      privateKey: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----',
    });
    expect(() => parseMessagingEnv({ DKIM_DOMAIN: 'esempio.it' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together/);
    expect(() => parseMessagingEnv({ DKIM_DOMAIN: 'esempio.it', DKIM_SELECTOR: 'fidelity', DKIM_PRIVATE_KEY: 'non una chiave' })).toThrow(/DKIM_PRIVATE_KEY must be a PEM private key/);
  });

  it('reads the variables', () => {
    const hex = 'ab'.repeat(32);
    const parsed = parseMessagingEnv({
      MESSAGING_DRIVER: 'Twilio',
      SMTP_URL: 'smtps://user:pass@mail.example.it:465',
      SECRETS_KEY: hex,
      WORKER_ENABLED: 'false',
      WORKER_POLL_INTERVAL_MS: '250',
      WORKER_CONCURRENCY: '8',
      WORKER_LEASE_MS: '5000',
      SCHEDULER_POLL_INTERVAL_MS: '500',
      PUBLIC_URL: 'https://fidelity.example.it/',
    });
    expect(parsed.config).toEqual({ driver: 'twilio', smtpUrl: 'smtps://user:pass@mail.example.it:465', publicUrl: 'https://fidelity.example.it', dkim: null, worker: { enabled: false, pollIntervalMs: 250, concurrency: 8, leaseMs: 5000, schedulerPollIntervalMs: 500 } });
    expect(parsed.secretsKey?.toString('hex')).toBe(hex);
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(parseSecretsKey('short')).toBeNull();
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      parseMessagingEnv({ MESSAGING_DRIVER: 'fax', SMTP_URL: 'http://x', SECRETS_KEY: 'abc', WORKER_ENABLED: 'maybe', WORKER_CONCURRENCY: '0', WORKER_LEASE_MS: '500' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'MESSAGING_DRIVER must be one of outbox, twilio, smtp (got "fax")',
      'SMTP_URL must be an smtp:// or smtps:// URL',
      'SECRETS_KEY must be 32 bytes written as 64 hex digits or base64',
      'WORKER_ENABLED must be true or false (got "maybe")',
      'WORKER_CONCURRENCY must be an integer ≥ 1 (got "0")',
      'WORKER_LEASE_MS must be an integer ≥ 1000 (got "500")',
    ]);
  });

  it('creates the secrets key once in DATA_DIR (mode 600) and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
    try {
      const first = readOrCreateSecretsKey(dir);
      expect(fs.statSync(path.join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
      expect(readOrCreateSecretsKey(dir)).toEqual(first);
      expect(loadMessagingConfig({}, dir).secretsKey).toEqual(first);
      expect(loadMessagingConfig({ SECRETS_KEY: 'cd'.repeat(32) }, dir).secretsKey).toEqual(Buffer.from('cd'.repeat(32), 'hex'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
