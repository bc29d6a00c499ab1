/**
 * Decision 074: e-mail as mail clients expect and one-click opt-out, against real protocol peers — a
 * real SMTP server process receives the e-mails, `mailparser` (what mail clients' libraries do) reads them, and
 * the List-Unsubscribe URL is posted to as a mail client does (RFC 8058).
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { enqueueMessage } from '../src/features/messaging/enqueue';
import { serviceSubject } from '../src/features/messaging/email';
import { smartEncodeSms } from '../src/features/messaging/sms';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { consentingCards, waitFor } from './helpers/messaging';
import { startSmtpServer, type SmtpServerProcess } from './helpers/smtp-server';

const PROFUMERIA = 'demo-profumeria-bella';
const PUBLIC_URL = 'https://fidelity.example.it';
const SENDER = "Caffè dell'Università <Offerte@Profumeria.example.it>";

describeEachDatabase('e-mail campaigns and one-click opt-out', (variant) => {
  let t: TestApp;
  let smtp: SmtpServerProcess;
  let admin: { authorization: string };
  /** The app's clock, this many days before the real one (a job due then is due for the worker). */
  let daysBack = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(
      variant,
      { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url, worker: { enabled: false } } },
      { clock: () => new Date(Date.now() - daysBack * 86_400_000) },
    );
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    const put = (payload: object, headers: object) => t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${PROFUMERIA}`, headers: headers as Record<string, string>, payload });
    const saved = await put({ emailSender: SENDER }, admin);
    expect(saved.statusCode).toBe(200);
    expect((await put({ driver: 'smtp' }, superAdmin)).statusCode).toBe(200);
    await t.app.db.query(`UPDATE businesses SET brand_color = '#a31d5c' WHERE id = $1`, [PROFUMERIA]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** Every e-mail the server received from `from` on, parsed. */
  async function received(from: number, count: number): Promise<ParsedMail[]> {
    await waitFor(async () => smtp.received.length >= from + count, 5_000);
    return Promise.all(smtp.received.slice(from).map((mail) => simpleParser(mail.data)));
  }

  const createEmailCampaign = (recipients: string[], subject: string | null = 'Saldi di primavera – 20% su tutto') =>
    t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: admin,
      payload: { businessId: PROFUMERIA, name: 'Primavera', channels: ['email'], recipients: recipients.map((email) => ({ email })), ...(subject ? { subject } : {}) },
    });
  const send = (id: string, message: string, service = 'email') =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: admin, payload: { service, message } });

  it('keeps the sender’s display name with accents and apostrophe, the address lower-case', async () => {
    const settings = await t.app.inject({ method: 'GET', url: `/api/twilio/settings?businessId=${PROFUMERIA}`, headers: admin });
    expect(settings.json()).toMatchObject({ emailSender: "Caffè dell'Università <offerte@profumeria.example.it>" });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${PROFUMERIA}`, headers: admin, payload: { emailSender: 'Caffè <non-un-indirizzo>' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('mittente email');
  });

  it('requires a subject for an e-mail campaign, and lets an e-mail be 5 000 characters while SMS keeps 160', async () => {
    const noSubject = await createEmailCampaign(['a@example.it'], null);
    expect([noSubject.statusCode, noSubject.json().error]).toEqual([400, 'Campo "oggetto" è obbligatorio per una campagna email']);
    const created = await createEmailCampaign(['lungo@example.it']);
    expect(created.statusCode).toBe(201);
    expect(created.json().subject).toBe('Saldi di primavera – 20% su tutto');
    const id = created.json().id as string;
    expect((await send(id, 'x'.repeat(5001))).json().error).toBe('Il messaggio email non può superare i 5.000 caratteri');
    expect((await send(id, 'x'.repeat(161), 'sms')).json().error).toBe('Il messaggio non può superare i 160 caratteri');
    expect((await send(id, 'x'.repeat(5000))).statusCode).toBe(200);
    await t.app.messaging.worker.drain();
  });

  it('sends a campaign e-mail a mail client reads: From name, subject, text and HTML parts, Reply-To and both List-Unsubscribe headers; one POST unsubscribes', async () => {
    const emails = ['anna.rossi@example.it', 'luca.bianchi@example.it'];
    const [anna] = await consentingCards(t.app, PROFUMERIA, emails, ['email']);
    // Yesterday's campaign: the next one, today, may reach the same cards (one marketing message per card a day, decision 080).
    daysBack = 1;
    const created = await createEmailCampaign(emails);
    const before = smtp.received.length;
    const sent = await send(created.json().id, 'Da lunedì sconti del 20% <su tutto> & omaggio.\n\nVi aspettiamo!');
    expect(sent.json()).toMatchObject({ queued: 2, mode: 'live' });
    expect(await t.app.messaging.worker.drain()).toBe(2);
    const mails = await received(before, 2);
    const mail = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0].address === 'anna.rossi@example.it')!;

    expect(mail.from?.value).toEqual([{ name: "Caffè dell'Università", address: 'offerte@profumeria.example.it' }]);
    // Encoded for the wire (RFC 2047), as RFC 5322 wants a header in ASCII; a long List-Unsubscribe may be folded.
    expect(smtp.received[before].data).toMatch(/^From: =\?UTF-8\?/m);
    expect(mail.subject).toBe('Saldi di primavera – 20% su tutto');
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'ciao@profumeriabella.example.it' }]);
    expect(mail.text).toContain('Da lunedì sconti del 20% <su tutto> & omaggio.\n\nVi aspettiamo!');
    expect(mail.text).toContain("Non vuoi più ricevere queste email? Annulla l'iscrizione: https://fidelity.example.it/api/unsubscribe/");
    expect(mail.html).toContain('Da lunedì sconti del 20% &lt;su tutto&gt; &amp; omaggio.');
    expect(mail.html).toContain('Profumeria Bella');
    expect(mail.html).toContain('#a31d5c');
    expect(mail.html).toMatch(/Non vuoi più ricevere queste email\? <a href="https:\/\/fidelity\.example\.it\/api\/unsubscribe\/[^"]+"[^>]*>Annulla l&#39;iscrizione<\/a>/);

    const listUnsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const url = /^List-Unsubscribe:\s*<(https:\/\/fidelity\.example\.it\/api\/unsubscribe\/[^>]+)>$/.exec(listUnsubscribe.replace(/\r?\n\s+/g, ''))?.[1];
    expect(url).toBeDefined();
    // mailparser folds the List-* headers into `list`; the header lines are what a mail client reads.
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: url } });
    expect(mail.text).toContain(url);
    const path = new URL(url!).pathname;

    const channels = async () => (await t.app.db.query<{ marketing_channels: string[] }>('SELECT marketing_channels FROM loyalty_cards WHERE id = $1', [anna])).rows[0].marketing_channels;
    // GET (a link scanner's prefetch, or the person's click) shows the confirmation and changes nothing.
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Non vuoi più ricevere email promozionali da Profumeria Bella?');
    expect(page.body).toContain('<form method="post">');
    expect(await channels()).toEqual(['email']);
    // A POST without the RFC 8058 body changes nothing either; a changed token is refused.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'altro=1' })).json()).toEqual({ error: 'Richiesta non valida: serve List-Unsubscribe=One-Click.' });
    expect((await t.app.inject({ method: 'POST', url: `${path.slice(0, -2)}AA`, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(404);
    expect(await channels()).toEqual(['email']);

    // The mail client's one-click POST (RFC 8058): no page, the API's JSON.
    const unsubscribed = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect([unsubscribed.statusCode, unsubscribed.json()]).toEqual([200, { message: 'Iscrizione annullata: non riceverai più email promozionali da Profumeria Bella.' }]);
    expect(await channels()).toEqual([]);
    const { rows: events } = await t.app.db.query('SELECT channel, granted, source, wording_version FROM consent_events WHERE card_id = $1 AND source = $2', [anna, 'unsubscribe']);
    expect(events).toEqual([{ channel: 'email', granted: false, source: 'unsubscribe', wording_version: 'unsubscribe-v1' }]);
    // Again, from the page's button (a browser): its confirmation page, and nothing more is recorded.
    const again = await t.app.inject({ method: 'POST', url: path, headers: { ...form, accept: 'text/html' }, payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-security-policy']).toContain("form-action 'self'");
    expect(again.body).toContain('<p role="status">Iscrizione annullata: non riceverai più email promozionali da Profumeria Bella.</p>');
    expect((await t.app.db.query('SELECT 1 FROM consent_events WHERE card_id = $1 AND source = $2', [anna, 'unsubscribe'])).rows).toHaveLength(1);

    // The next campaign skips that card.
    daysBack = 0;
    const next = await createEmailCampaign(emails, 'Ultimi giorni di saldi');
    const second = await send(next.json().id, 'Ultimi giorni!');
    expect(second.json()).toMatchObject({ queued: 1, skippedByReason: { noConsent: 1 } });
    const from = smtp.received.length;
    expect(await t.app.messaging.worker.drain()).toBe(1);
    const [only] = await received(from, 1);
    expect(only.to && !Array.isArray(only.to) && only.to.value[0].address).toBe('luca.bianchi@example.it');
  });

  it('gives a service e-mail a fitting subject and no marketing opt-out', async () => {
    const [card] = await consentingCards(t.app, PROFUMERIA, ['giulia.verdi@example.it'], []);
    const before = smtp.received.length;
    await enqueueMessage(t.app.db, { cardId: card, body: 'Benvenuta! La tua carta è pronta.', idempotencyKey: `card:${card}:welcome` });
    expect(await t.app.messaging.worker.drain()).toBe(1);
    const [mail] = await received(before, 1);
    expect(mail.subject).toBe('Benvenuto da Profumeria Bella');
    expect(mail.from?.value[0].name).toBe("Caffè dell'Università");
    expect(mail.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe');
    expect(mail.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe-post');
    expect(mail.text).not.toContain('Annulla');
    expect(mail.html).toContain('Benvenuta! La tua carta è pronta.');
    expect(serviceSubject('customer-link:42', 'L’Angolo del Gusto')).toBe('Il tuo link per la carta fedeltà – L’Angolo del Gusto');
  });
});

describe('SMS smart encoding before sending', () => {
  it('turns typographic quotes, apostrophes and dashes into GSM-7 ones, as Twilio’s Smart Encoding', () => {
    expect(smartEncodeSms('Benvenuto da L’Angolo del Gusto – Gelateria “Il Cono”…')).toBe('Benvenuto da L\'Angolo del Gusto - Gelateria "Il Cono"...');
    expect(smartEncodeSms('Caffè 😀 5€')).toBe('Caffè 😀 5€');
  });
});
