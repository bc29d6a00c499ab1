/**
 * Public signups are shed under pressure only in a crowd: while the API thread is starved (its event loop held
 * here by a busy loop, as a flood or another process would) a crowd of signups arriving together gets some
 * 503 «Servizio momentaneamente occupato» with `Retry-After: 1` and nothing written for them, while a customer
 * who signs up alone at the same moment is served.
 */
import { MESSAGES } from '../../src/messages';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const URL = '/api/users/loyalty-cards/create';
const BUSINESS = DEMO_BUSINESSES[0];
const payload = (i: number) => ({
  email: `folla.${i}@example.it`,
  full_name: `Cliente Folla ${i}`,
  phone: `+39 333 ${String(2_000_000 + i).padStart(7, '0')}`,
  business_id: BUSINESS.id,
  privacy_ack: true,
});

/** Holds the event loop 80 ms out of every 90 until stopped: the sampled delay stays far above 20 ms. */
function starveEventLoop(): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + 80;
    while (Date.now() < until) {
      /* busy */
    }
  }, 10);
  return () => clearInterval(timer);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('load shedding of public signups', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, signupRateLimitPerMinute: 1000 });
  });
  afterAll(() => t.close());

  const cardsOf = async (emails: string[]) =>
    (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM loyalty_cards WHERE email = ANY($1)', [emails])).rows[0].n;

  it('a lone signup is served while the thread is starved; a crowd of them is partly shed, with nothing written for the shed ones', async () => {
    const stop = starveEventLoop();
    try {
      await pause(300);
      // One at a time: never shed.
      for (const i of [1, 2, 3]) {
        const alone = await t.app.inject({ method: 'POST', url: URL, payload: payload(i), remoteAddress: `10.1.0.${i}` });
        expect([i, alone.statusCode]).toEqual([i, 200]);
      }
      // Eight together: those past the fourth being served meet a crowd.
      const crowd = Array.from({ length: 8 }, (_, k) => 10 + k);
      const answers = await Promise.all(crowd.map((i) => t.app.inject({ method: 'POST', url: URL, payload: payload(i), remoteAddress: `10.2.0.${i}` })));
      const shed = answers.filter((a) => a.statusCode === 503);
      const served = answers.filter((a) => a.statusCode === 200);
      expect(shed.length + served.length).toBe(crowd.length);
      expect(shed.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThanOrEqual(4);
      for (const answer of shed) {
        expect(answer.headers['retry-after']).toBe('1');
        expect(answer.json()).toEqual({ error: MESSAGES.busy });
      }
      expect(await cardsOf(crowd.map((i) => payload(i).email))).toBe(served.length);
    } finally {
      stop();
    }
    // Once the thread breathes again, a signup is served.
    await pause(200);
    const after = await t.app.inject({ method: 'POST', url: URL, payload: payload(99), remoteAddress: '10.3.0.1' });
    expect(after.statusCode).toBe(200);
  });
});
