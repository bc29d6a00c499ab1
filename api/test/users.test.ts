import { DEMO_ACCOUNTS, DEMO_BUSINESSES } from '../src/seed/demo';
import { demoAccount, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, getAs, OTHER_ADMIN, OTHER_BUSINESS_ID, startTwoShops } from './helpers/fixtures';

interface ListedUser {
  email: string;
  role: string;
  card_id: string | null;
  business_id: string | null;
}

describeEachDatabase('GET /api/users', (variant) => {
  let t: TestApp;
  let clientCardId: string;
  beforeAll(async () => {
    ({ t, clientCardId } = await startTwoShops(variant, DEMO_BUSINESSES[1].id));
  });
  afterAll(() => t.close());

  const users = (query: string, account?: { email: string; password: string }) =>
    getAs(t, `/api/users${query}`, account);

  it('gives an admin the card holders of its business, each with the card id', async () => {
    const response = await users(`?business_id=${DEMO_BUSINESSES[1].id}`, demoAccount('admin'));
    expect(response.statusCode).toBe(200);
    const list: ListedUser[] = response.json();
    expect(list).toHaveLength(17);
    expect(list.every((u) => u.role === 'client' && u.card_id !== null)).toBe(true);
    expect(list.find((u) => u.email === CLIENT.email)).toEqual({
      id: expect.any(String),
      email: CLIENT.email,
      full_name: 'Cliente Prova',
      role: 'client',
      phone: null,
      created_at: expect.any(String),
      business_id: DEMO_BUSINESSES[1].id,
      card_id: clientCardId,
    });
  });

  it('requires business_id from an admin', async () => {
    const response = await users('', demoAccount('admin'));
    expect([response.statusCode, response.json()]).toEqual([400, { error: 'Campo "azienda" è obbligatorio' }]);
  });

  it('gives the super admin everybody, and can filter by business', async () => {
    const all: ListedUser[] = (await users('', demoAccount('super_admin'))).json();
    expect(all).toHaveLength(DEMO_ACCOUNTS.length + 40 + 2); // the demo's accounts, its 40 card holders, the fixtures' two
    expect(all.find((u) => u.email === 'admin@demo.it')).toMatchObject({ role: 'admin', card_id: null });
    expect((await users(`?business_id=${OTHER_BUSINESS_ID}`, demoAccount('super_admin'))).json()).toEqual([]);
  });

  it('enforces ownership: 404 for a foreign business, 403 for a client, 401 without a session', async () => {
    const foreign = await users('?business_id=default-business-id', OTHER_ADMIN);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    const client = await users(`?business_id=${DEMO_BUSINESSES[1].id}`, CLIENT);
    expect([client.statusCode, client.json()]).toEqual([403, { error: 'Accesso negato' }]);
    expect((await users('')).statusCode).toBe(401);
  });
});
