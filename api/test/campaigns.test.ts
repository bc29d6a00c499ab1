import { DEMO_BUSINESSES } from '../src/seed/demo';
import { demoAccount, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, getAs, OTHER_ADMIN, startTwoShops } from './helpers/fixtures';

describeEachDatabase('GET /api/campaigns/business/:id', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startTwoShops(variant, 'default-business-id'));
  });
  afterAll(() => t.close());

  const campaigns = (businessId: string, account?: { email: string; password: string }) =>
    getAs(t, `/api/campaigns/business/${businessId}`, account);

  it('lists the campaigns of an own business, newest first, with lists decoded', async () => {
    const response = await campaigns('default-business-id', demoAccount('admin'));
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['Colazione di primavera', 'draft'],
      ['Aperitivo del venerdì', 'completed'],
    ]);
    expect(list[1]).toEqual({
      id: expect.any(String),
      business_id: 'default-business-id',
      name: 'Aperitivo del venerdì',
      subject: null,
      description: expect.any(String),
      status: 'completed',
      targets: expect.arrayContaining([expect.stringMatching(/^demo-card-1-/)]),
      recipients: expect.arrayContaining([{ customer_name: expect.any(String), customer_phone: expect.stringMatching(/^\+39/), email: expect.any(String) }]),
      channels: ['whatsapp'],
      segment: null,
      recipient_count: expect.any(Number),
      // Nothing queued or scheduled (decision 077).
      delivery: null,
      scheduled_at: null,
      created_at: expect.any(String),
    });
  });

  it('lets the super admin read any business', async () => {
    const list = (await campaigns(DEMO_BUSINESSES[1].id, demoAccount('super_admin'))).json();
    expect(list).toEqual([expect.objectContaining({ status: 'scheduled', channels: ['email', 'whatsapp'] })]);
  });

  it('enforces ownership: 404 for a foreign business, 403 for a client, 401 without a session', async () => {
    const foreign = await campaigns('default-business-id', OTHER_ADMIN);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    const client = await campaigns('default-business-id', CLIENT);
    expect([client.statusCode, client.json()]).toEqual([403, { error: 'Accesso negato' }]);
    expect((await campaigns('default-business-id')).statusCode).toBe(401);
  });
});
