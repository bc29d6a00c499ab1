import { DEMO_BUSINESSES } from '../src/seed/demo';
import { demoAccount, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, getAs, OTHER_ADMIN, OTHER_BUSINESS_ID, startTwoShops } from './helpers/fixtures';
import { UNCHOSEN_MESSAGING_SETTINGS } from './helpers/messaging';

describeEachDatabase('GET /api/twilio/settings', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startTwoShops(variant, 'default-business-id'));
  });
  afterAll(() => t.close());

  const settings = (query: string, account?: { email: string; password: string }) =>
    getAs(t, `/api/twilio/settings${query}`, account);

  it('answers the stored settings with the business switches', async () => {
    const response = await settings('?businessId=default-business-id', demoAccount('admin'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accountSid: '',
      authToken: '',
      phoneNumber: '+390287654321',
      messagingServiceSid: '',
      emailSender: 'info@barcentrale.example.it',
      ...UNCHOSEN_MESSAGING_SETTINGS,
      emailEnabled: false,
      driver: 'outbox',
    });
  });

  it('answers empty values for a business without settings', async () => {
    const response = await settings(`?businessId=${DEMO_BUSINESSES[1].id}`, demoAccount('admin'));
    expect(response.json()).toEqual({
      accountSid: '',
      authToken: '',
      phoneNumber: '',
      messagingServiceSid: '',
      emailSender: '',
      ...UNCHOSEN_MESSAGING_SETTINGS,
    });
  });

  it('never answers the auth token in full', async () => {
    await t.app.db.query(
      `INSERT INTO messaging_settings (business_id, driver, account_sid, auth_token_encrypted, auth_token_last4, messaging_service_sid)
       VALUES ($1, 'twilio', 'AC123', 'v1:ciphertext', '9f3a', 'MG456')`,
      [OTHER_BUSINESS_ID],
    );
    const response = await settings(`?businessId=${OTHER_BUSINESS_ID}`, OTHER_ADMIN);
    expect(response.json()).toMatchObject({ accountSid: 'AC123', authToken: '••••9f3a', messagingServiceSid: 'MG456', whatsappEnabled: true, smsEnabled: false });
    expect(response.body).not.toContain('ciphertext');
  });

  it('requires businessId', async () => {
    const response = await settings('', demoAccount('admin'));
    expect([response.statusCode, response.json()]).toEqual([400, { error: 'Campo "azienda" è obbligatorio' }]);
  });

  it('enforces ownership: 404 for a foreign business, 403 for a client, 401 without a session', async () => {
    const foreign = await settings(`?businessId=${OTHER_BUSINESS_ID}`, demoAccount('admin'));
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
    expect((await settings(`?businessId=${OTHER_BUSINESS_ID}`, demoAccount('super_admin'))).statusCode).toBe(200);
    const client = await settings('?businessId=default-business-id', CLIENT);
    expect([client.statusCode, client.json()]).toEqual([403, { error: 'Accesso negato' }]);
    expect((await settings('?businessId=default-business-id')).statusCode).toBe(401);
  });
});
