/**
 * A campaign's recipients as a segment the server resolves. The live count of a segment is what
 * a send of that segment enqueues; picked cards of another business are never sent to; campaigns with a
 * `recipients` list (older ones, API clients) are sent as before, to the contacts whose card agrees to the
 * send's channel (decision 025).
 */
import type { App } from '../src/app';
import { createUser, startTestApp, authHeader, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { consentingCards, createCampaign, createCard, NOTHING_SENT_NO_CONSENT, withHeldUntil } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-segmenti';
const OWNER = { email: 'titolare.segmenti@test.it', password: 'Segmenti2026!' };

interface Fixture {
  id: string;
  name: string;
  phone: string | null;
  consent: boolean;
  points: number;
}

/** Cards with distinct phones (one each), so the cards of a segment and the messages of a send are one to one. */
const CARDS: Omit<Fixture, 'id'>[] = [
  { name: 'Anna Rossi', phone: '+39 333 100 0001', consent: true, points: 0 },
  { name: 'Bruno Bianchi', phone: '+393331000002', consent: true, points: 40 },
  { name: 'Carla Verdi', phone: '+393331000003', consent: false, points: 120 },
  { name: 'Dario Rossi', phone: null, consent: true, points: 500 },
  { name: 'Elena Neri', phone: '+393331000005', consent: true, points: 1500 },
  { name: 'Fabio Gallo', phone: '+393331000006', consent: false, points: 0 },
  { name: 'Giulia Rossini', phone: '+393331000007', consent: true, points: 75 },
];
/** Replied STOP: skipped as opt_out whatever the segment. */
const OPTED_OUT_PHONE = '+393331000007';

const SEGMENTS: { segment: { kind: 'all' | 'active' | 'inactive' | 'consent'; min_points?: number; q?: string }; matches: (c: Fixture) => boolean }[] = [
  { segment: { kind: 'all' }, matches: () => true },
  { segment: { kind: 'active' }, matches: (c) => c.points > 0 },
  { segment: { kind: 'inactive' }, matches: (c) => c.points <= 0 },
  { segment: { kind: 'consent' }, matches: (c) => c.consent },
  { segment: { kind: 'all', min_points: 100 }, matches: (c) => c.points >= 100 },
  { segment: { kind: 'active', q: 'rossi' }, matches: (c) => c.points > 0 && /rossi/i.test(c.name) },
  { segment: { kind: 'consent', min_points: 50, q: 'ROSSI' }, matches: (c) => c.consent && c.points >= 50 && /rossi/i.test(c.name) },
];

describeEachDatabase('campaign segments', (variant) => {
  let now = new Date();
  let t: TestApp;
  let auth: { authorization: string };
  let cards: Fixture[];
  let foreignCardId: string;

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { worker: { enabled: false } } }, { clock: () => now });
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Segmenti' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Segmenti', $2, 1, 1, 1)`, [
      BUSINESS_ID,
      owner.id,
    ]);
    cards = [];
    for (const card of CARDS) cards.push({ ...card, id: await createCard(t.app, BUSINESS_ID, card) });
    await t.app.messaging.repo.addOptOut(BUSINESS_ID, OPTED_OUT_PHONE);
    await createOtherAdmin(t.app);
    foreignCardId = await createCard(t.app, OTHER_BUSINESS_ID, { name: 'Cliente Altrove', phone: '+393339999999', consent: true, points: 10 });
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  const count = (query: string, headers = auth) => t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${BUSINESS_ID}/count?${query}`, headers });
  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Segmento', channels: ['whatsapp'], ...payload } });
  // Each send on a day of its own, after its preview: the same cards get several campaigns here, and one marketing
  // message per card a day (decision 080) is automations.test.ts's subject.
  const send = async (campaignId: string, service = 'whatsapp') => {
    const response = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/send`, headers: auth, payload: { service, message: 'Promo di primavera' } });
    now = new Date(now.getTime() + 86_400_000);
    return response;
  };
  const jobs = async (app: App, campaignId: string) =>
    (
      await app.db.query<{ card_id: string | null; recipient: string; status: string; skip_reason: string | null }>(
        'SELECT card_id, recipient, status, skip_reason FROM messaging_jobs WHERE campaign_id = $1 ORDER BY card_id',
        [campaignId],
      )
    ).rows;

  it.each(SEGMENTS.map((s) => [JSON.stringify(s.segment), s] as const))('segment %s: the live count is what a send enqueues, with today’s skip rules', async (_name, { segment, matches }) => {
    const expected = cards.filter(matches);
    const query = new URLSearchParams(Object.entries(segment).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const counted = await count(query);
    expect([counted.statusCode, counted.json()]).toEqual([200, { count: expected.length }]);

    const created = await create({ segment });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ segment, recipients: [], targets: [], recipient_count: expected.length });

    const sent = await send(created.json().id);
    expect(sent.statusCode).toBe(200);
    const rows = await jobs(t.app, created.json().id);
    expect(sent.json()).toMatchObject({ queued: rows.filter((r) => r.status === 'queued').length, skipped: rows.filter((r) => r.status === 'skipped').length, alreadyEnqueued: 0 });
    expect(rows.length).toBe(expected.length);
    const reason = (c: Fixture) =>
      !c.phone ? 'no_contact' : c.phone.replace(/\s/g, '') === OPTED_OUT_PHONE ? 'opt_out' : !c.consent ? 'no_consent' : null;
    expect(rows).toEqual(
      expected
        .map((c) => ({
          card_id: c.id,
          recipient: c.phone ? c.phone.replace(/\s/g, '') : '',
          status: reason(c) ? 'skipped' : 'queued',
          skip_reason: reason(c),
        }))
        .sort((a, b) => (a.card_id < b.card_id ? -1 : 1)),
    );

    // A contact is reached once per campaign and channel, however often the campaign is sent; the ones skipped are
    // judged again (migration 045), by the same rules, so skipped again: one job each, as they were.
    const again = await send(created.json().id);
    const reached = rows.filter((r) => r.status === 'queued').length;
    expect(again.json()).toMatchObject({ queued: 0, skipped: rows.length - reached, alreadyEnqueued: reached });
    expect(await jobs(t.app, created.json().id)).toEqual(rows);
  });

  it('resolves the segment when the campaign is sent, not when it was created', async () => {
    const created = await create({ segment: { kind: 'consent', q: 'Nuova Cliente' } });
    expect(created.json().recipient_count).toBe(0);
    const id = await createCard(t.app, BUSINESS_ID, { name: 'Nuova Cliente', phone: '+393331000099', consent: true, points: 5 });
    const sent = await send(created.json().id);
    expect(sent.json()).toMatchObject({ queued: 1, skipped: 0 });
    expect(await jobs(t.app, created.json().id)).toEqual([{ card_id: id, recipient: '+393331000099', status: 'queued', skip_reason: null }]);
    await t.app.db.query('DELETE FROM loyalty_cards WHERE id = $1', [id]);
  });

  it('sends cards picked one by one, and never a picked card of another business', async () => {
    const picked = [cards[1].id, cards[4].id, foreignCardId];
    const created = await create({ segment: { kind: 'cards' }, targets: picked });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ segment: { kind: 'cards' }, targets: picked, recipient_count: 2 });
    const sent = await send(created.json().id);
    expect(sent.json()).toMatchObject({ queued: 2, skipped: 0, alreadyEnqueued: 0 });
    const rows = await jobs(t.app, created.json().id);
    expect(rows.map((r) => r.card_id).sort()).toEqual([cards[1].id, cards[4].id].sort());
    expect(rows.map((r) => r.recipient)).not.toContain('+393339999999');
    const { rows: foreign } = await t.app.db.query('SELECT 1 FROM messaging_jobs WHERE card_id = $1', [foreignCardId]);
    expect(foreign).toEqual([]);
  });

  it('skips a picked card without an e-mail on the e-mail channel', async () => {
    const created = await create({ segment: { kind: 'cards' }, targets: [cards[0].id], channels: ['email'], subject: 'Promo di primavera' });
    const sent = await send(created.json().id, 'email');
    expect(sent.json()).toMatchObject({ queued: 0, skipped: 1 });
    expect(await jobs(t.app, created.json().id)).toEqual([{ card_id: cards[0].id, recipient: '', status: 'skipped', skip_reason: 'no_contact' }]);
  });

  it('still sends a campaign whose recipients are a JSON list (older campaigns, API clients)', async () => {
    // Decision 025: listed contacts are reached only through a card of the business agreeing to the channel.
    const listed = await consentingCards(t.app, BUSINESS_ID, ['+393335550000', '+393335550001'], ['whatsapp']);
    const legacy = await createCampaign(t.app, BUSINESS_ID, [{ customer_phone: cards[1].phone }, { customer_phone: '+39 333 555 0000' }, { customer_phone: null }]);
    const sent = await send(legacy);
    expect(sent.json()).toMatchObject({ queued: 2, skipped: 1, alreadyEnqueued: 0 });
    expect((await jobs(t.app, legacy)).map((r) => r.recipient).sort()).toEqual(['', '+393331000002', '+393335550000']);

    const viaApi = await create({ recipients: JSON.stringify([{ customer_phone: '+393335550001', email: null }]) });
    expect(viaApi.statusCode).toBe(201);
    expect(viaApi.json()).toMatchObject({ segment: null, recipient_count: 1 });
    expect((await send(viaApi.json().id)).json()).toMatchObject({ queued: 1 });
    await t.app.db.query('DELETE FROM loyalty_cards WHERE id = ANY($1::text[])', [listed]);
  });

  it('refuses a segment together with recipients, and picked cards without ids', async () => {
    const both = await create({ segment: { kind: 'all' }, recipients: [{ customer_phone: '+393335550001' }] });
    expect([both.statusCode, both.json()]).toEqual([400, { error: 'Indica i destinatari con un segmento oppure con una lista, non con entrambi' }]);
    const none = await create({ segment: { kind: 'cards' } });
    expect([none.statusCode, none.json()]).toEqual([400, { error: 'Scegli almeno una carta per i destinatari scelti uno per uno' }]);
    expect((await count('kind=cards')).statusCode).toBe(400);
  });

  describe('marketing consent per channel (decision 025)', () => {
    const SHOP = 'test-negozio-canali';
    /** Distinct phones; `stop`: replied STOP (checked before consent). */
    const PEOPLE: { key: string; channels: ('whatsapp' | 'sms' | 'email')[]; stop?: boolean }[] = [
      { key: 'wa', channels: ['whatsapp'] },
      { key: 'sms', channels: ['sms'] },
      { key: 'tutti', channels: ['whatsapp', 'sms', 'email'] },
      { key: 'nessuno', channels: [] },
      { key: 'email', channels: ['email'] },
      { key: 'stop', channels: ['whatsapp', 'sms'], stop: true },
      { key: 'stopSenza', channels: [], stop: true },
    ];
    const ids: Record<string, string> = {};
    const phone = (i: number) => `+39333200000${i}`;
    const shopCount = (query: string) => t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${SHOP}/count?${query}`, headers: auth });
    const createIn = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: SHOP, name: 'Canali', channels: ['sms'], ...payload } });
    const reasons = async (campaignId: string, channel: string) =>
      Object.fromEntries(
        (
          await t.app.db.query<{ card_id: string; status: string; skip_reason: string | null }>(
            'SELECT card_id, status, skip_reason FROM messaging_jobs WHERE campaign_id = $1 AND channel = $2',
            [campaignId, channel],
          )
        ).rows.map((r) => [Object.keys(ids).find((k) => ids[k] === r.card_id) ?? r.card_id, r.skip_reason ?? r.status]),
      );

    beforeAll(async () => {
      const { rows } = await t.app.db.query<{ owner_id: string }>('SELECT owner_id FROM businesses WHERE id = $1', [BUSINESS_ID]);
      await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Canali', $2, 1, 1, 1)`, [
        SHOP,
        rows[0].owner_id,
      ]);
      for (const [i, person] of PEOPLE.entries()) {
        ids[person.key] = await createCard(t.app, SHOP, { name: `Canale ${person.key}`, phone: phone(i), email: `${person.key}@canali.it`, consent: person.channels });
        if (person.stop) await t.app.messaging.repo.addOptOut(SHOP, phone(i));
      }
    });

    it('counts consent on the channels asked for, on any channel without them', async () => {
      const counted = async (query: string) => (await shopCount(query)).json().count;
      expect(await counted('kind=consent&channels=sms')).toBe(3);
      expect(await counted('kind=consent&channels=whatsapp')).toBe(3);
      expect(await counted('kind=consent&channels=email')).toBe(2);
      expect(await counted('kind=consent&channels=sms,whatsapp')).toBe(4);
      expect(await counted('kind=consent&channels=sms&channels=email')).toBe(4);
      expect(await counted('kind=consent')).toBe(5);
      // Channels only narrow the consent segment.
      expect(await counted('kind=all&channels=sms')).toBe(PEOPLE.length);
      const wrong = await shopCount('kind=consent&channels=fax');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('Campo "canale 1" non valido');
    });

    it("sends a consent segment to those who agreed to the send's channel: the count the dialog showed, queued or skipped", async () => {
      const created = await createIn({ segment: { kind: 'consent' }, channels: ['sms'] });
      expect(created.json().recipient_count).toBe((await shopCount('kind=consent&channels=sms')).json().count);
      const id = created.json().id;

      const sms = await send(id, 'sms');
      expect(sms.json()).toMatchObject({ queued: 2, skipped: 1, skippedByReason: { noConsent: 0, optedOut: 1, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 } });
      expect(await reasons(id, 'sms')).toEqual({ sms: 'queued', tutti: 'queued', stop: 'opt_out' });

      // The same campaign on WhatsApp: the segment follows the channel of the send.
      const whatsapp = await send(id, 'whatsapp');
      expect(whatsapp.json()).toMatchObject({ queued: 2, skipped: 1, skippedByReason: { noConsent: 0, optedOut: 1, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 } });
      expect(await reasons(id, 'whatsapp')).toEqual({ wa: 'queued', tutti: 'queued', stop: 'opt_out' });
    });

    it('sends a whole segment only to who agreed to the channel, and counts every other card as skipped with its reason', async () => {
      const created = await createIn({ segment: { kind: 'all' } });
      const total = (await shopCount('kind=all')).json().count;
      expect(created.json().recipient_count).toBe(total);
      const id = created.json().id;
      // STOP was sent from the phones: it stops WhatsApp and SMS, not e-mail.
      for (const [channel, reached, optedOut] of [
        ['sms', ['sms', 'tutti'], 2],
        ['whatsapp', ['wa', 'tutti'], 2],
        ['email', ['tutti', 'email'], 0],
      ] as const) {
        const outcome = (await send(id, channel)).json();
        expect(outcome.queued).toBe(reached.length);
        expect(outcome.skippedByReason).toEqual({ noConsent: PEOPLE.length - reached.length - optedOut, optedOut, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 });
        expect(outcome.queued + outcome.skipped).toBe(total);
        const got = await reasons(id, channel);
        expect(Object.keys(got).filter((k) => got[k] === 'queued').sort()).toEqual([...reached].sort());
        // STOP comes first: it wins over consent, and over the lack of it.
        if (optedOut > 0) expect([got.stop, got.stopSenza]).toEqual(['opt_out', 'opt_out']);
      }
    });

    it('skips a listed contact whose card agreed to another channel only (campaigns with a recipients list)', async () => {
      const campaign = await createCampaign(t.app, SHOP, [{ customer_phone: phone(0), email: 'wa@canali.it' }]);
      const sms = await send(campaign, 'sms');
      expect(sms.json()).toMatchObject({ queued: 0, skipped: 1, skippedByReason: { noConsent: 1 }, message: 'Nessun messaggio inviato: 1 destinatario senza consenso marketing' });
      expect((await send(campaign, 'email')).json()).toMatchObject({ queued: 0, skippedByReason: { noConsent: 1 } });
      expect((await send(campaign, 'whatsapp')).json()).toMatchObject({ queued: 1, skipped: 0 });
    });

    it('skips a listed contact on no card of the business: consent is known only for card holders (art. 130 Codice privacy)', async () => {
      // A card of another business agreeing to everything gives no consent here.
      const NO_CARD = '+393339999999';
      const NO_CARD_EMAIL = 'sconosciuto@canali.it';
      const campaign = await createCampaign(t.app, SHOP, [{ customer_phone: NO_CARD, email: NO_CARD_EMAIL }]);
      for (const channel of ['sms', 'whatsapp', 'email']) {
        const outcome = await send(campaign, channel);
        expect([outcome.statusCode, outcome.json()]).toEqual([200, withHeldUntil(NOTHING_SENT_NO_CONSENT)]);
      }
      // Nothing queued: one skipped job per channel, on no card.
      const skipped = await t.app.db.query('SELECT channel, card_id, recipient, status, skip_reason FROM messaging_jobs WHERE campaign_id = $1 ORDER BY channel', [campaign]);
      expect(skipped.rows).toEqual([
        { channel: 'email', card_id: null, recipient: NO_CARD_EMAIL, status: 'skipped', skip_reason: 'no_consent' },
        { channel: 'sms', card_id: null, recipient: NO_CARD, status: 'skipped', skip_reason: 'no_consent' },
        { channel: 'whatsapp', card_id: null, recipient: NO_CARD, status: 'skipped', skip_reason: 'no_consent' },
      ]);

      // The same contact once it holds a card of the shop: skipped on a channel the card did not agree to, sent on the one it did.
      const [cardId] = await consentingCards(t.app, SHOP, [NO_CARD], ['sms']);
      const again = await createCampaign(t.app, SHOP, [{ customer_phone: NO_CARD }]);
      expect((await send(again, 'whatsapp')).json()).toMatchObject({
        message: 'Nessun messaggio inviato: 1 destinatario senza consenso marketing',
        queued: 0,
        skippedByReason: { noConsent: 1 },
      });
      expect((await send(again, 'sms')).json()).toMatchObject({ queued: 1, skipped: 0, skippedByReason: { noConsent: 0 } });
      const { rows } = await t.app.db.query('SELECT channel, card_id, status, skip_reason FROM messaging_jobs WHERE campaign_id = $1 ORDER BY channel', [again]);
      expect(rows).toEqual([
        { channel: 'sms', card_id: cardId, status: 'queued', skip_reason: null },
        { channel: 'whatsapp', card_id: cardId, status: 'skipped', skip_reason: 'no_consent' },
      ]);
      await t.app.db.query('DELETE FROM loyalty_cards WHERE id = $1', [cardId]);
    });

    it('still sends the connection test (not a campaign) to a test recipient on no card', async () => {
      for (const [service, testRecipient, recipient] of [
        ['whatsapp', '333 444 5555', '+393334445555'],
        ['sms', '+393334445555', '+393334445555'],
        ['email', 'Prova@Canali.it', 'prova@canali.it'],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url: '/api/twilio/test-connection', headers: auth, payload: { businessId: SHOP, service, testRecipient } });
        expect(response.statusCode).toBe(200);
        const { rows } = await t.app.db.query(
          'SELECT status, campaign_id FROM outbox_messages WHERE business_id = $1 AND channel = $2 AND recipient = $3',
          [SHOP, service, recipient],
        );
        expect(rows).toEqual([{ status: 'sent', campaign_id: null }]);
      }
    });

    it('sends an Easy SMS WhatsApp only to a holder who agreed to WhatsApp; STOP still answers 400', async () => {
      const easy = (key: string) =>
        t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${ids[key]}/send-whatsapp`, headers: auth, payload: { message: 'Ciao, ti aspettiamo!' } });
      const jobsOf = async (key: string) => (await t.app.db.query("SELECT 1 FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'card:%'", [ids[key]])).rows.length;

      const refused = await easy('sms');
      expect([refused.statusCode, refused.json()]).toEqual([200, withHeldUntil(NOTHING_SENT_NO_CONSENT)]);
      expect(await jobsOf('sms')).toBe(0);
      expect((await easy('wa')).json()).toMatchObject({ queued: 1, skipped: 0 });
      expect(await jobsOf('wa')).toBe(1);
      const stop = await easy('stop');
      expect([stop.statusCode, stop.json()]).toEqual([400, { error: 'Il cliente ha chiesto di non ricevere messaggi' }]);
    });

    it('still sends the bonus WhatsApp (a service message) to a holder without WhatsApp marketing consent', async () => {
      await t.app.db.query('UPDATE businesses SET bonus_threshold = 100 WHERE id = $1', [SHOP]);
      for (const key of ['nessuno', 'sms']) {
        const added = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${ids[key]}/points`, headers: auth, payload: { points: 150, description: 'Spesa' } });
        expect(added.statusCode).toBe(200);
        const { rows } = await t.app.db.query("SELECT status FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'bonus:%'", [ids[key]]);
        expect(rows).toEqual([{ status: 'queued' }]);
      }
    });
  });

  it('counts only for those allowed to use the business', async () => {
    const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    const foreign = await count('kind=all', other);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    expect((await count('kind=all', {} as { authorization: string })).statusCode).toBe(401);
  });
});
