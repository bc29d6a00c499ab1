/**
 * Bad input never reaches the database: a property-based test (fast-check) throws generated invalid
 * payloads at every write route and checks each answer is a 400 with an Italian `{ error }` (never a 5xx)
 * and that no row of any table changed. Plus the transport-level cases: malformed JSON, oversized
 * bodies, unknown fields.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { bonusThresholdBodySchema, createBusinessBodySchema, updateSettingsBodySchema } from '../src/features/businesses/schemas';
import { createCampaignBodySchema } from '../src/features/campaigns/schemas';
import { cardSignupBodySchema, pointsBodySchema, qrScanBodySchema } from '../src/features/cards/schemas';
import { connectionTestBodySchema, twilioSettingsUpdateSchema } from '../src/features/messaging/settings-schemas';
import { changePasswordBodySchema, createUserBodySchema, loginBodySchema } from '../src/features/users/schemas';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { demoRows } from './helpers/fixtures';
import { tableDigest } from './helpers/table-digest';

const BAR = DEMO_BUSINESSES[0].id;
const NUM_RUNS = 40;

/** A JSON value, or a valid payload with one field replaced by any JSON value or removed. */
function invalidFor(schema: z.ZodType, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const mutated = fc
    .tuple(fc.constantFrom(...keys), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }), fc.jsonValue({ maxDepth: 1 }))
    .map(([key, value, extra]) => ({ ...valid, [key]: value, extraField: extra }));
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...keys, 'x'), fc.jsonValue({ maxDepth: 2 })));
  // The server validates the JSON it receives: `undefined` fields disappear on the way.
  return fc.oneof(mutated, anything).filter((payload) => !schema.safeParse(JSON.parse(JSON.stringify(payload ?? null))).success);
}

const notAnEnumValue = (values: string[]) => fc.oneof(fc.string().filter((s) => !values.includes(s)), fc.integer(), fc.constant(null), fc.boolean());
const badCampaignMessage = fc.oneof(
  fc.constantFrom('', '   ', 'x'.repeat(161), 'é'.repeat(200)),
  fc.string({ minLength: 161, maxLength: 400 }).filter((s) => s.trim().length > 160),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string()),
);

