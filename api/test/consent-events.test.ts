/**
 * Decision 047: consent with evidence. Every change of a card's consent writes its rows in
 * `consent_events` in the same transaction as `marketing_channels`; the column always equals the replay of the
 * events (signup, admin, STOP, lapse, random and parallel changes); the history route's access rules; the
 * append-only guarantee; the 24-month lapse in the sweep under a controllable clock.
 */
import fc from 'fast-check';
import twilio from 'twilio';
import { CONSENT_WORDING } from '../src/consent-wording';
import { CHANNELS, type Channel } from '../src/features/messaging/types';
import { createConsentsRepository, replayMarketingChannels, type ConsentEvent } from '../src/features/consents/repository';
import { demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { fourSessions, OTHER_BUSINESS_ID } from './helpers/fixtures';

const BAR = 'default-business-id';
const PUBLIC_URL = 'https://fidelity.example.it';
const TOKEN = '0123456789abcdef0123456789abcdef';
const DAY = 86_400_000;

type Headers = { authorization: string };

describeEachDatabase('consent events', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let superAdmin: Headers;
  let otherAdmin: Headers;
  let client: Headers;
  let now = new Date(Date.now() + DAY);
  let signups = 0;

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { publicUrl: PUBLIC_URL, worker: { enabled: false } } }, { clock: () => now });
    ({ admin, superAdmin, otherAdmin, client } = await fourSessions(t.app, BAR));
  });
  afterAll(() => t.close());

  async function signup(channels: Channel[], business = BAR, phone?: string): Promise<string> {
    const n = ++signups;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      remoteAddress: `10.9.${Math.floor(n / 200)}.${n % 200}`,
      payload: {
        email: `consenso.${n}@example.it`,
        full_name: `Cliente Consenso ${n}`,
        phone: phone ?? `+39333${String(4_000_000 + n).padStart(7, '0')}`,
        business_id: business,
        privacy_ack: true,
        marketing_channels: channels,
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json().id;
  }
  const events = async (cardId: string) =>
    (
      await t.app.db.query<ConsentEvent & { business_id: string }>(
        'SELECT id, card_id, business_id, purpose, channel, granted, wording_version, source, actor_user_id, occurred_at FROM consent_events WHERE card_id = $1 ORDER BY id',
        [cardId],
      )
    ).rows;
  const channelsOf = async (cardId: string) =>
    (await t.app.db.query<{ marketing_channels: Channel[] }>('SELECT marketing_channels FROM loyalty_cards WHERE id = $1', [cardId])).rows[0].marketing_channels;
  /** The invariant: the column equals what the events say. */
  async function expectStateMatchesEvents(cardId: string) {
    expect(await channelsOf(cardId)).toEqual(replayMarketingChannels(await events(cardId)));
  }
  const history = (cardId: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${cardId}/consents`, headers });

  describe('recording', () => {
    it('writes the service consent and each chosen channel at signup, with the wording versions, in order', async () => {
      const card = await signup(['email', 'whatsapp']);
      const rows = await events(card);
      expect(rows.map((r) => [r.purpose, r.channel, r.granted, r.wording_version, r.source, r.actor_user_id, r.business_id])).toEqual([
        ['service', null, true, CONSENT_WORDING.servicePrivacy, 'signup', null, BAR],
        ['marketing', 'whatsapp', true, CONSENT_WORDING.marketing, 'signup', null, BAR],
        ['marketing', 'email', true, CONSENT_WORDING.marketing, 'signup', null, BAR],
      ]);
      expect(new Date(rows[0].occurred_at).getTime()).toBe(now.getTime());
      expect(await channelsOf(card)).toEqual(['whatsapp', 'email']);
      await expectStateMatchesEvents(card);
    });

    it('writes nothing more when an existing card signs up again (consent is never changed by a signup)', async () => {
      const card = await signup(['sms'], BAR, '+393339998877');
      const before = await events(card);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/users/loyalty-cards/create',
        remoteAddress: '10.8.0.1',
        payload: { email: `consenso.${signups}@example.it`, full_name: 'X', phone: '+393339998877', business_id: BAR, privacy_ack: true, marketing_channels: ['email'] },
      });
      expect(again.statusCode).toBe(200);
      expect(await events(card)).toEqual(before);
      expect(await channelsOf(card)).toEqual(['sms']);
    });

    it("records an admin's client with source 'admin' and the admin's id, and no service consent (not acknowledged there)", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { email: 'banco.consenso@example.it', full_name: 'Cliente al banco', role: 'client', business_id: BAR, marketing_channels: ['sms'] },
      });
      expect(response.statusCode).toBe(201);
      const card = response.json().card_id as string;
      const adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
      const rows = await events(card);
      expect(rows.map((r) => [r.purpose, r.channel, r.granted, r.source])).toEqual([['marketing', 'sms', true, 'admin']]);
      expect(rows[0].actor_user_id).toBe(adminId);
      await expectStateMatchesEvents(card);
    });

    it('refuses to update an event (append-only) and nothing changes', async () => {
      const card = await signup(['whatsapp']);
      const before = await events(card);
      await expect(t.app.db.query('UPDATE consent_events SET granted = false WHERE card_id = $1', [card])).rejects.toThrow(/append-only/);
      expect(await events(card)).toEqual(before);
    });

    it('deletes the events with the card (erasure)', async () => {
      const card = await signup(['whatsapp']);
      expect(await events(card)).toHaveLength(2);
      await t.app.db.query('DELETE FROM loyalty_cards WHERE id = $1', [card]);
      expect(await events(card)).toHaveLength(0);
    });
  });

  describe('STOP reply', () => {
    const webhook = (params: Record<string, string>) => {
      const url = `/api/twilio/inbound/${OTHER_BUSINESS_ID}`;
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${url}`, params) },
        payload: new URLSearchParams(params).toString(),
      });
    };
    beforeAll(async () => {
      const put = await t.app.inject({ method: 'PUT', url: `/api/twilio/settings/${OTHER_BUSINESS_ID}`, headers: otherAdmin, payload: { authToken: TOKEN } });
      expect(put.statusCode).toBe(200);
    });

    it("withdraws marketing on the reply's channel for every card of the business with that number, keeps the STOP list", async () => {
      const phone = '+393331112299';
      const first = await signup(['whatsapp', 'sms', 'email'], OTHER_BUSINESS_ID, phone);
      // Another card in the business with the same number (a second holder), and one in another shop.
      const second = await signup(['whatsapp'], OTHER_BUSINESS_ID, phone);
      const elsewhere = await signup(['whatsapp'], BAR, phone);
      const response = await webhook({ From: `whatsapp:${phone}`, Body: 'STOP' });
      expect(response.statusCode).toBe(200);
      expect(await channelsOf(first)).toEqual(['sms', 'email']);
      expect(await channelsOf(second)).toEqual([]);
      expect(await channelsOf(elsewhere)).toEqual(['whatsapp']);
      const withdrawal = (await events(first)).at(-1)!;
      expect([withdrawal.channel, withdrawal.granted, withdrawal.source, withdrawal.wording_version]).toEqual(['whatsapp', false, 'stop_reply', CONSENT_WORDING.stopReply]);
      const optOut = await t.app.db.query('SELECT 1 FROM messaging_opt_outs WHERE business_id = $1 AND contact = $2', [OTHER_BUSINESS_ID, phone]);
      expect(optOut.rows).toHaveLength(1);

      // An SMS STOP withdraws SMS; a second STOP writes nothing more.
      await webhook({ From: phone, Body: 'BASTA' });
      await webhook({ From: phone, Body: 'STOP' });
      expect(await channelsOf(first)).toEqual(['email']);
      expect((await events(first)).filter((e) => e.source === 'stop_reply').map((e) => e.channel)).toEqual(['whatsapp', 'sms']);
      for (const card of [first, second, elsewhere]) await expectStateMatchesEvents(card);
    });
  });

  describe('GET /api/loyalty-cards/:id/consents', () => {
    it('answers the history newest first to the admin of the shop and the super admin', async () => {
      const card = await signup(['sms']);
      now = new Date(now.getTime() + 60_000);
      await t.app.db.transaction((tx) =>
        createConsentsRepository(tx).setMarketingConsent(card, [], { source: 'customer_page', wordingVersion: CONSENT_WORDING.marketing, at: now }),
      );
      for (const headers of [admin, superAdmin]) {
        const response = await history(card, headers);
        expect(response.statusCode).toBe(200);
        expect(response.json().map((e: ConsentEvent) => [e.purpose, e.channel, e.granted, e.source])).toEqual([
          ['marketing', 'sms', false, 'customer_page'],
          ['marketing', 'sms', true, 'signup'],
          ['service', null, true, 'signup'],
        ]);
      }
    });

    it("answers 404 in Italian for another shop's card or none, 403 to a client, 401 without a session", async () => {
      const card = await signup(['sms']);
      const foreign = await history(card, otherAdmin);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      expect((await history('no-such-card', admin)).statusCode).toBe(404);
      expect((await history(card, client)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/consents` })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/loyalty-cards/:id/marketing-consent (an admin, at the customer\'s request)', () => {
    const put = (cardId: string, payload: unknown, headers?: Headers) =>
      t.app.inject({ method: 'PUT', url: `/api/loyalty-cards/${cardId}/marketing-consent`, headers, payload: payload as object });

    it("records the difference with source 'admin' and the admin's id; renew grants the kept channels again", async () => {
      const card = await signup(['whatsapp', 'sms']);
      const adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
      const response = await put(card, { marketing_channels: ['email', 'sms', 'email'] }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Consenso marketing registrato', card_id: card, marketing_channels: ['sms', 'email'], granted: ['email'], withdrawn: ['whatsapp'] });
      const added = (await events(card)).slice(-2);
      expect(added.map((e) => [e.channel, e.granted, e.source, e.actor_user_id, e.wording_version])).toEqual([
        ['email', true, 'admin', adminId, CONSENT_WORDING.marketing],
        ['whatsapp', false, 'admin', adminId, CONSENT_WORDING.marketing],
      ]);
      // The same channels again: nothing to record. With renew: both granted anew.
      expect((await put(card, { marketing_channels: ['sms', 'email'] }, superAdmin)).json()).toMatchObject({ granted: [], withdrawn: [] });
      expect((await put(card, { marketing_channels: ['sms', 'email'], renew: true }, admin)).json()).toMatchObject({ granted: ['sms', 'email'], withdrawn: [] });
      expect(await events(card)).toHaveLength(7);
      await expectStateMatchesEvents(card);
    });

    it("refuses bad input in Italian and another shop's card with 404, changing nothing", async () => {
      const card = await signup(['sms']);
      const before = await events(card);
      const bad = await put(card, { marketing_channels: ['fax'] }, admin);
      expect([bad.statusCode, bad.json().error]).toEqual([400, expect.stringContaining('Canale marketing non valido')]);
      expect((await put(card, {}, admin)).statusCode).toBe(400);
      const foreign = await put(card, { marketing_channels: [] }, otherAdmin);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      expect((await put(card, { marketing_channels: [] }, client)).statusCode).toBe(403);
      expect((await put(card, { marketing_channels: [] })).statusCode).toBe(401);
      expect(await events(card)).toEqual(before);
      expect(await channelsOf(card)).toEqual(['sms']);
    });
  });

  describe('state equals the events', () => {
    it('for any sequence of changes from any source', async () => {
      const card = await signup([]);
      const channelSet = fc.subarray([...CHANNELS] as Channel[]);
      const step = fc.record({ channels: channelSet, source: fc.constantFrom('customer_page' as const, 'admin' as const, 'stop_reply' as const, 'lapse' as const), renew: channelSet });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 6 }), async (steps) => {
          for (const s of steps) {
            await t.app.db.transaction((tx) =>
              createConsentsRepository(tx).setMarketingConsent(card, s.channels, { source: s.source, wordingVersion: 'test-v1', renew: s.renew }),
            );
            expect(await channelsOf(card)).toEqual(CHANNELS.filter((c) => s.channels.includes(c)));
          }
          await expectStateMatchesEvents(card);
        }),
        { numRuns: 15 },
      );
    });

    it('under parallel changes of one card', async () => {
      const card = await signup(['email']);
      const changes = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? [] : i % 3 === 1 ? ['whatsapp', 'sms'] : ['email'])) as Channel[][];
      await Promise.all([
        ...changes.map((channels) =>
          t.app.db.transaction((tx) => createConsentsRepository(tx).setMarketingConsent(card, channels, { source: 'admin', wordingVersion: 'test-v1' })),
        ),
        // Relative changes (a STOP-like withdrawal of one channel) in between.
        ...['whatsapp', 'sms', 'email'].map((channel) =>
          t.app.db.transaction((tx) =>
            createConsentsRepository(tx).setMarketingConsent(card, (current) => current.filter((c) => c !== channel), { source: 'stop_reply', wordingVersion: 'test-v1' }),
          ),
        ),
      ]);
      await expectStateMatchesEvents(card);
      // No event repeats the state it found: grants and withdrawals of a channel alternate.
      const perChannel = new Map<string, boolean[]>();
      for (const e of await events(card)) if (e.channel) perChannel.set(e.channel, [...(perChannel.get(e.channel) ?? []), e.granted]);
      for (const seq of perChannel.values()) for (let i = 1; i < seq.length; i++) expect(seq[i]).not.toBe(seq[i - 1]);
    });

    it('for many cards in one call (the import\'s set-based path, decision 050), each with its own date and evidence', async () => {
      const cards = [await signup([]), await signup(['sms']), await signup(['whatsapp', 'email'])];
      const given = new Date('2025-06-01T12:00:00Z');
      const results = await t.app.db.transaction((tx) =>
        createConsentsRepository(tx).setMarketingConsents(
          [
            { cardId: cards[0], channels: ['email', 'sms'], at: given, evidence: 'modulo cartaceo' },
            { cardId: 'no-such-card', channels: ['sms'] },
            { cardId: cards[1], channels: (current) => [...current, 'whatsapp'], renew: ['sms'] },
            { cardId: cards[2], channels: ['email'] },
          ],
          { source: 'import', wordingVersion: 'test-v1', recordedAt: now, evidence: 'di tutti' },
        ),
      );
      expect(results).toEqual([
        { channels: ['sms', 'email'], granted: ['sms', 'email'], withdrawn: [] },
        null,
        { channels: ['whatsapp', 'sms'], granted: ['whatsapp', 'sms'], withdrawn: [] },
        { channels: ['email'], granted: [], withdrawn: ['whatsapp'] },
      ]);
      for (const card of cards) await expectStateMatchesEvents(card);
      const { rows } = await t.app.db.query<{ card_id: string; channel: string; granted: boolean; occurred_at: string; recorded_at: string; evidence: string }>(
        "SELECT card_id, channel, granted, occurred_at, recorded_at, evidence FROM consent_events WHERE card_id = ANY($1::text[]) AND source = 'import' ORDER BY id",
        [cards],
      );
      expect(rows).toEqual([
        { card_id: cards[0], channel: 'sms', granted: true, occurred_at: given.toISOString(), recorded_at: now.toISOString(), evidence: 'modulo cartaceo' },
        { card_id: cards[0], channel: 'email', granted: true, occurred_at: given.toISOString(), recorded_at: now.toISOString(), evidence: 'modulo cartaceo' },
        { card_id: cards[1], channel: 'whatsapp', granted: true, occurred_at: now.toISOString(), recorded_at: now.toISOString(), evidence: 'di tutti' },
        { card_id: cards[1], channel: 'sms', granted: true, occurred_at: now.toISOString(), recorded_at: now.toISOString(), evidence: 'di tutti' },
        { card_id: cards[2], channel: 'whatsapp', granted: false, occurred_at: now.toISOString(), recorded_at: now.toISOString(), evidence: 'di tutti' },
      ]);
      await expect(
        t.app.db.transaction((tx) =>
          createConsentsRepository(tx).setMarketingConsents(
            [
              { cardId: cards[0], channels: [] },
              { cardId: cards[0], channels: ['sms'] },
            ],
            { source: 'admin', wordingVersion: 'test-v1' },
          ),
        ),
      ).rejects.toThrow(/once per call/);
    });

    it('an event without its own recording time is recorded when it occurs, with no evidence', async () => {
      const card = await signup(['sms']);
      const { rows } = await t.app.db.query<{ occurred_at: string; recorded_at: string; evidence: string | null }>(
        'SELECT occurred_at, recorded_at, evidence FROM consent_events WHERE card_id = $1 ORDER BY id',
        [card],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ occurred_at: row.occurred_at, recorded_at: row.occurred_at, evidence: null });
    });
  });

  describe('24-month lapse (rewards sweep)', () => {
    const months = (from: Date, n: number) => {
      const d = new Date(from);
      d.setUTCMonth(d.getUTCMonth() + n);
      return d;
    };
    const lapses = async (card: string) => (await events(card)).filter((e) => e.source === 'lapse').map((e) => [e.channel, e.granted, e.wording_version]);

    it('keeps a consent at 23 months and lapses it after 24 months and a day, exactly once (sweeps run twice and in parallel)', async () => {
      const start = now;
      const card = await signup(['whatsapp', 'sms']);
      now = months(start, 23);
      await t.app.rewards.sweep(now);
      expect(await channelsOf(card)).toEqual(['whatsapp', 'sms']);
      expect(await lapses(card)).toEqual([]);

      now = new Date(months(start, 24).getTime() + DAY);
      const results = await Promise.all([t.app.rewards.sweep(now), t.app.rewards.sweep(now)]);
      expect(results.reduce((n, r) => n + r.lapsed, 0)).toBeGreaterThanOrEqual(2);
      expect((await t.app.rewards.sweep(now)).lapsed).toBe(0);
      expect(await channelsOf(card)).toEqual([]);
      expect(await lapses(card)).toEqual([
        ['whatsapp', false, CONSENT_WORDING.lapse],
        ['sms', false, CONSENT_WORDING.lapse],
      ]);
      await expectStateMatchesEvents(card);
    });

    it('a renewal (a new grant) restarts the 24 months of that channel only', async () => {
      const start = now;
      const card = await signup(['whatsapp', 'email']);
      now = months(start, 12);
      const renewal = await t.app.db.transaction((tx) =>
        createConsentsRepository(tx).setMarketingConsent(card, (current) => current, {
          source: 'customer_page',
          wordingVersion: CONSENT_WORDING.marketing,
          at: now,
          renew: ['email'],
        }),
      );
      expect(renewal).toEqual({ channels: ['whatsapp', 'email'], granted: ['email'], withdrawn: [] });

      now = new Date(months(start, 24).getTime() + DAY);
      await t.app.rewards.sweep(now);
      expect(await channelsOf(card)).toEqual(['email']);
      now = months(start, 35);
      await t.app.rewards.sweep(now);
      expect(await channelsOf(card)).toEqual(['email']);
      now = new Date(months(start, 36).getTime() + DAY);
      await t.app.rewards.sweep(now);
      await t.app.rewards.sweep(now);
      expect(await channelsOf(card)).toEqual([]);
      expect((await lapses(card)).map(([channel]) => channel)).toEqual(['whatsapp', 'email']);
      await expectStateMatchesEvents(card);
    });
  });
});
