/**
 * The customer's page, API half (decision 048): the magic link (same answer known or not, one
 * service message on the contact's channel, only the token's hash stored), the one-time exchange for a
 * customer session, the session's separation from admin tokens, the customer's cards and ledger, and the
 * consents the customer changes (a withdrawn channel is skipped by campaigns).
 *
 * Decision 058: the link is read where the customer reads it — in the message the driver is handed at send
 * time (a FakeDriver standing for a provider) — never from the queue or the log, which hold `token=•••`.
 */
import { parse } from 'csv-parse/sync';
import { SignJWT } from 'jose';
import { authHeader, demoAccount, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { FakeDriver } from './helpers/messaging';
import { createCustomerTokenService } from '../src/features/customer/tokens';
import { tokenHash } from '../src/features/customer/repository';
import { DEMO_BUSINESSES } from '../src/seed/demo';

const BAR = DEMO_BUSINESSES[0].id;
const SAME_ANSWER =
  'Se il contatto è registrato, riceverai a breve un link per accedere alla tua carta: per email se hai indicato un’email, per SMS o WhatsApp se hai indicato un numero. Il link vale 15 minuti.';
type Headers = { authorization: string };

describeEachDatabase('the customer API (decision 048)', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let ip = 0;
  const driver = new FakeDriver();
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { messagingDriver: driver });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    await t.app.db.query('UPDATE businesses SET whatsapp_enabled = 1, sms_enabled = 1, email_enabled = 1 WHERE id IN ($1, $2)', [BAR, OTHER_BUSINESS_ID]);
  });
  afterAll(() => t.close());

  const signup = async (businessId: string, email: string, phone: string, marketing: string[] = []) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      remoteAddress: `10.44.0.${++ip}`,
      payload: { email, full_name: 'Marta Verdi', phone, business_id: businessId, privacy_ack: true, marketing_channels: marketing },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; card_number: string };
  };
  /** The request, and the work it does once its answer has left (decision 058). */
  const requestLink = async (contact: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/customer/magic-link', remoteAddress: `10.45.0.${++ip}`, payload: { contact } });
    await t.app.afterAnswer.settled();
    return response;
  };
  const linkJobs = (recipient: string) =>
    t.app.db
      .query<{ channel: string; body: string; business_id: string; card_id: string }>(
        "SELECT channel, body, business_id, card_id FROM messaging_jobs WHERE recipient = $1 AND idempotency_key LIKE 'customer-link:%' ORDER BY id",
        [recipient],
      )
      .then((r) => r.rows);
  const tokenOf = (body: string) => /\/my-card\?token=([A-Za-z0-9_-]+)/.exec(body)![1];
  /** The links the driver was handed for the recipient (the queue sends what is due first). */
  const delivered = async (recipient: string) => {
    await t.app.messaging.worker.drain();
    return driver.messages.filter((m) => m.recipient === recipient && m.body.includes('/my-card?token='));
  };
  const lastToken = async (recipient: string) => tokenOf((await delivered(recipient)).at(-1)!.body);
  const exchange = (token: string) => t.app.inject({ method: 'POST', url: '/api/customer/session', remoteAddress: `10.46.0.${++ip}`, payload: { token } });
  /** A session for the contact through the real link. */
  const sessionFor = async (contact: string, recipient: string): Promise<Headers> => {
    expect((await requestLink(contact)).statusCode).toBe(202);
    const response = await exchange(await lastToken(recipient));
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${response.json().token}` };
  };

  it('answers the same 202 for a known and an unknown contact; only a known one gets one message with the link, and only the hash is stored', async () => {
    await signup(BAR, 'marta.link@example.it', '+39 333 1110001');
    await signup(OTHER_BUSINESS_ID, 'marta.link@example.it', '+39 333 1110001');
    const known = await requestLink('  Marta.Link@Example.it ');
    const unknown = await requestLink('nessuno.qui@example.it');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: SAME_ANSWER });
    expect(unknown.body).toBe(known.body);
    expect(await linkJobs('nessuno.qui@example.it')).toEqual([]);
    const jobs = await linkJobs('marta.link@example.it');
    expect(jobs).toHaveLength(1); // one message, though two shops know the contact
    expect(jobs[0].channel).toBe('email');
    // Decision 058: the shop of the contact's oldest card sends it (a shop that registers the contact later is no route to it).
    expect(jobs[0].business_id).toBe(BAR);
    // The queue holds the placeholder; the token is issued at send time and reaches only the driver.
    expect(jobs[0].body).toContain('http://localhost:3000/my-card?token=•••\n');
    const sent = await delivered('marta.link@example.it');
    expect(sent).toHaveLength(1);
    const token = tokenOf(sent[0].body);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const logged = await t.app.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE recipient = $1', ['marta.link@example.it']);
    expect(logged.rows.filter((m) => m.body.includes('/my-card?token='))).toEqual([{ body: jobs[0].body }]);
    const { rows } = await t.app.db.query<{ token_hash: string; contact_kind: string; contact_value: string; minutes: number }>(
      "SELECT token_hash, contact_kind, contact_value, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM customer_login_links WHERE contact_value = 'marta.link@example.it'",
    );
    expect(rows).toEqual([{ token_hash: tokenHash(token), contact_kind: 'email', contact_value: 'marta.link@example.it', minutes: 15 }]);
    const anywhere = await t.app.db.query("SELECT 1 FROM customer_login_links WHERE token_hash = $1 OR contact_value = 'nessuno.qui@example.it'", [token]);
    expect(anywhere.rows).toEqual([]);
  });

  it('sends a phone contact its link on WhatsApp, else SMS, with the number normalised to E.164', async () => {
    await signup(BAR, 'paolo.tel@example.it', '+39 333 2220002');
    expect((await requestLink('333 222 0002')).statusCode).toBe(202);
    expect((await linkJobs('+393332220002')).map((j) => j.channel)).toEqual(['whatsapp']);
    await t.app.db.query('UPDATE businesses SET whatsapp_enabled = 0 WHERE id = $1', [BAR]);
    try {
      expect((await requestLink('+39 333 2220002')).statusCode).toBe(202);
      expect((await linkJobs('+393332220002')).map((j) => j.channel)).toEqual(['whatsapp', 'sms']);
    } finally {
      await t.app.db.query('UPDATE businesses SET whatsapp_enabled = 1 WHERE id = $1', [BAR]);
    }
  });

  it('never sends the link to another contact of the card: an e-mail no shop reaches by e-mail gets nothing (decision 058)', async () => {
    const card = await signup(BAR, 'senza.email@example.it', '+39 333 2220009');
    await t.app.db.query('UPDATE businesses SET email_enabled = 0 WHERE id = $1', [BAR]);
    try {
      await t.app.messaging.worker.drain();
      const before = driver.messages.length;
      expect((await requestLink('senza.email@example.it')).json()).toEqual({ message: SAME_ANSWER });
      expect(await linkJobs('senza.email@example.it')).toEqual([]);
      expect(await linkJobs('+393332220009')).toEqual([]);
      await t.app.messaging.worker.drain();
      expect(driver.messages.slice(before).filter((m) => m.body.includes('/my-card?token='))).toEqual([]);
      // The phone itself, asked for, gets its own link (its own session).
      expect((await requestLink('+39 333 2220009')).statusCode).toBe(202);
      const response = await exchange(await lastToken('+393332220009'));
      expect(response.json().contact).toEqual({ kind: 'phone', value: '+393332220009' });
      const cards = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { authorization: `Bearer ${response.json().token}` } });
      expect(cards.json().map((c: { id: string }) => c.id)).toEqual([card.id]);
    } finally {
      await t.app.db.query('UPDATE businesses SET email_enabled = 1 WHERE id = $1', [BAR]);
    }
  });

  it('masks an access link in the shop\'s message log whatever the driver (a row written before decision 058 too)', async () => {
    const body = (token: string) => `Bar: ecco il link per vedere la tua carta fedeltà: http://localhost:3000/my-card?token=${token}\nVale 15 minuti.`;
    await t.app.db.query(
      `INSERT INTO outbox_messages (business_id, channel, recipient, body, status, driver) VALUES
         ($1, 'sms', '+393339990001', $2, 'sent', 'twilio'), ($1, 'email', 'log.test@example.it', $3, 'sent', 'smtp'), ($1, 'sms', '+393339990002', $4, 'sent', 'outbox')`,
      [BAR, body('LIVEtwilioTOKEN_123'), body('LIVEsmtpTOKEN-456'), body('TESTmodeTOKEN789')],
    );
    const log = await t.app.inject({ method: 'GET', url: `/api/outbox?businessId=${BAR}&limit=500`, headers: admin });
    expect(log.statusCode).toBe(200);
    expect(log.body).not.toMatch(/LIVEtwilioTOKEN_123|LIVEsmtpTOKEN-456|TESTmodeTOKEN789/);
    const bodies = (log.json().messages as { recipient: string; body: string }[]).filter((m) => /^(\+39333999000|log\.test)/.test(m.recipient));
    expect(bodies.map((m) => [m.recipient, /token=(\S+)/.exec(m.body)![1]])).toEqual(
      expect.arrayContaining([
        ['+393339990001', '•••'],
        ['log.test@example.it', '•••'],
        ['+393339990002', '•••'],
      ]),
    );
  });

  it('refuses a text that is neither an e-mail nor a phone, in Italian, changing nothing', async () => {
    const before = await t.app.db.query('SELECT count(*)::int AS n FROM customer_login_links');
    const response = await requestLink('non è un contatto');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Inserisci un indirizzo email o un numero di telefono valido');
    expect((await t.app.db.query('SELECT count(*)::int AS n FROM customer_login_links')).rows).toEqual(before.rows);
  });

  it('exchanges a link once for a customer session; a used, expired or unknown link is refused in Italian', async () => {
    await signup(BAR, 'uso.unico@example.it', '+39 333 3330003');
    await requestLink('uso.unico@example.it');
    const token = await lastToken('uso.unico@example.it');
    const [first, second] = await Promise.all([exchange(token), exchange(token)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 410]); // atomic: one session only
    const ok = first.statusCode === 200 ? first : second;
    const spent = first.statusCode === 200 ? second : first;
    expect(ok.json()).toMatchObject({ contact: { kind: 'email', value: 'uso.unico@example.it' } });
    const lifetime = Date.parse(ok.json().expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
    expect(spent.json().error).toBe('Questo link è già stato usato o è scaduto: richiedine uno nuovo.');

    await requestLink('uso.unico@example.it');
    const later = await lastToken('uso.unico@example.it');
    await t.app.db.query("UPDATE customer_login_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [tokenHash(later)]);
    const expired = await exchange(later);
    expect(expired.statusCode).toBe(410);
    const unknown = await exchange('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Link non valido: richiedine uno nuovo.');
  });

  it('keeps customer and admin sessions apart, and a customer to the cards of their own contact', async () => {
    const mine = await signup(BAR, 'separati@example.it', '+39 333 4440004');
    const theirs = await signup(BAR, 'altro.cliente@example.it', '+39 333 4440005');
    const customer = await sessionFor('separati@example.it', 'separati@example.it');
    // An admin route refuses a customer's token.
    for (const url of [`/api/loyalty-cards/business/${BAR}`, `/api/loyalty-cards/${mine.id}`, `/api/loyalty-cards/${mine.id}/ledger`, '/api/auth/me']) {
      expect((await t.app.inject({ method: 'GET', url, headers: customer })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200); // the same route opens for the admin
    }
    const tokens = createCustomerTokenService(TEST_JWT_SECRET);
    const expired = await new SignJWT({ typ: 'customer', kind: 'email' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('separati@example.it')
      .setIssuer('loyalty-api')
      .setAudience('loyalty-customer')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    // Well signed, but no session stands behind it (decision 058): refused like an ended one.
    const forged = await tokens.sign({ kind: 'email', value: 'separati@example.it' }, 'nessuna-sessione');
    const other = await sessionFor('altro.cliente@example.it', 'altro.cliente@example.it');
    const routes = [
      { method: 'GET' as const, url: '/api/customer/cards' },
      { method: 'GET' as const, url: `/api/customer/cards/${mine.id}/ledger` },
      { method: 'PUT' as const, url: `/api/customer/cards/${mine.id}/consents`, payload: { marketing_channels: [] } },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: admin })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: customer })).statusCode).toBe(200);
      // Another customer's session and this customer's card: not theirs.
      if (route.url.includes(mine.id)) expect((await t.app.inject({ ...route, headers: other })).statusCode).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: other });
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([theirs.id]);
  });

  it('lists the contact’s cards in every shop with balance, QR link, rewards and consents; the ledger newest first', async () => {
    const bar = await signup(BAR, 'due.negozi@example.it', '+39 333 5550005', ['email']);
    const other = await signup(OTHER_BUSINESS_ID, 'due.negozi@example.it', '+39 333 5550005');
    for (const amount of [10, 5]) {
      const added = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${bar.id}/points`, headers: admin, payload: { points: amount, description: 'Spesa' } });
      expect(added.statusCode).toBe(200);
    }
    await t.app.db.query("INSERT INTO rewards (business_id, name, cost) VALUES ($1, 'Caffè omaggio', 10), ($1, 'Torta', 100)", [BAR]);
    const customer = await sessionFor('due.negozi@example.it', 'due.negozi@example.it');
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: customer });
    expect(response.statusCode).toBe(200);
    const cards = response.json() as Record<string, unknown>[];
    expect(cards.map((c) => c.id)).toEqual([other.id, bar.id]);
    const barCard = cards[1];
    expect(barCard).toMatchObject({
      card_number: bar.card_number,
      business_id: BAR,
      business_name: DEMO_BUSINESSES[0].name,
      points: 15,
      wallet: null,
      consents: { service: true, marketing_channels: ['email'] },
      next_reward: { name: 'Torta', cost: 100 },
      expiring: null,
    });
    expect((barCard.rewards_available as { name: string }[]).map((r) => r.name)).toContain('Caffè omaggio');
    expect(barCard.qr_link).toMatch(new RegExp(`^http://localhost:3000/dashboard/add-points\\?card_id=${bar.id}&user_id=`));
    expect(response.body).not.toMatch(/author|password|token_version/);
    // Decision 049: the shop's colour for the card image, its active channels, and when each granted channel lapses.
    expect(barCard.brand_color).toBeNull();
    expect((barCard.consents as { available_channels: string[] }).available_channels).toEqual(['whatsapp', 'sms', 'email']);
    const lapses = (barCard.consents as { marketing_lapses: { channel: string; lapses_at: string }[] }).marketing_lapses;
    expect(lapses.map((l) => l.channel)).toEqual(['email']);
    const granted = await t.app.db.query<{ at: string }>("SELECT occurred_at AS at FROM consent_events WHERE card_id = $1 AND channel = 'email' AND granted", [bar.id]);
    const expected = new Date(granted.rows[0].at);
    expected.setUTCMonth(expected.getUTCMonth() + 24);
    expect(Math.abs(Date.parse(lapses[0].lapses_at) - expected.getTime())).toBeLessThan(2 * 24 * 3600_000);
    expect((cards[0].consents as { marketing_lapses: unknown[] }).marketing_lapses).toEqual([]);
    await t.app.db.query("UPDATE businesses SET brand_color = '#f5e6c8', sms_enabled = 0 WHERE id = $1", [BAR]);
    try {
      const again = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: customer })).json() as { id: string; brand_color: string; consents: { available_channels: string[] } }[];
      const barAgain = again.find((c) => c.id === bar.id)!;
      expect(barAgain.brand_color).toBe('#f5e6c8');
      expect(barAgain.consents.available_channels).toEqual(['whatsapp', 'email']);
    } finally {
      await t.app.db.query('UPDATE businesses SET brand_color = NULL, sms_enabled = 1 WHERE id = $1', [BAR]);
    }
    // A channel with no grant recorded (a card older than the history) lapses 24 months after the card's creation;
    // a renewal (renew: true) restarts the 24 months from now.
    await t.app.db.query("UPDATE loyalty_cards SET marketing_channels = '{sms}', created_at = now() - interval '23 months' WHERE id = $1", [other.id]);
    const lapseOf = async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: customer })).json() as { id: string; consents: { marketing_lapses: { channel: string; lapses_at: string }[] } }[];
      const found = list.find((c) => c.id === other.id)!.consents.marketing_lapses;
      expect(found.map((l) => l.channel)).toEqual(['sms']);
      return Date.parse(found[0].lapses_at) - Date.now();
    };
    expect(await lapseOf()).toBeLessThan(32 * 24 * 3600_000);
    const renewed = await t.app.inject({ method: 'PUT', url: `/api/customer/cards/${other.id}/consents`, headers: customer, payload: { marketing_channels: ['sms'], renew: true } });
    expect(renewed.json()).toMatchObject({ granted: ['sms'], withdrawn: [] });
    expect(await lapseOf()).toBeGreaterThan(700 * 24 * 3600_000);

    const ledger = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${bar.id}/ledger`, headers: customer });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().map((e: { points: number; kind: string }) => [e.points, e.kind])).toEqual([
      [5, 'credit'],
      [10, 'credit'],
    ]);
    expect(ledger.body).not.toMatch(/author/);
  });

  it('records the customer’s consent change (source customer_page) and a withdrawn channel is skipped by campaigns', async () => {
    const card = await signup(BAR, 'consenso.cliente@example.it', '+39 333 6660006', ['email', 'whatsapp']);
    const campaign = async (name: string) =>
      (await t.app.db.query<{ id: string }>("INSERT INTO campaigns (business_id, name) VALUES ($1, $2) RETURNING id", [BAR, name])).rows[0].id;
    const send = async (campaignId: string) =>
      t.app.messaging.repo.enqueueCampaign({ businessId: BAR, campaignId, channel: 'email', body: 'Offerta', contacts: ['consenso.cliente@example.it'] });
    expect((await send(await campaign('Prima'))).queued).toBe(1);

    const customer = await sessionFor('consenso.cliente@example.it', 'consenso.cliente@example.it');
    const response = await t.app.inject({ method: 'PUT', url: `/api/customer/cards/${card.id}/consents`, headers: customer, payload: { marketing_channels: ['whatsapp'] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Preferenze salvate', card_id: card.id, marketing_channels: ['whatsapp'], granted: [], withdrawn: ['email'] });
    const { rows } = await t.app.db.query<{ channel: string; granted: boolean; source: string; wording_version: string }>(
      "SELECT channel, granted, source, wording_version FROM consent_events WHERE card_id = $1 AND source = 'customer_page'",
      [card.id],
    );
    expect(rows).toEqual([{ channel: 'email', granted: false, source: 'customer_page', wording_version: 'marketing-v1' }]);
    const after = await send(await campaign('Seconda'));
    expect(after.queued).toBe(0);
    expect(after.skipped).toBe(1);

    const bad = await t.app.inject({ method: 'PUT', url: `/api/customer/cards/${card.id}/consents`, headers: customer, payload: { marketing_channels: ['piccione'] } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.db.query('SELECT marketing_channels FROM loyalty_cards WHERE id = $1', [card.id])).rows[0].marketing_channels).toEqual(['whatsapp']);
  });

  it('hands the customer a copy of everything held, in JSON and in a formula-safe CSV', async () => {
    const card = await signup(BAR, 'copia.dati@example.it', '+39 333 7770007', ['email']);
    await t.app.db.query("UPDATE loyalty_cards SET customer_name = '=HYPERLINK(\"x\")' WHERE id = $1", [card.id]);
    await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, headers: admin, payload: { points: 7, description: 'Spesa' } });
    // Evidence kept with a consent (an import's «fonte consenso», decision 050) is part of what is held.
    await t.app.db.query(
      "INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at, evidence) SELECT id, business_id, 'marketing', 'sms', false, 'unknown', 'import', now() - interval '1 day', '=modulo cartaceo' FROM loyalty_cards WHERE id = $1",
      [card.id],
    );
    const customer = await sessionFor('copia.dati@example.it', 'copia.dati@example.it');
    const json = await t.app.inject({ method: 'GET', url: '/api/customer/export.json', headers: customer });
    expect(json.statusCode).toBe(200);
    const copy = json.json();
    expect(copy.cards).toEqual([expect.objectContaining({ id: card.id, email: 'copia.dati@example.it', customer_phone: '+393337770007', points: 7, marketing_channels: ['email'] })]);
    expect(copy.ledger.map((e: { points: number }) => e.points)).toEqual([7]);
    expect(copy.consent_events.map((e: { purpose: string; source: string }) => [e.purpose, e.source])).toEqual(expect.arrayContaining([['service', 'signup'], ['marketing', 'signup']]));
    expect(copy.consent_events).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'import', channel: 'sms', evidence: '=modulo cartaceo', recorded_at: expect.any(String) })]));
    // The link message is in the copy, with the placeholder only (no copy of a message holds a token).
    const link = copy.messages.find((m: { body: string }) => m.body.includes('/my-card'));
    expect(link.body).toContain('token=•••');
    expect(json.body).not.toMatch(/auth_token|provider_message_id|lock_token/);

    const csv = await t.app.inject({ method: 'GET', url: '/api/customer/export.csv', headers: customer });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Parsed as a spreadsheet reads it: every record has its six cells (a message body on several lines stays one cell).
    const rows: string[][] = parse(csv.body, { delimiter: ';', bom: true, record_delimiter: '\r\n', relax_column_count: false });
    expect(rows[0]).toEqual(['Tipo', 'Negozio', 'Numero carta', 'Data', 'Campo', 'Valore']);
    const of = (kind: string) => rows.filter((r) => r[0] === kind);
    // Dates as Italian Excel shows them (Europe/Rome), not ISO codes.
    for (const r of rows.slice(1)) expect(r[3]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(of('Carta').find((r) => r[4] === 'Nome')?.[5]).toBe('\'=HYPERLINK("x")');
    expect(of('Carta').find((r) => r[4] === 'Consenso marketing')?.[5]).toBe('Email');
    expect(of('Consenso').map((r) => [r[4], r[5]])).toEqual(
      expect.arrayContaining([
        ['Marketing SMS', 'revocato (importazione, testo unknown, prova: =modulo cartaceo)'],
        ['Marketing Email', 'dato (modulo di iscrizione, testo marketing-v1)'],
      ]),
    );
    expect(of('Movimento').map((r) => r[5])).toEqual(['7']);
    expect(of('Messaggio').some((r) => /^Email a copia\.dati@example\.it \((in coda|inviato)\)$/.test(r[4]) && r[5].includes('token=•••'))).toBe(true);
  });

  it('erases a card’s personal data: confirmation queued first, other jobs cancelled, consent withdrawn, ledger amounts and shop totals kept', async () => {
    const card = await signup(BAR, 'cancellami@example.it', '+39 333 8880008', ['email', 'sms']);
    const keep = await signup(OTHER_BUSINESS_ID, 'cancellami@example.it', '+39 333 8880008');
    await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, headers: admin, payload: { points: 12, description: 'Spesa di Mario Rossi' } });
    const customer = await sessionFor('cancellami@example.it', 'cancellami@example.it');
    const queued = await t.app.messaging.repo.enqueueOne({ businessId: BAR, cardId: card.id, channel: 'email', recipient: 'cancellami@example.it', body: 'In coda', idempotencyKey: 'test:erase:queued' });
    const totals = () =>
      t.app.db
        .query<{ points: string; ledger: string; rows: number }>(
          'SELECT (SELECT sum(points)::text FROM loyalty_cards WHERE business_id = $1) AS points, (SELECT sum(l.points)::text FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id WHERE c.business_id = $1) AS ledger, (SELECT count(*)::int FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id WHERE c.business_id = $1) AS rows',
          [BAR],
        )
        .then((r) => r.rows[0]);
    const before = await totals();
    const userId = (await t.app.db.query<{ user_id: string }>('SELECT user_id FROM loyalty_cards WHERE id = $1', [card.id])).rows[0].user_id;

    expect((await t.app.inject({ method: 'POST', url: '/api/customer/erase', headers: customer, payload: {} })).statusCode).toBe(400);
    const stranger = await signup(BAR, 'estraneo@example.it', '+39 333 8880009');
    expect((await t.app.inject({ method: 'POST', url: '/api/customer/erase', headers: customer, payload: { card_id: stranger.id } })).statusCode).toBe(404);

    const response = await t.app.inject({ method: 'POST', url: '/api/customer/erase', headers: customer, payload: { card_id: card.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'I dati personali della carta sono stati cancellati.', erased: [card.id], session_ended: false });
    const { rows } = await t.app.db.query('SELECT customer_name, email, customer_phone, birth_date, user_id, marketing_channels, points FROM loyalty_cards WHERE id = $1', [card.id]);
    expect(rows).toEqual([{ customer_name: 'Cliente eliminato', email: null, customer_phone: null, birth_date: null, user_id: null, marketing_channels: [], points: 12 }]);
    expect(await totals()).toEqual(before);
    const ledger = await t.app.db.query('SELECT points, description FROM points_ledger WHERE card_id = $1', [card.id]);
    expect(ledger.rows).toEqual([{ points: 12, description: 'Accredito' }]);
    const withdrawals = await t.app.db.query("SELECT channel FROM consent_events WHERE card_id = $1 AND source = 'customer_page' AND NOT granted ORDER BY channel", [card.id]);
    expect(withdrawals.rows).toEqual([{ channel: 'email' }, { channel: 'sms' }]);
    // Decision 058: the cancelled job keeps its row, but neither recipient nor text (nor the key, which may name the
    // contact); the confirmation keeps its recipient until it is sent.
    const jobs = await t.app.db.query<{ idempotency_key: string; status: string; skip_reason: string | null; recipient: string; body: string }>(
      'SELECT idempotency_key, status, skip_reason, recipient, body FROM messaging_jobs WHERE id = $1 OR idempotency_key = $2 ORDER BY id',
      [queued, `customer-erase:${card.id}`],
    );
    expect(jobs.rows).toEqual([
      { idempotency_key: `erased:${queued}`, status: 'skipped', skip_reason: 'erased', recipient: 'dato cancellato', body: expect.stringMatching(/^Testo cancellato/) },
      { idempotency_key: `customer-erase:${card.id}`, status: 'queued', skip_reason: null, recipient: 'cancellami@example.it', body: expect.stringContaining('abbiamo cancellato i dati personali') },
    ]);
    // The account still holds the other shop's card: it stays; the erased card is no longer the customer's.
    expect((await t.app.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: customer });
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([keep.id]);

    const all = await t.app.inject({ method: 'POST', url: '/api/customer/erase', headers: customer, payload: { all: true } });
    expect(all.json()).toEqual({ message: 'I dati personali delle tue carte sono stati cancellati.', erased: [keep.id], session_ended: true });
    expect((await t.app.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows).toHaveLength(0);
    expect((await t.app.db.query("SELECT 1 FROM customer_login_links WHERE contact_value = 'cancellami@example.it'")).rows).toHaveLength(0);
    // No card left for the contact: its session ended on the server.
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: customer })).statusCode).toBe(401);
  });

  it('limits link requests per contact', async () => {
    const limited = await startTestApp(variant, { seedDemo: true, customerLinkPerContactPerMinute: 2, messaging: { worker: { enabled: false } } });
    try {
      const ask = (n: number) => limited.app.inject({ method: 'POST', url: '/api/customer/magic-link', remoteAddress: `10.47.0.${n}`, payload: { contact: 'limite@example.it' } });
      expect((await ask(1)).statusCode).toBe(202);
      expect((await ask(2)).statusCode).toBe(202);
      const third = await ask(3);
      expect(third.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
