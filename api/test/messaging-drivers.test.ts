/** Drivers, the secrets box and the messaging configuration, without a database or the network. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../src/config';
import { loadMessagingConfig, parseMessagingEnv, parseSecretsKey, readOrCreateSecretsKey, resolveMessagingConfig } from '../src/messaging/config';
import nodemailer from 'nodemailer';
import { createSmtpDriver, createTwilioDriver } from '../src/messaging/drivers';
import { createSecretBox } from '../src/messaging/secrets';
import { MessagingError } from '../src/messaging/types';

const SID = `AC${'a'.repeat(32)}`;
const MG = `MG${'b'.repeat(32)}`;

/** Stands in for the SDK's HTTP layer: records the requests, answers like Twilio. */
function fakeTwilioHttp(answer: (data: Record<string, string>) => { statusCode: number; body: object }) {
  const requests: { uri: string; data: Record<string, string>; username: string }[] = [];
  return {
    requests,
    client: {
      async request(opts: { uri: string; data: Record<string, string>; username: string }) {
        requests.push({ uri: opts.uri, data: opts.data, username: opts.username });
        const { statusCode, body } = answer(opts.data);
        return { statusCode, body: JSON.stringify(body), headers: {} };
      },
    },
  };
}

describe('twilio driver', () => {
  const accepted = () => ({ statusCode: 201, body: { sid: 'SM123', status: 'queued' } });

  it('sends WhatsApp with the whatsapp: prefix on both ends', async () => {
    const http = fakeTwilioHttp(accepted);
    const driver = createTwilioDriver({ accountSid: SID, authToken: 'secret-token', phoneNumber: '+390212345678', messagingServiceSid: null }, { httpClient: http.client });
    const result = await driver.send({ businessId: 'b', channel: 'whatsapp', recipient: '+393331234567', body: 'Ciao' });
    expect(result).toEqual({ providerMessageId: 'SM123', status: 'queued' });
    expect(http.requests[0].uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(http.requests[0].data).toMatchObject({ To: 'whatsapp:+393331234567', From: 'whatsapp:+390212345678', Body: 'Ciao' });
    expect(http.requests[0].username).toBe(SID);
  });

  it('sends SMS through the Messaging Service when there is one, asking for status callbacks', async () => {
    const http = fakeTwilioHttp(accepted);
    const statusCallback = 'https://fidelity.example.it/api/twilio/status/b';
    const driver = createTwilioDriver({ accountSid: SID, authToken: 't', phoneNumber: '+390212345678', messagingServiceSid: MG, statusCallback }, { httpClient: http.client });
    await driver.send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'Ciao' });
    expect(http.requests[0].data).toMatchObject({ To: '+393331234567', MessagingServiceSid: MG, Body: 'Ciao', StatusCallback: statusCallback });
    expect(http.requests[0].data.From).toBeUndefined();
  });

  it('reports errors: a bad number is permanent, a server error is retried', async () => {
    const invalid = fakeTwilioHttp(() => ({ statusCode: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } }));
    const driver = createTwilioDriver({ accountSid: SID, authToken: 't', phoneNumber: '+390212345678', messagingServiceSid: null }, { httpClient: invalid.client });
    const error = await driver.send({ businessId: 'b', channel: 'sms', recipient: '+39', body: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toMatchObject({ permanent: true, message: "Twilio: The 'To' number is not a valid phone number. (codice 21211)" });

    const down = fakeTwilioHttp(() => ({ statusCode: 503, body: { message: 'Service Unavailable', status: 503 } }));
    const flaky = createTwilioDriver({ accountSid: SID, authToken: 't', phoneNumber: '+390212345678', messagingServiceSid: null }, { httpClient: down.client });
    expect(await flaky.send({ businessId: 'b', channel: 'sms', recipient: '+393331234567', body: 'x' }).catch((e) => e)).toMatchObject({ permanent: false });
  });
});

describe('smtp driver', () => {
  it('sends from the business sender', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const driver = createSmtpDriver(transport, 'info@negozio.example.it');
    const sendMail = jest.spyOn(transport, 'sendMail');
    const result = await driver.send({ businessId: 'b', channel: 'email', recipient: 'cliente@example.it', body: 'Novità!', subject: 'Promo' });
    expect(result.status).toBe('sent');
    expect(result.providerMessageId).toMatch(/^<.+>$/);
    expect(sendMail).toHaveBeenCalledWith({ from: 'info@negozio.example.it', to: 'cliente@example.it', subject: 'Promo', text: 'Novità!' });
  });

  it('treats 5xx SMTP replies as permanent', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    jest.spyOn(transport, 'sendMail').mockRejectedValue(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }) as never);
    const error = await createSmtpDriver(transport, 'a@b.it').send({ businessId: 'b', channel: 'email', recipient: 'x@y.it', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ permanent: true, message: 'SMTP: 550 mailbox unavailable' });
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
    expect(parseMessagingEnv({})).toEqual({ config: { driver: undefined, smtpUrl: null, publicUrl: null, worker: {} }, secretsKey: null });
    const resolved = resolveMessagingConfig();
    expect(resolved).toMatchObject({ driver: 'outbox', smtpUrl: null, worker: { enabled: true, pollIntervalMs: 1000, concurrency: 4 } });
    expect(resolved.secretsKey).toHaveLength(32);
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
      PUBLIC_URL: 'https://fidelity.example.it/',
    });
    expect(parsed.config).toEqual({ driver: 'twilio', smtpUrl: 'smtps://user:pass@mail.example.it:465', publicUrl: 'https://fidelity.example.it', worker: { enabled: false, pollIntervalMs: 250, concurrency: 8 } });
    expect(parsed.secretsKey?.toString('hex')).toBe(hex);
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(parseSecretsKey('short')).toBeNull();
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      parseMessagingEnv({ MESSAGING_DRIVER: 'fax', SMTP_URL: 'http://x', SECRETS_KEY: 'abc', WORKER_ENABLED: 'maybe', WORKER_CONCURRENCY: '0' });
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