describeEachDatabase('bad input on every write route', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let cardId: string;
  let userId: string;
  let campaignId: string;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    ({ cardId, userId, campaignId } = await demoRows(t.app, BAR));
  });
  afterAll(() => t.close());

  const snapshot = () => tableDigest(t.app.db);

  async function expectRejected(method: 'POST' | 'PUT' | 'DELETE', url: string | (() => string), payloads: fc.Arbitrary<unknown>, options: { auth?: boolean } = {}) {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const response = await t.app.inject({
          method,
          url: typeof url === 'string' ? url : url(),
          headers: { ...(options.auth === false ? {} : admin), 'content-type': 'application/json' },
          payload: JSON.stringify(payload ?? null),
        });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error.length).toBeGreaterThan(0);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  }

  // Phones that are valid numbers ('333' and '1' are now refused), so each mutation is what makes a payload bad.
  const valid = {
    signup: { email: 'a@b.it', full_name: 'Anna', phone: '333 1234567', role: 'client', business_id: BAR, privacy_ack: true },
    points: { points: 5, description: 'x' },
    business: { name: 'Nuova', email: 'a@b.it' },
    user: { email: 'nuovo@b.it', full_name: 'Nuovo', role: 'client', business_id: BAR },
  };

  it('POST /api/users/loyalty-cards/create', () => expectRejected('POST', '/api/users/loyalty-cards/create', invalidFor(cardSignupBodySchema, valid.signup), { auth: false }));
  it('POST /api/loyalty-cards/:id/points', () => expectRejected('POST', () => `/api/loyalty-cards/${cardId}/points`, invalidFor(pointsBodySchema, valid.points)));
  it('POST /api/qrcode/scan', () =>
    expectRejected('POST', '/api/qrcode/scan', invalidFor(qrScanBodySchema, { card_id: cardId, user_id: userId, points: 50 })));
  it('POST /api/campaigns', () =>
    expectRejected(
      'POST',
      '/api/campaigns',
      invalidFor(createCampaignBodySchema, { businessId: BAR, name: 'C', status: 'draft', channels: ['sms'], recipients: [{ customer_phone: '333 1234567', email: 'a@b.it' }] }),
    ));
  it('POST /api/business', () => expectRejected('POST', '/api/business', invalidFor(createBusinessBodySchema, valid.business)));
  it('PUT /api/settings/:businessId', () =>
    expectRejected('PUT', `/api/settings/${BAR}`, invalidFor(updateSettingsBodySchema, { name: 'Bar', phone: '02 1234 5678', whatsapp_enabled: 1 })));
  it('PUT /api/settings/:businessId/bonus-threshold', () =>
    expectRejected('PUT', `/api/settings/${BAR}/bonus-threshold`, invalidFor(bonusThresholdBodySchema, { threshold: 1000, confirm_messages: 0 })));
  it('POST /api/users', () => expectRejected('POST', '/api/users', invalidFor(createUserBodySchema, valid.user)));
  it('PUT /api/auth/change-password', () =>
    expectRejected(
      'PUT',
      '/api/auth/change-password',
      fc.oneof(
        invalidFor(changePasswordBodySchema, { currentPassword: 'Admin2026!', newPassword: 'NuovaPassword1' }),
        // Well-formed but with the wrong current password: refused as well.
        fc.record({ currentPassword: fc.string({ minLength: 1 }).filter((p) => p !== 'Admin2026!'), newPassword: fc.string({ minLength: 8 }) }),
      ),
    ));
  it('POST /api/auth/login', () => expectRejected('POST', '/api/auth/login', invalidFor(loginBodySchema, { email: 'admin@demo.it', password: 'x' }), { auth: false }));
  it('PUT /api/twilio/settings/:businessId', () =>
    expectRejected('PUT', `/api/twilio/settings/${BAR}`, invalidFor(twilioSettingsUpdateSchema, { phoneNumber: '+393331234567', emailSender: 'a@b.it' })));
  it('POST /api/twilio/test-connection', () =>
    expectRejected('POST', '/api/twilio/test-connection', invalidFor(connectionTestBodySchema, { businessId: BAR, service: 'sms', testRecipient: '+393331234567' })));
  it('POST /api/campaigns/:id/send', () =>
    expectRejected(
      'POST',
      () => `/api/campaigns/${campaignId}/send`,
      fc.oneof(
        fc.record({ service: notAnEnumValue(['whatsapp', 'sms', 'email']), message: fc.constant('Ciao') }),
        fc.record({ service: fc.constantFrom('whatsapp', 'sms'), message: badCampaignMessage }),
        // A channel the business has not enabled (Bar Centrale: e-mail off).
        fc.record({ service: fc.constant('email'), message: fc.string({ minLength: 1, maxLength: 160 }).filter((s) => s.trim() !== '') }),
      ),
    ));
  it('POST /api/loyalty-cards/:id/send-whatsapp', () =>
    expectRejected(
      'POST',
      () => `/api/loyalty-cards/${cardId}/send-whatsapp`,
      fc.record({ message: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string()), fc.constant('x'.repeat(1601))) }),
    ));

  it('DELETE with unknown ids answers 404 and deletes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('loyalty-cards', 'campaigns'), fc.string({ minLength: 1, maxLength: 60 }), async (resource, id) => {
        const response = await t.app.inject({ method: 'DELETE', url: `/api/${resource}/${encodeURIComponent(id)}`, headers: admin });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toEqual({ error: expect.any(String) });
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed JSON, a non-object body and a missing body with an Italian 400', async () => {
    const before = await snapshot();
    const send = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${cardId}/points`, headers: { ...admin, 'content-type': contentType }, payload });
    expect((await send('{"points": 5, "description": ')).json()).toEqual({ error: 'Il corpo della richiesta non è un JSON valido' });
    expect((await send('{"points": 5, "description": "x"')).statusCode).toBe(400);
    expect((await send('[1, 2]')).statusCode).toBe(400);
    expect((await send('')).json()).toEqual({ error: 'Corpo della richiesta mancante' });
    expect((await send('{"__proto__": {"admin": true}, "points": 5, "description": "x"}')).statusCode).toBe(400);
    expect((await send('points=5', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 to an oversized body, writing nothing', async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ businessId: BAR, name: 'Enorme', description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect([response.statusCode, response.json()]).toEqual([413, { error: 'Richiesta troppo grande' }]);
    expect(await snapshot()).toEqual(before);
  });
});
