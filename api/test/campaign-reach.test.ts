/**
 * Truthful reach (decision 077): the send dialog's number is what the send queues — the preview
 * (`GET /campaigns/{id}/reach`) and the send read the same recipients and apply the same rule
 * (`loyalty_message_skip_reason`, migration 027) — and a sent campaign's status follows its jobs (decision 077).
 */
import { phoneLineType } from '../src/lib/phone';
import { authHeader, createUser, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN } from './helpers/fixtures';
import { createCampaign, createCard, FakeDriver, permanent } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-portata';
const OWNER = { email: 'titolare.portata@test.it', password: 'Portata2026!' };

describeEachDatabase('campaign reach and delivery status', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  const driver = new FakeDriver();

  // 11:00 Rome, in the past of the database's now() (a job due then is due for the worker), a day later for each
  // test: one marketing message per card a day (decision 080) holds back the cards a previous test reached.
  let now = new Date('2025-03-03T10:00:00Z');
  beforeEach(() => {
    now = new Date(now.getTime() + 86_400_000);
  });

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: true, worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Portata' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled, email_enabled) VALUES ($1, 'Negozio Portata', $2, 0, 1, 1)`, [
      BUSINESS_ID,
      owner.id,
    ]);
    // SMS: 3 with consent (one of them STOP), 2 without consent, 1 without phone, 1 kept as written (not a valid number).
    await createCard(t.app, BUSINESS_ID, { name: 'Anna Consenso', phone: '+393331200001', email: 'anna@example.it', consent: true });
    await createCard(t.app, BUSINESS_ID, { name: 'Bruno Consenso', phone: '+393331200002', consent: ['sms'] });
    await createCard(t.app, BUSINESS_ID, { name: 'Carla Stop', phone: '+393331200003', consent: true });
    await createCard(t.app, BUSINESS_ID, { name: 'Dario Senza', phone: '+393331200004', email: 'dario@example.it', consent: false });
    await createCard(t.app, BUSINESS_ID, { name: 'Elena Email', phone: '+393331200005', email: 'elena@example.it', consent: ['email'] });
    await createCard(t.app, BUSINESS_ID, { name: 'Fabio Nessuno', phone: null, consent: true });
    await createCard(t.app, BUSINESS_ID, { name: 'Gino Vecchio', phone: '12345', consent: true });
    await t.app.messaging.repo.addOptOut(BUSINESS_ID, '+393331200003');
    await createOtherAdmin(t.app);
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Portata', ...payload } });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const reach = (id: string, headers = auth) => t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/reach`, headers });
  const send = (id: string, service: string) =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/send`, headers: auth, payload: { service, message: 'Promo di primavera' } });
  const queuedJobs = async (id: string, channel: string) =>
    (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messaging_jobs WHERE campaign_id = $1 AND channel = $2 AND status = 'queued'`, [id, channel])).rows[0].n;
  const listed = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/campaigns/business/${BUSINESS_ID}`, headers: auth });
    return res.json<{ id: string; status: string; delivery: unknown }[]>().find((c) => c.id === id)!;
  };

  it('previews per channel what the send then queues, skipped ones by reason, and writes nothing', async () => {
    const id = await create({ segment: { kind: 'all' }, channels: ['sms', 'email', 'whatsapp'], subject: 'Promo' });
    const before = await reach(id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      campaignId: id,
      channels: [
        { channel: 'whatsapp', enabled: false, total: 7, queued: 1, noConsent: 3, optedOut: 1, invalidContact: 2, alreadyEnqueued: 0, dailyLimit: 0 },
        { channel: 'sms', enabled: true, total: 7, queued: 2, noConsent: 2, optedOut: 1, invalidContact: 2, alreadyEnqueued: 0, dailyLimit: 0 },
        { channel: 'email', enabled: true, total: 7, queued: 2, noConsent: 1, optedOut: 0, invalidContact: 4, alreadyEnqueued: 0, dailyLimit: 0 },
      ],
    });
    expect((await t.app.db.query('SELECT 1 FROM messaging_jobs WHERE campaign_id = $1', [id])).rows).toHaveLength(0);

    // Each channel's preview, read just before its send, is what the send queues; the e-mail's, after the SMS, holds
    // back the card the SMS reached today (one marketing message per card a day, decision 080).
    for (const channel of ['sms', 'email']) {
      const preview = (await reach(id)).json<{ channels: { channel: string; queued: number; dailyLimit: number }[] }>().channels.find((c) => c.channel === channel)!;
      expect([channel, preview.dailyLimit]).toEqual([channel, channel === 'email' ? 1 : 0]);
      const sent = await send(id, channel);
      expect(sent.json()).toMatchObject({ queued: preview.queued });
      expect(await queuedJobs(id, channel)).toBe(preview.queued);
    }
    // Sent again, nobody is queued twice: the preview says so, and counts the ones skipped before by their reason
    // (judged again, as the send would: migration 045), not among those already reached.
    const after = (await reach(id)).json<{ channels: { channel: string; queued: number; alreadyEnqueued: number }[] }>().channels;
    expect(after.find((c) => c.channel === 'sms')).toEqual({ channel: 'sms', enabled: true, total: 7, queued: 0, noConsent: 2, optedOut: 1, invalidContact: 2, alreadyEnqueued: 2, dailyLimit: 0 });
  });

  it('previews a typed recipients list as its send reads it (contacts once, consent from the cards)', async () => {
    const id = await createCampaign(t.app, BUSINESS_ID, [
      { customer_phone: '+393331200001', email: null },
      { customer_phone: '+393331200001', email: null },
      { customer_phone: '+393331200004', email: null },
      { customer_phone: '+393339999999', email: null },
      { customer_phone: null, email: 'anna@example.it' },
    ]);
    const preview = (await reach(id)).json<{ channels: { channel: string; queued: number; total: number }[] }>().channels.find((c) => c.channel === 'sms')!;
    expect(preview).toMatchObject({ total: 4, queued: 1, noConsent: 2, invalidContact: 1 });
    expect((await send(id, 'sms')).json()).toMatchObject({ queued: preview.queued });
    expect(await queuedJobs(id, 'sms')).toBe(preview.queued);
  });

  it('follows the jobs: no delivery before sending, «sending» while queued, then sent or partially sent with its failures', async () => {
    const id = await create({ segment: { kind: 'consent' }, channels: ['sms'] });
    expect(await listed(id)).toMatchObject({ status: 'draft', delivery: null });
    expect((await send(id, 'sms')).json()).toMatchObject({ queued: 2 });
    expect((await listed(id)).delivery).toEqual({ status: 'sending', pending: 2, sent: 0, failed: 0 });

    driver.failWith = (message) => (message.recipient === '+393331200002' ? permanent('Numero inesistente') : null);
    try {
      await t.app.messaging.worker.drain();
    } finally {
      driver.failWith = () => null;
    }
    expect((await listed(id)).delivery).toEqual({ status: 'partially_sent', pending: 0, sent: 1, failed: 1 });

    const ok = await create({ segment: { kind: 'cards' }, targets: [await createCard(t.app, BUSINESS_ID, { name: 'Ivo Ok', phone: '+393331200009', consent: true })], channels: ['sms'] });
    await send(ok, 'sms');
    await t.app.messaging.worker.drain();
    expect((await listed(ok)).delivery).toEqual({ status: 'sent', pending: 0, sent: 1, failed: 0 });
  });

  it('counts a landline as «contatto non raggiungibile» for SMS and WhatsApp, not for e-mail, and the send skips it', async () => {
    expect(phoneLineType('+390612345678')).toBe('FIXED_LINE');
    expect(phoneLineType('+393331200010')).toBe('MOBILE');
    const landline = await createCard(t.app, BUSINESS_ID, { name: 'Ufficio Fisso', phone: '+390612345678', email: 'ufficio@example.it', consent: true });
    const mobile = await createCard(t.app, BUSINESS_ID, { name: 'Mario Mobile', phone: '+393331200010', consent: true });
    const id = await create({ segment: { kind: 'cards' }, targets: [landline, mobile], channels: ['sms', 'email'], subject: 'Promo' });
    const channels = (await reach(id)).json<{ channels: { channel: string }[] }>().channels;
    expect(channels.find((c) => c.channel === 'sms')).toMatchObject({ total: 2, queued: 1, invalidContact: 1 });
    expect(channels.find((c) => c.channel === 'email')).toMatchObject({ total: 2, queued: 1, invalidContact: 1 });
    const sent = await send(id, 'sms');
    expect(sent.json()).toMatchObject({ queued: 1, skippedByReason: { invalidContact: 1 } });
    const { rows } = await t.app.db.query<{ recipient: string; status: string; skip_reason: string | null }>(
      'SELECT recipient, status, skip_reason FROM messaging_jobs WHERE campaign_id = $1 ORDER BY recipient',
      [id],
    );
    expect(rows).toEqual([
      { recipient: '+390612345678', status: 'skipped', skip_reason: 'landline' },
      { recipient: '+393331200010', status: 'queued', skip_reason: null },
    ]);
  });

  it('answers another business’s campaign as unknown', async () => {
    const id = await create({ segment: { kind: 'all' } });
    const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    expect((await reach(id, other)).statusCode).toBe(404);
  });
});
