/**
 * The dashboard's side of the wallets (decision 042): GET /api/wallet/status, sending a card's
 * wallet links through the messaging queue (channel rule, STOP, no channel, a double click, another shop's
 * card, no wallet configured), and the shop's colour in the business settings.
 */
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { appleConfig, googleConfig, pathOf, signupCard, WALLET_BUSINESS } from './helpers/wallet';
import { APPLE_VARIABLES, GOOGLE_VARIABLES } from '../src/config/wallet';

type Headers = { authorization: string };

describeEachDatabase('wallet links and status for the dashboard', (variant) => {
  let t: TestApp;
  let bare: TestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let superAdmin: Headers;
  beforeAll(async () => {
    // The worker is off: the jobs stay in the queue where the test reads them.
    t = await startTestApp(variant, { seedDemo: true, wallet: { apple: appleConfig() }, messaging: { worker: { enabled: false }, publicUrl: 'https://fidelity.example.it' } });
    bare = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  const send = (cardId: string, headers: Headers = admin, app = t.app) => app.inject({ method: 'POST', url: `/api/loyalty-cards/${cardId}/wallet-links`, headers });
  /** The card's wallet-links messages (a card from the public signup also has its welcome, decision 051). */
  const jobsOf = async (cardId: string) =>
    (
      await t.app.db.query<{ channel: string; recipient: string; body: string; status: string; skip_reason: string | null }>(
        `SELECT channel, recipient, body, status, skip_reason FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'wallet-links:%' ORDER BY id`,
        [cardId],
      )
    ).rows;
  const setFlags = (flags: { whatsapp: 0 | 1; sms: 0 | 1; email: 0 | 1 }) =>
    t.app.db.query('UPDATE businesses SET whatsapp_enabled = $2, sms_enabled = $3, email_enabled = $4 WHERE id = $1', [WALLET_BUSINESS.id, flags.whatsapp, flags.sms, flags.email]);
  afterEach(() => setFlags({ whatsapp: 1, sms: 1, email: 0 }));

  it('tells an admin which wallet is configured and whether with the development certificates; the missing variables only to the super admin', async () => {
    const configured = await t.app.inject({ method: 'GET', url: '/api/wallet/status', headers: admin });
    expect(configured.statusCode).toBe(200);
    // A shop's admin: what is active, not how the platform is configured.
    expect(configured.json()).toEqual({ apple: { configured: true, development: true, missing: [], warning: null }, google: { configured: false, development: false, missing: [] } });
    expect(configured.body).not.toMatch(/BEGIN|PRIVATE|WALLET_/);
    const forSuper = await t.app.inject({ method: 'GET', url: '/api/wallet/status', headers: superAdmin });
    expect(forSuper.json()).toEqual({ apple: { configured: true, development: true, missing: [], warning: null }, google: { configured: false, development: false, missing: [...GOOGLE_VARIABLES] } });
    expect(forSuper.body).not.toMatch(/BEGIN|PRIVATE/);

    const superHeaders = await authHeader(bare.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    const none = await bare.app.inject({ method: 'GET', url: '/api/wallet/status', headers: superHeaders });
    expect(none.json()).toEqual({
      apple: { configured: false, development: false, missing: [...APPLE_VARIABLES], warning: null },
      google: { configured: false, development: false, missing: [...GOOGLE_VARIABLES] },
    });
    const adminHeaders = await authHeader(bare.app, demoAccount('admin').email, demoAccount('admin').password);
    const noneForAdmin = await bare.app.inject({ method: 'GET', url: '/api/wallet/status', headers: adminHeaders });
    expect(noneForAdmin.json()).toEqual({ apple: { configured: false, development: false, missing: [], warning: null }, google: { configured: false, development: false, missing: [] } });
    expect((await bare.app.inject({ method: 'GET', url: '/api/wallet/status' })).statusCode).toBe(401);
  });

  it('queues the links on WhatsApp, and says so; the message carries the card’s pass link', async () => {
    const card = await signupCard(t.app, 'links.uno@example.it');
    const response = await send(card.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'queued',
      channel: 'whatsapp',
      wallets: ['apple'],
      queued: true,
      message: 'Link Apple Wallet in coda: il cliente li riceverà via WhatsApp.',
    });
    const jobs = await jobsOf(card.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ channel: 'whatsapp', recipient: '+393337654321', status: 'queued' });
    expect(jobs[0].body).toContain(`Apple Wallet: ${card.wallet!.apple}`);
    expect(jobs[0].body).toMatch(/^Ciao Giulia, salva la tua carta fedeltà Bar Centrale nel telefono:/);
    expect(jobs[0].body).not.toContain('Google Wallet');
  });

  it('sends once for a double click, again after the window; the super admin may send too', async () => {
    const card = await signupCard(t.app, 'links.due@example.it');
    const [first, second] = await Promise.all([send(card.id), send(card.id)]);
    const outcomes = [first.json().outcome, second.json().outcome].sort();
    expect(outcomes).toEqual(['already_sent', 'queued']);
    const repeated = [first, second].find((r) => r.json().outcome === 'already_sent')!;
    expect(repeated.json()).toMatchObject({ queued: true, channel: 'whatsapp', message: 'Link wallet già in coda via WhatsApp da meno di un minuto: nessun nuovo messaggio.' });
    expect(await jobsOf(card.id)).toHaveLength(1);

    // A minute later (the earlier job moved back in time and out of its minute): a new message.
    await t.app.db.query(`UPDATE messaging_jobs SET created_at = now() - interval '2 minutes', idempotency_key = idempotency_key || ':old' WHERE card_id = $1`, [card.id]);
    const later = await send(card.id, superAdmin);
    expect(later.json().outcome).toBe('queued');
    expect(await jobsOf(card.id)).toHaveLength(2);
  });

  it('falls back to SMS, then e-mail; a STOP is skipped and said; no channel sends nothing', async () => {
    const card = await signupCard(t.app, 'links.tre@example.it');
    const age = () => t.app.db.query(`UPDATE messaging_jobs SET created_at = now() - interval '2 minutes', idempotency_key = idempotency_key || ':' || id WHERE card_id = $1`, [card.id]);

    await setFlags({ whatsapp: 0, sms: 1, email: 1 });
    expect((await send(card.id)).json()).toMatchObject({ outcome: 'queued', channel: 'sms', message: 'Link Apple Wallet in coda: il cliente li riceverà via SMS.' });
    await age();
    await setFlags({ whatsapp: 0, sms: 0, email: 1 });
    expect((await send(card.id)).json()).toMatchObject({ outcome: 'queued', channel: 'email' });
    expect((await jobsOf(card.id)).map((j) => [j.channel, j.recipient])).toEqual([
      ['sms', '+393337654321'],
      ['email', 'links.tre@example.it'],
    ]);
    await age();

    await t.app.db.query(`INSERT INTO messaging_opt_outs (business_id, contact) VALUES ($1, 'links.tre@example.it')`, [WALLET_BUSINESS.id]);
    const stopped = await send(card.id);
    expect(stopped.json()).toEqual({
      outcome: 'skipped',
      channel: 'email',
      wallets: ['apple'],
      queued: false,
      message: 'Link wallet non inviati: il cliente ha chiesto di non ricevere messaggi via email (STOP).',
    });
    expect((await jobsOf(card.id)).at(-1)).toMatchObject({ status: 'skipped', skip_reason: 'opt_out' });
    await age();

    await setFlags({ whatsapp: 0, sms: 0, email: 0 });
    const before = (await jobsOf(card.id)).length;
    const nothing = await send(card.id);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ outcome: 'no_channel', channel: null, queued: false });
    expect(nothing.json().message).toMatch(/^Link wallet non inviati: nessun canale raggiunge il cliente/);
    expect(await jobsOf(card.id)).toHaveLength(before);
  });

  it('offers both wallets when Google is configured too: the message carries the card’s short Google save link', async () => {
    // The real Google engine (decision 041); its REST API is never called here (the worker is off).
    const both = await startTestApp(variant, {
      seedDemo: true,
      wallet: { apple: appleConfig(), google: googleConfig('http://127.0.0.1:9', 'http://127.0.0.1:9/token') },
      messaging: { worker: { enabled: false }, publicUrl: 'https://fidelity.example.it' },
    });
    try {
      await both.app.db.query('UPDATE businesses SET whatsapp_enabled = 1 WHERE id = $1', [WALLET_BUSINESS.id]);
      const card = await signupCard(both.app, 'links.quattro@example.it');
      // Decision 044: the API's short link, not Google's long save URL.
      expect(card.wallet?.google).toMatch(/^https:\/\/fidelity\.example\.it\/api\/wallet\/google\/save\/[\w-]{43}$/);
      const headers = await authHeader(both.app, demoAccount('admin').email, demoAccount('admin').password);
      const response = await send(card.id, headers, both.app);
      expect(response.json()).toMatchObject({ outcome: 'queued', wallets: ['apple', 'google'], message: 'Link Apple Wallet e Google Wallet in coda: il cliente li riceverà via WhatsApp.' });
      const { rows } = await both.app.db.query<{ body: string }>(`SELECT body FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'wallet-links:%'`, [card.id]);
      expect(rows).toHaveLength(1);
      const googleLine = rows[0].body.split('\n').find((line) => line.startsWith('Google Wallet: '));
      expect(googleLine).toBe(`Google Wallet: ${card.wallet!.google}`);
      // The whole message with both links stays short (a couple of SMS parts, not ten).
      expect(rows[0].body.length).toBeLessThan(400);
      const followed = await both.app.inject({ method: 'GET', url: pathOf(card.wallet!.google!) });
      expect(followed.statusCode).toBe(302);
      const jwt = String(followed.headers.location).slice('https://pay.google.com/gp/v/save/'.length);
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as { typ: string; payload: { loyaltyObjects: { accountId: string }[] } };
      expect(claims).toMatchObject({ typ: 'savetowallet', payload: { loyaltyObjects: [{ accountId: card.card_number }] } });
    } finally {
      await both.close();
    }
  });

  it('answers 404 for another shop’s card and 409 without any wallet, sending nothing', async () => {
    const card = await signupCard(t.app, 'links.cinque@example.it');
    const foreign = await send(card.id, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Carta non trovata');
    expect((await send('no-such-card')).statusCode).toBe(404);
    expect(await jobsOf(card.id)).toEqual([]);

    const bareAdmin = await authHeader(bare.app, demoAccount('admin').email, demoAccount('admin').password);
    const { rows } = await bare.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1 ORDER BY id LIMIT 1', [WALLET_BUSINESS.id]);
    const none = await send(rows[0].id, bareAdmin, bare.app);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('Nessun wallet è configurato: imposta Apple Wallet o Google Wallet (Impostazioni App → Wallet)');
    expect((await bare.app.db.query(`SELECT count(*)::int AS n FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'wallet-links:%'`, [rows[0].id])).rows[0]).toEqual({ n: 0 });
  });

  it('keeps the shop’s colour in the settings: lower-case, null resets, a bad colour is refused in Italian', async () => {
    const url = `/api/settings/${WALLET_BUSINESS.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json().brand_color).toBeNull();
    const saved = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { brand_color: '#F5E6C8' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().brand_color).toBe('#f5e6c8');
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json().brand_color).toBe('#f5e6c8');

    for (const bad of ['rosso', '#12345', '#1234567', '#gggggg', 'f5e6c8', 42]) {
      const refused = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { brand_color: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toContain('Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)');
    }
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json().brand_color).toBe('#f5e6c8');
    // Another shop's admin can neither read nor change it.
    expect((await t.app.inject({ method: 'PUT', url, headers: otherAdmin, payload: { brand_color: '#000000' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/settings/${OTHER_BUSINESS_ID}`, headers: otherAdmin })).json().brand_color).toBeNull();

    const reset = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { brand_color: null } });
    expect(reset.json().brand_color).toBeNull();
  });
});
