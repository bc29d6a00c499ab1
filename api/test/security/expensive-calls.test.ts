/**
 * The calls that send real messages are limited per user (connection tests) and per
 * business (single messages, campaign sends), with the default budgets; a flood gets 429 and does not run.
 */
import { ConfigError, parseEnv } from '../../src/config';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from '../helpers/fixtures';
import { createCampaign, createCard } from '../helpers/messaging';

const BAR = 'default-business-id';
const TOO_MANY = { error: 'Troppe richieste. Riprova tra un minuto.' };
const FLOOD = 100;
const DEFAULTS = parseEnv({});

type Headers = { authorization: string };

describeEachDatabase('limits on the calls that send', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let superAdmin: Headers;
  let otherAdmin: Headers;

  beforeAll(async () => {
    t = await startTestApp(variant, {
      seedDemo: true,
      messaging: { worker: { enabled: false } },
      connectionTestRateLimitPerMinute: DEFAULTS.connectionTestRateLimitPerMinute,
      singleMessageRateLimitPerMinute: DEFAULTS.singleMessageRateLimitPerMinute,
      campaignSendRateLimitPerMinute: DEFAULTS.campaignSendRateLimitPerMinute,
    });
    await createOtherAdmin(t.app);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Headers, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
  const flood = async (times: number, call: () => ReturnType<typeof post>) => {
    const answers = await Promise.all(Array.from({ length: times }, call));
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    for (const a of answers.filter((r) => r.statusCode === 429)) expect(a.json()).toEqual(TOO_MANY);
    return count;
  };
  const outboxCount = async (businessId: string) =>
    (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages WHERE business_id = $1', [businessId])).rows[0].n;
  const jobCount = async (businessId: string) =>
    (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messaging_jobs WHERE business_id = $1', [businessId])).rows[0].n;

  it(`runs ${DEFAULTS.connectionTestRateLimitPerMinute} connection tests a minute per user, refuses the rest of a flood of ${FLOOD} with 429`, async () => {
    const max = DEFAULTS.connectionTestRateLimitPerMinute;
    const payload = { businessId: BAR, service: 'sms', testRecipient: '+393331234567' };
    const before = await outboxCount(BAR);
    const count = await flood(FLOOD, () => post('/api/twilio/test-connection', admin, payload));
    expect([count(200), count(429)]).toEqual([max, FLOOD - max]);
    expect((await outboxCount(BAR)) - before).toBe(max);

    // Another user has a budget of its own.
    expect((await post('/api/twilio/test-connection', superAdmin, payload)).statusCode).toBe(200);
    const limited = await post('/api/twilio/test-connection', admin, payload);
    expect([limited.statusCode, limited.json()]).toEqual([429, TOO_MANY]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`queues ${DEFAULTS.singleMessageRateLimitPerMinute} single WhatsApp messages a minute per business, whoever sends them`, async () => {
    const max = DEFAULTS.singleMessageRateLimitPerMinute;
    const card = await createCard(t.app, BAR, { name: 'Anna Verdi', phone: '+393330000001', consent: true, points: 10 });
    const url = `/api/loyalty-cards/${card}/send-whatsapp`;

    // Another admin cannot spend this business's budget: its attempts answer 404 and count for nothing.
    const foreign = await flood(20, () => post(url, otherAdmin, { message: 'Ciao' }));
    expect(foreign(404)).toBe(20);

    const before = await jobCount(BAR);
    const count = await flood(FLOOD, () => post(url, admin, { message: 'Ciao' }));
    expect([count(200), count(429)]).toEqual([max, FLOOD - max]);
    expect((await jobCount(BAR)) - before).toBe(max);
    // The budget is the business's: the super admin is refused too; another business still sends.
    expect((await post(url, superAdmin, { message: 'Ciao' })).statusCode).toBe(429);
    const otherCard = await createCard(t.app, OTHER_BUSINESS_ID, { name: 'Libro Rosso', phone: '+393330000009', consent: true });
    expect((await post(`/api/loyalty-cards/${otherCard}/send-whatsapp`, otherAdmin, { message: 'Ciao' })).statusCode).toBe(200);
  });

  it(`sends ${DEFAULTS.campaignSendRateLimitPerMinute} campaigns a minute per business`, async () => {
    const max = DEFAULTS.campaignSendRateLimitPerMinute;
    const campaign = await createCampaign(t.app, BAR, [{ customer_name: 'Dario', customer_phone: '+393330000004' }]);
    const count = await flood(FLOOD, () => post(`/api/campaigns/${campaign}/send`, admin, { service: 'sms', message: 'Promo' }));
    expect([count(200), count(429)]).toEqual([max, FLOOD - max]);
  });
});

describe('configuration of the limits', () => {
  it('has the documented defaults and reads the variables', () => {
    expect(DEFAULTS).toMatchObject({ connectionTestRateLimitPerMinute: 10, singleMessageRateLimitPerMinute: 60, campaignSendRateLimitPerMinute: 10 });
    expect(parseEnv({ CONNECTION_TEST_RATE_LIMIT: '3', SINGLE_MESSAGE_RATE_LIMIT: '4', CAMPAIGN_SEND_RATE_LIMIT: '5' })).toMatchObject({
      connectionTestRateLimitPerMinute: 3,
      singleMessageRateLimitPerMinute: 4,
      campaignSendRateLimitPerMinute: 5,
    });
  });

  it.each([
    [{ CONNECTION_TEST_RATE_LIMIT: '0' }, 'CONNECTION_TEST_RATE_LIMIT must be a positive integer (connection tests per minute per user)'],
    [{ SINGLE_MESSAGE_RATE_LIMIT: 'molti' }, 'SINGLE_MESSAGE_RATE_LIMIT must be a positive integer (single messages per minute per business)'],
    [{ CAMPAIGN_SEND_RATE_LIMIT: '1.5' }, 'CAMPAIGN_SEND_RATE_LIMIT must be a positive integer (campaign sends per minute per business)'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });
});
