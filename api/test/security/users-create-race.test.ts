/**
 * The same user created 20 times at once. The unique e-mail used to surface as 500
 * (unique violation on PostgreSQL); now exactly one creation wins and every other one is a 409.
 */
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const PARALLEL = 20;

describeEachDatabase('security: creating the same user twenty times at once', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let superAdmin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
  });
  afterAll(() => t.close());

  const createAll = (headers: { authorization: string }, payload: object) =>
    Promise.all(Array.from({ length: PARALLEL }, () => t.app.inject({ method: 'POST', url: '/api/users', headers, payload })));
  const tally = (answers: { statusCode: number; json(): { error?: string } }[]) => {
    const byAnswer = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.statusCode} ${a.statusCode === 201 ? '' : a.json().error}`.trim();
      byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
    }
    return Object.fromEntries(byAnswer);
  };
  const rowsWith = async (email: string) =>
    (
      await t.app.db.query<{ users: number; cards: number }>(
        `SELECT (SELECT count(*) FROM users WHERE email = $1) AS users,
                (SELECT count(*) FROM loyalty_cards c JOIN users u ON u.id = c.user_id WHERE u.email = $1) AS cards`,
        [email],
      )
    ).rows[0];

  it('an admin account (super admin): one 201, nineteen 409 "Esiste già un utente con questa email"', async () => {
    const email = 'admin.doppio@example.it';
    const answers = await createAll(superAdmin, { email, full_name: 'Admin Doppio', role: 'admin', password: 'Password123' });
    expect(tally(answers)).toEqual({ '201': 1, '409 Esiste già un utente con questa email': PARALLEL - 1 });
    expect(await rowsWith(email)).toEqual({ users: 1, cards: 0 });
  });

  it('a client of a business (admin): one 201, nineteen 409 about this business only', async () => {
    const email = 'cliente.doppio@example.it';
    const answers = await createAll(admin, { email, full_name: 'Cliente Doppio', role: 'client', business_id: DEMO_BUSINESSES[0].id });
    expect(tally(answers)).toEqual({ '201': 1, '409 Questo cliente ha già una carta in questa attività': PARALLEL - 1 });
    expect(await rowsWith(email)).toEqual({ users: 1, cards: 1 });
  });
});
