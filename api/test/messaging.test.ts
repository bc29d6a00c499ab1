/** Campaign sends, single WhatsApp messages, delivery progress and the outbox log, through the routes. */
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { fourSessions, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { consentingCards, createCampaign, createCard, NOTHING_SENT_NO_CONSENT, sendAnswer, withHeldUntil } from './helpers/messaging';

const BAR = 'default-business-id';

describeEachDatabase('messaging routes', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let superAdmin: { authorization: string };
  let otherAdmin: { authorization: string };
  let client: { authorization: string };
  let campaignId: string;
  let cardA: string;

  /** The app's clock, this many days after the real one. */
  let daysAhead = 0;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => new Date(Date.now() + daysAhead * 86_400_000) });
    ({ admin, superAdmin, otherAdmin, client } = await fourSessions(t.app, BAR));
    cardA = await createCard(t.app, BAR, { name: 'Anna Verdi', phone: '+39 333 000 0001', email: 'Anna@Example.it', consent: true, points: 1250 });
    await createCard(t.app, BAR, { name: 'Bruno Neri', phone: '+393330000002', email: 'bruno@example.it', consent: false });
    await createCard(t.app, BAR, { name: 'Carla Blu', phone: '+393330000003', email: 'carla@example.it', consent: true });
    // Decision 025: a contact on no card is not sent to; Dario's card agrees to the channels he gets below.
    await createCard(t.app, BAR, { name: 'Dario Con Carta', phone: '+393330000004', consent: ['whatsapp', 'sms'] });
    await t.app.db.query(`INSERT INTO messaging_opt_outs (business_id, contact) VALUES ($1, '+393330000003')`, [BAR]);
    campaignId = await createCampaign(t.app, BAR, [
      { customer_name: 'Anna Verdi', customer_phone: '+39 333-000-0001', email: 'anna@example.it' }, // consenting card
      { customer_name: 'Bruno Neri', customer_phone: '+393330000002', email: 'bruno@example.it' }, // card without consent
      { customer_name: 'Carla Blu', customer_phone: '+393330000003', email: 'carla@example.it' }, // sent STOP
      { customer_name: 'Dario Con Carta', customer_phone: '+393330000004', email: null }, // consenting card, no e-mail
      { customer_name: 'Elisa Solo Email', customer_phone: null, email: 'elisa@example.it' }, // no phone
      { customer_name: 'Anna di nuovo', customer_phone: '+393330000001', email: null }, // same contact as Anna
    ]);
  });
  afterAll(() => t.close());

  const send = (id: string, payload: object, headers: object = admin) =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: headers as Record<string, string>, payload });
  const deliveries = (id: string, headers: object = admin, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/deliveries${query}`, headers: headers as Record<string, string> });
  const outbox = (query: string, headers: object = superAdmin) => t.app.inject({ method: 'GET', url: `/api/outbox${query}`, headers: headers as Record<string, string> });

  describe('POST /api/campaigns/:id/send', () => {
    it('queues one job per reachable recipient and counts the skipped ones', async () => {
      const response = await send(campaignId, { service: 'sms', message: '  Doppi punti sabato!  ' });
      expect([response.statusCode, response.json()]).toEqual([200, withHeldUntil(sendAnswer('2 messaggi messi in coda', { queued: 2, skipped: { noConsent: 1, optedOut: 1, invalidContact: 1 } }))]);
      expect((await deliveries(campaignId)).json()).toEqual({ campaignId, total: 5, queued: 2, sent: 0, delivered: 0, failed: 0, skipped: 3, awaitingReceipts: 0, failureReasons: [], heldUntil: null });

      const { rows } = await t.app.db.query('SELECT recipient, status, skip_reason, card_id IS NOT NULL AS has_card FROM messaging_jobs WHERE campaign_id = $1 ORDER BY recipient', [
        campaignId,
      ]);
      expect(rows).toEqual([
        { recipient: '', status: 'skipped', skip_reason: 'no_contact', has_card: false },
        { recipient: '+393330000001', status: 'queued', skip_reason: null, has_card: true },
        { recipient: '+393330000002', status: 'skipped', skip_reason: 'no_consent', has_card: true },
        { recipient: '+393330000003', status: 'skipped', skip_reason: 'opt_out', has_card: true },
        { recipient: '+393330000004', status: 'queued', skip_reason: null, has_card: true },
      ]);

      expect(await t.app.messaging.worker.drain()).toBe(2);
      expect((await deliveries(campaignId, superAdmin)).json()).toEqual({ campaignId, total: 5, queued: 0, sent: 2, delivered: 0, failed: 0, skipped: 3, awaitingReceipts: 0, failureReasons: [], heldUntil: null });
      const log = (await outbox(`?campaignId=${campaignId}`)).json();
      expect(log.total).toBe(2);
      expect(log.messages.map((m: { recipient: string }) => m.recipient).sort()).toEqual(['+393330000001', '+393330000004']);
      expect(log.messages[0]).toMatchObject({ business_id: BAR, channel: 'sms', body: 'Doppi punti sabato!\nRispondi STOP per non ricevere più messaggi', status: 'sent', driver: 'outbox', error: null });
    });

    it('never sends a campaign twice to a recipient on the same channel', async () => {
      const response = await send(campaignId, { service: 'sms', message: 'Ancora?' });
      // The two reached are not reached again; the three skipped are judged again (migration 045), and still skipped.
      expect(response.json()).toEqual(
        withHeldUntil(
          sendAnswer(
            'Nessun messaggio inviato: 1 destinatario senza consenso marketing, 1 destinatario ha chiesto di non ricevere messaggi (STOP), 1 destinatario non raggiungibile (contatto mancante, non valido o numero fisso), 2 destinatari avevano già ricevuto questa campagna su questo canale',
            { queued: 0, skipped: { noConsent: 1, optedOut: 1, invalidContact: 1 }, alreadyEnqueued: 2 },
          ),
        ),
      );
      expect(await t.app.messaging.worker.drain()).toBe(0);
      // Another channel is another message — the next day: one marketing message per card a day (decision 080).
      daysAhead = 1;
      try {
        expect((await send(campaignId, { service: 'whatsapp', message: 'Su WhatsApp' })).json()).toMatchObject({ queued: 2, skipped: 3 });
      } finally {
        daysAhead = 0;
      }
      expect((await deliveries(campaignId, admin, '?channel=whatsapp')).json()).toMatchObject({ total: 5, queued: 2 });
    });

    it('reaches on a new send a recipient it skipped who has consented since, once, and nobody twice (migration 045)', async () => {
      // Bruno had no marketing consent at the first send; he agrees to SMS since (on his card's page).
      const consent = (channels: string) =>
        t.app.db.query(`UPDATE loyalty_cards SET marketing_channels = $2::text[] WHERE business_id = $1 AND customer_phone = '+393330000002'`, [BAR, channels]);
      const { rows: before } = await t.app.db.query<{ marketing_channels: string[] }>(`SELECT marketing_channels FROM loyalty_cards WHERE business_id = $1 AND customer_phone = '+393330000002'`, [BAR]);
      expect(before).toEqual([{ marketing_channels: [] }]);
      await consent('{sms}');
      try {
      const reach = await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/reach`, headers: admin as Record<string, string> });
      expect(reach.json().channels.find((c: { channel: string }) => c.channel === 'sms')).toMatchObject({ total: 5, queued: 1, noConsent: 0, optedOut: 1, invalidContact: 1, alreadyEnqueued: 2 });
      const again = await send(campaignId, { service: 'sms', message: 'Doppi punti sabato!' });
      expect(again.json()).toEqual(withHeldUntil(sendAnswer('Messaggio inviato con successo', { queued: 1, skipped: { optedOut: 1, invalidContact: 1 }, alreadyEnqueued: 2 })));
      expect(await t.app.messaging.worker.drain()).toBe(1);
      // Still one job per recipient: Bruno's skipped one became his message.
      expect((await deliveries(campaignId, admin, '?channel=sms')).json()).toMatchObject({ total: 5, queued: 0, sent: 3, skipped: 2 });
      const log = (await outbox(`?campaignId=${campaignId}&channel=sms`)).json();
      expect(log.messages.map((m: { recipient: string }) => m.recipient).sort()).toEqual(['+393330000001', '+393330000002', '+393330000004']);
      // A third send reaches nobody new.
      expect((await send(campaignId, { service: 'sms', message: 'Doppi punti sabato!' })).json()).toMatchObject({ queued: 0, skipped: 2, alreadyEnqueued: 3 });
      } finally {
        await consent('{}'); // the tests below count on Bruno without consent
      }
    });

    it('uses the e-mail addresses for the email channel', async () => {
      const profumeria = 'demo-profumeria-bella';
      const id = await createCampaign(t.app, profumeria, [{ customer_phone: '+393339999999', email: ' Zoe@Example.IT ' }, { customer_phone: '+393338888888', email: null }]);
      await consentingCards(t.app, profumeria, ['zoe@example.it'], ['email']);
      expect((await send(id, { service: 'email', message: 'Novità in negozio' })).json()).toMatchObject({ queued: 1, skipped: 1 });
      await t.app.messaging.worker.drain();
      expect((await outbox(`?campaignId=${id}&channel=email`)).json().messages.map((m: { recipient: string }) => m.recipient)).toEqual(['zoe@example.it']);
    });

    it('says why nothing was sent: the only recipient has no marketing consent, or no valid number', async () => {
      const id = await createCampaign(t.app, BAR, [{ customer_name: 'Bruno Neri', customer_phone: '+393330000002' }]);
      const response = await send(id, { service: 'sms', message: 'Promo' });
      expect([response.statusCode, response.json()]).toEqual([200, withHeldUntil(NOTHING_SENT_NO_CONSENT)]);
      const invalid = await createCampaign(t.app, BAR, [{ customer_phone: '333 12' }, { customer_phone: null }, { customer_phone: '+393330000003' }]);
      expect((await send(invalid, { service: 'whatsapp', message: 'Promo' })).json()).toMatchObject({
        message: 'Nessun messaggio inviato: 1 destinatario ha chiesto di non ricevere messaggi (STOP), 2 destinatari non raggiungibili (contatto mancante, non valido o numero fisso)',
        queued: 0,
        skippedByReason: { noConsent: 0, optedOut: 1, invalidContact: 2, channelDisabled: 0, dailyLimit: 0 },
      });
      const { rows } = await t.app.db.query('SELECT skip_reason FROM messaging_jobs WHERE campaign_id = $1 ORDER BY skip_reason', [invalid]);
      expect(rows.map((r) => r.skip_reason)).toEqual(['invalid_contact', 'no_contact', 'opt_out']);
    });

    it("answers mode 'live' when the business delivers through a provider", async () => {
      await t.app.db.query(`INSERT INTO messaging_settings (business_id, driver) VALUES ($1, 'twilio') ON CONFLICT (business_id) DO UPDATE SET driver = 'twilio'`, [BAR]);
      try {
        const id = await createCampaign(t.app, BAR, [{ customer_phone: '+393336666666' }]);
        await consentingCards(t.app, BAR, ['+393336666666'], ['sms']);
        expect((await send(id, { service: 'sms', message: 'Dal vivo' })).json()).toMatchObject({ queued: 1, mode: 'live', message: 'Messaggio inviato con successo' });
        const whatsapp = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${cardA}/send-whatsapp`, headers: admin, payload: { message: 'Dal vivo' } });
        expect(whatsapp.json()).toMatchObject({ message: 'WhatsApp inviato', queued: 1, mode: 'live' });
        expect((await t.app.inject({ method: 'GET', url: `/api/messaging/status?businessId=${BAR}`, headers: admin })).json()).toEqual({ businessId: BAR, driver: 'twilio', mode: 'live' });
      } finally {
        await t.app.db.query(`UPDATE messaging_settings SET driver = NULL WHERE business_id = $1`, [BAR]);
        await t.app.db.query(`DELETE FROM messaging_jobs WHERE status = 'queued'`);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/messaging/status?businessId=${BAR}`, headers: admin })).json()).toEqual({ businessId: BAR, driver: 'outbox', mode: 'test' });
      expect((await t.app.inject({ method: 'GET', url: `/api/messaging/status?businessId=${BAR}`, headers: otherAdmin })).statusCode).toBe(404);
    });

    it('refuses a channel the business has not enabled', async () => {
      const response = await send(campaignId, { service: 'email', message: 'Ciao' });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Servizio Email non abilitato per questo business' }]);
      await t.app.db.query('UPDATE businesses SET sms_enabled = 0, whatsapp_enabled = 0 WHERE id = $1', [OTHER_BUSINESS_ID]);
      const other = await createCampaign(t.app, OTHER_BUSINESS_ID, [{ customer_phone: '+393331111111' }]);
      expect((await send(other, { service: 'sms', message: 'Ciao' }, otherAdmin)).json()).toEqual({ error: 'Servizio SMS non abilitato per questo business' });
      expect((await send(other, { service: 'whatsapp', message: 'Ciao' }, otherAdmin)).json()).toEqual({ error: 'Servizio WhatsApp non abilitato per questo business' });
      const { rows } = await t.app.db.query('SELECT 1 FROM messaging_jobs WHERE campaign_id = $1', [other]);
      expect(rows).toEqual([]);
    });

    it('validates the message and the service', async () => {
      const cases: [object, string][] = [
        [{ service: 'sms', message: '' }, 'Il messaggio non può essere vuoto'],
        [{ service: 'sms', message: '   ' }, 'Il messaggio non può essere vuoto'],
        [{ service: 'sms', message: 'x'.repeat(161) }, 'Il messaggio non può superare i 160 caratteri'],
        [{ service: 'fax', message: 'Ciao' }, 'Campo "servizio" non valido'],
        [{ message: 'Ciao' }, 'Campo "servizio" è obbligatorio'],
        [{ service: 'sms' }, 'Campo "messaggio" è obbligatorio'],
      ];
      for (const [payload, error] of cases) {
        const response = await send(campaignId, payload);
        expect([response.statusCode, response.json()]).toEqual([400, { error }]);
      }
      const id = await createCampaign(t.app, BAR, [{ customer_phone: '+393337777777' }]);
      await consentingCards(t.app, BAR, ['+393337777777'], ['sms']);
      expect((await send(id, { service: 'sms', message: 'x'.repeat(160) })).json()).toMatchObject({ queued: 1, message: 'Messaggio inviato con successo' });
    });

    it('enforces ownership: 404 for an unknown or foreign campaign, 403 for a client, 401 anonymous', async () => {
      const unknown = await send('no-such-campaign', { service: 'sms', message: 'Ciao' });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Campagna non trovata' }]);
      const foreign = await send(campaignId, { service: 'sms', message: 'Ciao' }, otherAdmin);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Campagna non trovata' }]);
      expect((await deliveries(campaignId, otherAdmin)).json()).toEqual({ error: 'Campagna non trovata' });
      expect((await send(campaignId, { service: 'sms', message: 'Ciao' }, client)).statusCode).toBe(403);
      expect((await deliveries(campaignId, client)).statusCode).toBe(403);
      expect((await send(campaignId, { service: 'sms', message: 'Ciao' }, {})).statusCode).toBe(401);
      expect((await deliveries(campaignId, {})).statusCode).toBe(401);
      expect((await send(campaignId, { service: 'whatsapp', message: 'Dal super admin' }, superAdmin)).statusCode).toBe(200);
    });
  });

  describe('POST /api/loyalty-cards/:id/send-whatsapp', () => {
    const sendWhatsapp = (id: string, payload: object, headers: object = admin) =>
      t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${id}/send-whatsapp`, headers: headers as Record<string, string>, payload });

    it('queues the message and answers at once', async () => {
      const response = await sendWhatsapp(cardA, { message: 'Il tuo premio ti aspetta' });
      // No provider configured: the answer says the message was only recorded.
      expect([response.statusCode, response.json()]).toEqual([200, withHeldUntil(sendAnswer('WhatsApp registrato in modalità prova: non è stato consegnato', { queued: 1 }))]);
      await t.app.messaging.worker.drain();
      const { rows } = await t.app.db.query(`SELECT recipient, body, status, channel FROM outbox_messages WHERE card_id = $1 AND campaign_id IS NULL`, [cardA]);
      expect(rows).toEqual([{ recipient: '+393330000001', body: 'Il tuo premio ti aspetta\nRispondi STOP per non ricevere più messaggi', status: 'sent', channel: 'whatsapp' }]);
    });

    it('refuses an empty message: the bonus text is no longer written here, the server sends bonuses itself', async () => {
      const { rows: before } = await t.app.db.query('SELECT id FROM messaging_jobs WHERE card_id = $1', [cardA]);
      for (const payload of [{ message: '' }, { message: '   ' }, {}]) {
        const response = await sendWhatsapp(cardA, payload);
        expect([response.statusCode, response.json()]).toEqual([400, { error: 'Il messaggio non può essere vuoto' }]);
      }
      const { rows: after } = await t.app.db.query('SELECT id FROM messaging_jobs WHERE card_id = $1', [cardA]);
      expect(after).toEqual(before);
    });

    it('sends once per Idempotency-Key', async () => {
      const headers = { ...admin, 'idempotency-key': 'bonus-1000-card-a' };
      expect((await sendWhatsapp(cardA, { message: 'Una volta sola' }, headers)).json()).toMatchObject({ queued: 1, alreadyEnqueued: 0 });
      expect((await sendWhatsapp(cardA, { message: 'Una volta sola' }, headers)).json()).toMatchObject({
        message: 'Messaggio già in coda: non viene inviato una seconda volta',
        queued: 0,
        alreadyEnqueued: 1,
      });
      await t.app.messaging.worker.drain();
      const { rows } = await t.app.db.query(`SELECT 1 FROM outbox_messages WHERE card_id = $1 AND body = 'Una volta sola\nRispondi STOP per non ricevere più messaggi'`, [cardA]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a business without WhatsApp, a card without phone, an opted-out customer', async () => {
      const otherCard = await createCard(t.app, OTHER_BUSINESS_ID, { name: 'Libro Lettore', phone: '+393332222222', consent: true });
      const disabled = await sendWhatsapp(otherCard, { message: 'Ciao' }, otherAdmin);
      expect([disabled.statusCode, disabled.json()]).toEqual([400, { error: 'Servizio WhatsApp non abilitato per questo business' }]);
      const noPhone = await createCard(t.app, BAR, { name: 'Senza Telefono', email: 'st@example.it', consent: true });
      expect((await sendWhatsapp(noPhone, { message: 'Ciao' })).json()).toEqual({ error: 'La carta non ha un numero di telefono' });
      const stopped = await createCard(t.app, BAR, { name: 'Carla Bis', phone: '+39 333 000 0003', consent: true });
      expect((await sendWhatsapp(stopped, { message: 'Ciao' })).json()).toEqual({ error: 'Il cliente ha chiesto di non ricevere messaggi' });
      expect((await sendWhatsapp(cardA, { message: 'x'.repeat(1601) })).json()).toEqual({ error: 'Il messaggio non può superare i 1600 caratteri' });
    });

    it('enforces ownership', async () => {
      const foreign = await sendWhatsapp(cardA, { message: 'Ciao' }, otherAdmin);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      expect((await sendWhatsapp('no-such-card', { message: 'Ciao' })).json()).toEqual({ error: 'Carta non trovata' });
      expect((await sendWhatsapp(cardA, { message: 'Ciao' }, client)).statusCode).toBe(403);
      expect((await sendWhatsapp(cardA, { message: 'Ciao' }, {})).statusCode).toBe(401);
      expect((await sendWhatsapp(cardA, { message: 'Dal super admin' }, superAdmin)).statusCode).toBe(200);
    });
  });

  describe('GET /api/outbox', () => {
    it('is for super admins, and for admins about their own business', async () => {
      const none = await outbox('', admin);
      expect([none.statusCode, none.json()]).toEqual([400, { error: 'Campo "azienda" è obbligatorio' }]);
      const own = (await outbox(`?businessId=${BAR}&limit=500`, admin)).json();
      expect(own.total).toBeGreaterThan(0);
      expect(own.messages.every((m: { business_id: string }) => m.business_id === BAR)).toBe(true);
      const foreign = await outbox(`?businessId=${BAR}`, otherAdmin);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
      expect((await outbox(`?businessId=${BAR}`, client)).statusCode).toBe(403);
      expect((await outbox('', {})).statusCode).toBe(401);
    });

    it('pages newest first and filters', async () => {
      const all = (await outbox('?limit=500')).json();
      expect(all.total).toBeGreaterThanOrEqual(6);
      const page = (await outbox('?limit=2&offset=1')).json();
      expect(page.messages.map((m: { id: number }) => m.id)).toEqual(all.messages.slice(1, 3).map((m: { id: number }) => m.id));
      const barOnly = (await outbox(`?businessId=${BAR}&channel=whatsapp&limit=500`)).json();
      expect(barOnly.messages.every((m: { business_id: string; channel: string }) => m.business_id === BAR && m.channel === 'whatsapp')).toBe(true);
      expect((await outbox('?limit=0')).json()).toEqual({ error: 'Campo "numero di risultati" non valido' });
    });
  });
});
