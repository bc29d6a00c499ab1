/**
 * Scheduled campaigns (migration 036, decision 077): scheduled for a Rome date and time, cancelled until it
 * starts, started once by the 'campaign-schedules' task under the clock the test controls; one scheduled for
 * 21:00 is held by the quiet hours until 09:00.
 */
import { authHeader, createUser, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN } from './helpers/fixtures';
import { createCard } from './helpers/messaging';

const BUSINESS_ID = 'test-negozio-programma';
const OWNER = { email: 'titolare.programma@test.it', password: 'Programma2026!' };

describeEachDatabase('scheduled campaigns', (variant) => {
  let t: TestApp;
  let auth: { authorization: string };
  let now = new Date('2030-01-15T10:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(variant, { messaging: { quietHours: true, worker: { enabled: false } } }, { clock: () => now });
    const owner = await createUser(t.app, { ...OWNER, role: 'admin', full_name: 'Titolare Programma' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, sms_enabled) VALUES ($1, 'Negozio Programma', $2, 1)`, [BUSINESS_ID, owner.id]);
    await createCard(t.app, BUSINESS_ID, { name: 'Anna Sera', phone: '+393331400001', consent: true });
    await createOtherAdmin(t.app);
    // Only the campaigns' task runs here: the rewards sweep, under a clock years ahead, would let the consents lapse.
    await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = 'infinity' WHERE name <> 'campaign-schedules'`);
    auth = await authHeader(t.app, OWNER.email, OWNER.password);
  });
  afterAll(() => t.close());

  const create = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: auth, payload: { businessId: BUSINESS_ID, name: 'Serale', segment: { kind: 'all' }, channels: ['sms'] } })).json<{ id: string }>().id;
  const schedule = (id: string, at: string, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/schedule`, headers, payload: { service: 'sms', message: 'Aperitivo stasera', at } });
  const cancel = (id: string, headers = auth) => t.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}/schedule`, headers });
  const listed = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/campaigns/business/${BUSINESS_ID}`, headers: auth })).json<{ id: string; status: string; scheduled_at: string | null }[]>().find((c) => c.id === id)!;
  const jobs = async (id: string) =>
    (await t.app.db.query<{ status: string; skip_reason: string | null; next_run_at: string }>('SELECT status, skip_reason, next_run_at FROM messaging_jobs WHERE campaign_id = $1', [id])).rows.map((r) => [r.status, r.skip_reason, new Date(r.next_run_at).toISOString()]);
  const runTask = async () => {
    await t.app.db.query(`UPDATE scheduled_tasks SET next_run_at = now() - interval '1 second', locked_until = NULL WHERE name = 'campaign-schedules'`);
    return t.app.jobs.scheduler.runDue();
  };

  it('starts at its Rome time, once, and a send scheduled for 21:00 waits for 09:00', async () => {
    now = new Date('2030-01-15T10:00:00Z');
    const id = await create();
    const scheduled = await schedule(id, '2030-01-15T21:00');
    expect([scheduled.statusCode, scheduled.json()]).toEqual([200, { message: 'Campagna programmata', scheduledAt: '2030-01-15T20:00:00.000Z' }]);
    expect(await listed(id)).toMatchObject({ status: 'scheduled', scheduled_at: '2030-01-15T20:00:00.000Z' });

    now = new Date('2030-01-15T19:59:00Z');
    expect(await runTask()).toEqual(['campaign-schedules']);
    expect(await jobs(id)).toEqual([]);

    now = new Date('2030-01-15T20:00:30Z');
    await runTask();
    expect(await jobs(id)).toEqual([['queued', null, '2030-01-16T08:00:00.000Z']]);
    expect(await listed(id)).toMatchObject({ status: 'active', scheduled_at: null });
    await runTask();
    expect(await jobs(id)).toHaveLength(1);
    // Started: nothing left to cancel.
    expect((await cancel(id)).statusCode).toBe(400);
  });

  it('is cancelled until it starts, and then never starts', async () => {
    now = new Date('2030-02-01T10:00:00Z');
    const id = await create();
    expect((await schedule(id, '2030-02-01T12:00')).statusCode).toBe(200);
    expect((await cancel(id)).json()).toEqual({ message: 'Programmazione annullata' });
    expect(await listed(id)).toMatchObject({ status: 'draft', scheduled_at: null });
    now = new Date('2030-02-02T10:00:00Z');
    await runTask();
    expect(await jobs(id)).toEqual([]);
  });

  it('refuses a past or malformed time in Italian, and another business’s campaign as unknown', async () => {
    now = new Date('2030-03-01T10:00:00Z');
    const id = await create();
    expect((await schedule(id, '2030-03-01T10:30')).json()).toEqual({ error: 'Scegli una data e un’ora future' }); // 10:30 Rome = 09:30Z
    expect((await schedule(id, '2030-02-30T12:00')).statusCode).toBe(400);
    expect((await schedule(id, 'domani sera')).statusCode).toBe(400);
    expect(await listed(id)).toMatchObject({ status: 'draft', scheduled_at: null });
    const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    expect((await schedule(id, '2030-03-02T12:00', other)).statusCode).toBe(404);
    expect((await cancel(id, other)).statusCode).toBe(404);
  });
});
