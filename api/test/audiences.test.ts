/**
 * Issue 17: a campaign's recipients as a segment the server resolves. The live count of a segment is what
 * a send of that segment enqueues; picked cards of another business are never sent to; campaigns with a
 * `recipients` list (older ones, API clients) are sent as before.
 */
import type { App } from '../src/app';
import { createUser, startTestApp, authHeader, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { createCampaign, createCard } from './helpers/messaging';

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
  let t: TestApp;
  let auth: { authorization: string };
  let cards: Fixture[];
  let foreignCardId: string;

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { worker: { enabled: false } } });
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
  const send = (campaignId: string, service = 'whatsapp') =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/send`, headers: auth, payload: { service, message: 'Promo di primavera' } });
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

    // A contact is reached once per campaign and channel, however often the campaign is sent.
    const again = await send(created.json().id);
    expect(again.json()).toMatchObject({ queued: 0, skipped: 0, alreadyEnqueued: expected.length });
    expect(await jobs(t.app, created.json().id)).toHaveLength(expected.length);
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
    const created = await create({ segment: { kind: 'cards' }, targets: [cards[0].id], channels: ['email'] });
    const sent = await send(created.json().id, 'email');
    expect(sent.json()).toMatchObject({ queued: 0, skipped: 1 });
    expect(await jobs(t.app, created.json().id)).toEqual([{ card_id: cards[0].id, recipient: '', status: 'skipped', skip_reason: 'no_contact' }]);
  });

  it('still sends a campaign whose recipients are a JSON list (older campaigns, API clients)', async () => {
    const legacy = await createCampaign(t.app, BUSINESS_ID, [{ customer_phone: cards[1].phone }, { customer_phone: '+39 333 555 0000' }, { customer_phone: null }]);
    const sent = await send(legacy);
    expect(sent.json()).toMatchObject({ queued: 2, skipped: 1, alreadyEnqueued: 0 });
    expect((await jobs(t.app, legacy)).map((r) => r.recipient).sort()).toEqual(['', '+393331000002', '+393335550000']);

    const viaApi = await create({ recipients: JSON.stringify([{ customer_phone: '+393335550001', email: null }]) });
    expect(viaApi.statusCode).toBe(201);
    expect(viaApi.json()).toMatchObject({ segment: null, recipient_count: 1 });
    expect((await send(viaApi.json().id)).json()).toMatchObject({ queued: 1 });
  });

  it('refuses a segment together with recipients, and picked cards without ids', async () => {
    const both = await create({ segment: { kind: 'all' }, recipients: [{ customer_phone: '+393335550001' }] });
    expect([both.statusCode, both.json()]).toEqual([400, { error: 'Indica i destinatari con un segmento oppure con una lista, non con entrambi' }]);
    const none = await create({ segment: { kind: 'cards' } });
    expect([none.statusCode, none.json()]).toEqual([400, { error: 'Scegli almeno una carta per i destinatari scelti uno per uno' }]);
    expect((await count('kind=cards')).statusCode).toBe(400);
  });

  it('counts only for those allowed to use the business', async () => {
    const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    const foreign = await count('kind=all', other);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    expect((await count('kind=all', {} as { authorization: string })).statusCode).toBe(401);
  });
});
