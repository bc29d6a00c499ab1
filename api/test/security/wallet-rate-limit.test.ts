/**
 * Decision 042: the public wallet routes' rate limits, per client IP. A phone's own traffic with
 * good tokens never spends the failed-lookup budget; guessing links or pass tokens gets 429 once that budget
 * is spent (other addresses unaffected); and each route has a generous overall budget.
 */
import { startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { appleConfig, pathOf, signupCard } from '../helpers/wallet';

const TYPE = 'pass.it.localhost.fidelity';

describeEachDatabase('wallet rate limits', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, {
      seedDemo: true,
      wallet: { apple: appleConfig() },
      messaging: { worker: { enabled: false } },
      walletRateLimitPerMinute: 50,
      walletFailedLookupsPerMinute: 5,
    });
  });
  afterAll(() => t.close());

  it('lets good links through, answers guesses 429 past the failed-lookup budget, and caps each route', async () => {
    const card = await signupCard(t.app, 'limite.uno@example.it');
    const { rows } = await t.app.db.query<{ serial_number: string }>('SELECT serial_number FROM wallet_passes WHERE card_id = $1', [card.id]);
    const download = (remoteAddress: string) => t.app.inject({ method: 'GET', url: pathOf(card.wallet!.apple!), remoteAddress });
    const guess = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${TYPE}/${rows[0].serial_number}`, headers: { authorization: 'ApplePass indovinato' }, remoteAddress });
    const guessLink = (remoteAddress: string, n: number) =>
      t.app.inject({ method: 'GET', url: `/api/wallet/apple/pass/${'A'.repeat(42)}${n % 10}.pkpass`, remoteAddress });

    // Far more good requests than the failed-lookup budget: all served.
    const good = [];
    for (let i = 0; i < 40; i++) good.push((await download('10.20.0.1')).statusCode);
    expect(new Set(good)).toEqual(new Set([200]));

    // Guesses from one address: the budget (5) is answered as usual, then 429 with Retry-After, in Italian.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await guess('10.20.0.2')).statusCode);
    statuses.push((await guessLink('10.20.0.2', 1)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 404]);
    for (const refused of [await guess('10.20.0.2'), await guessLink('10.20.0.2', 2)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'Troppe richieste. Riprova tra un minuto.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected; the guessing address still gets its own pass with a good link.
    expect((await guess('10.20.0.3')).statusCode).toBe(401);
    expect((await download('10.20.0.2')).statusCode).toBe(200);

    // The route's overall budget (50 a minute per address): the first address has used 40 of it.
    const rest = [];
    for (let i = 0; i < 11; i++) rest.push((await download('10.20.0.1')).statusCode);
    expect(rest).toEqual([...Array(10).fill(200), 429]);
  });
});
