/**
 * The login lock must hold against a parallel burst. Each attempt reserves its failure
 * before the argon2 check, so at most 3 guesses per address are ever verified, however many arrive at once.
 */
import { createUser, login, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const INVALID = { error: 'Credenziali non valide.' };
const LOCKED = { error: 'Troppi tentativi. Riprova tra 5 minuti.' };
const BURST = 20;

describeEachDatabase('login lock under a parallel burst', (variant) => {
  let t: TestApp;
  let verifications: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp(variant);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    // Counts the argon2 checks the login asks for; the database is the real one.
    verifications = jest.spyOn(t.app.passwords, 'verify');
  });
  afterEach(() => verifications.mockRestore());

  /** Failures counted for the address right now (reservations of attempts in flight included). */
  async function failuresOf(email: string): Promise<number> {
    const { rows } = await t.app.db.query<{ failed_count: number }>('SELECT failed_count FROM login_attempts WHERE email = $1', [email]);
    return rows[0]?.failed_count ?? 0;
  }

  /**
   * BURST - 1 wrong guesses at once; the right password joins the burst once 3 of them are in flight or
   * done (counted in the database), before the burst is over.
   */
  async function burst(email: string, password: string) {
    const wrong = Array.from({ length: BURST - 1 }, (_, i) => login(t.app, email, `sbagliata-${i}`));
    while ((await failuresOf(email)) < 3) await new Promise((resolve) => setImmediate(resolve));
    const right = await login(t.app, email, password);
    const answers = await Promise.all(wrong);
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    return { right, count, answers };
  }

  it('verifies at most 3 guesses of a burst and refuses the right password sent after them', async () => {
    const password = 'Raffica2026!';
    await createUser(t.app, { email: 'raffica@test.it', role: 'admin', password });

    const { right, count, answers } = await burst('raffica@test.it', password);

    expect(verifications.mock.calls.length).toBeLessThanOrEqual(3);
    expect([right.statusCode, right.json()]).toEqual([429, LOCKED]);
    expect([count(401), count(429), count(200)]).toEqual([3, BURST - 4, 0]);
    for (const a of answers) expect(a.json()).toEqual(a.statusCode === 401 ? INVALID : LOCKED);
  });

  it('answers a burst on an unknown e-mail exactly the same way', async () => {
    const { right, count } = await burst('nessuno.raffica@test.it', 'Raffica2026!');

    expect(verifications.mock.calls.length).toBeLessThanOrEqual(3);
    expect([right.statusCode, right.json()]).toEqual([429, LOCKED]);
    expect([count(401), count(429), count(200)]).toEqual([3, BURST - 4, 0]);
  });

  it('lets the right password through when it is one of the first 3 attempts, and then forgets the failures', async () => {
    const password = 'Giusta2026!';
    await createUser(t.app, { email: 'giusta@test.it', role: 'admin', password });
    const answers = await Promise.all([login(t.app, 'giusta@test.it', 'sbagliata'), login(t.app, 'giusta@test.it', password)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(await failuresOf('giusta@test.it')).toBeLessThanOrEqual(1);
    expect((await login(t.app, 'giusta@test.it', password)).statusCode).toBe(200);
  });
});
