/**
 * A second signup at the same shop gives the card back only to whoever proves to be the
 * same person (e-mail and phone of the card); anyone else gets a neutral answer without ids or number, and
 * the card goes again, at most once an hour, to the contact the shop has on file.
 */
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const SIGNUP = '/api/users/loyalty-cards/create';
const BAR = DEMO_BUSINESSES[0]; // WhatsApp and SMS on, e-mail off
const PROFUMERIA = DEMO_BUSINESSES[1]; // every channel on
const SILENT = { id: 'test-negozio-muto', name: 'Negozio Muto' }; // no channel on

interface Job {
  channel: string;
  recipient: string;
  body: string;
  idempotency_key: string;
}

describeEachDatabase('security: signing up again with a known e-mail', (variant) => {
  let t: TestApp;
  let now = new Date('2026-03-10T10:15:00Z');
  /** The card image's data (a points shop without rewards, a card without points). */
  const POINTS_CARD = { points: 0, loyalty_mode: 'points', next_reward_cost: null, brand_color: null };
  /** Decision 051: both answers name the customer's page. */
  const MY_CARD_URL = 'http://localhost:3000/my-card';
  let ip = 0;
  const signup = (payload: object) =>
    t.app.inject({ method: 'POST', url: SIGNUP, remoteAddress: `10.2.0.${++ip}`, payload: { role: 'client', privacy_ack: true, ...payload } });
  /** The card's resend messages (a new card's welcome, decision 051, is signup-welcome.test.ts's subject). */
  const jobsOf = async (cardId: string) =>
    (
      await t.app.db.query<Job>(
        "SELECT channel, recipient, body, idempotency_key FROM messaging_jobs WHERE card_id = $1 AND idempotency_key NOT LIKE 'card:%:welcome' ORDER BY id",
        [cardId],
      )
    ).rows;
  const cardOf = async (email: string, businessId: string) =>
    (
      await t.app.db.query<{ id: string; card_number: string; user_id: string }>(
        'SELECT c.id, c.card_number, c.user_id FROM loyalty_cards c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.business_id = $2',
        [email, businessId],
      )
    ).rows[0];

  beforeAll(async () => {
    // The worker would deliver (and so change) the jobs this suite reads.
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => now });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id) SELECT $1, $2, owner_id FROM businesses WHERE id = $3`, [SILENT.id, SILENT.name, BAR.id]);
  });
  afterAll(() => t.close());

  const first = { email: 'mario.rossi@example.it', full_name: 'Mario Rossi', phone: '+39 333 1234567', business_id: BAR.id };

  it('answers a brand-new signup with the card, as before', async () => {
    const response = await signup(first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: expect.any(String), user_id: expect.any(String), business_name: BAR.name, card_number: expect.stringMatching(/^LC-\d{8}$/), ...POINTS_CARD, my_card_url: MY_CARD_URL });
  });

  it.each(['+39 333 1234567', '3331234567', '+39 (333) 123-4567', '0039 333.123.4567'])(
    'gives the card back when e-mail and phone (%s) match the card',
    async (phone) => {
      const card = await cardOf(first.email, BAR.id);
      const response = await signup({ ...first, email: ' Mario.Rossi@Example.IT ', phone, full_name: 'Mario R.' });
      expect(response.json()).toEqual({ id: card.id, user_id: card.user_id, business_name: BAR.name, card_number: card.card_number, ...POINTS_CARD, my_card_url: MY_CARD_URL });
      expect(await jobsOf(card.id)).toEqual([]);
    },
  );

  it('answers anyone else neutrally and sends the card again to the phone on file, by WhatsApp', async () => {
    const card = await cardOf(first.email, BAR.id);
    const response = await signup({ ...first, phone: '+39 320 0000000', full_name: 'Un Curioso' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'resent',
      business_name: BAR.name,
      message: 'Sei già iscritto: ti abbiamo inviato di nuovo la tua carta ai contatti che ci avevi lasciato. Se non la ricevi, chiedila in cassa.',
      my_card_url: MY_CARD_URL,
    });
    for (const secret of [card.id, card.user_id, card.card_number]) expect(response.body).not.toContain(secret);
    expect(await jobsOf(card.id)).toEqual([
      {
        channel: 'whatsapp',
        recipient: '+393331234567',
        body: `La tua carta fedeltà ${BAR.name}: numero ${card.card_number}. Mostrala in cassa per raccogliere punti. Saldo e premi: ${MY_CARD_URL}`,
        idempotency_key: `card:${card.id}:resend:2026-03-10T10`,
      },
    ]);
  });

  it('sends the card again at most once an hour', async () => {
    const card = await cardOf(first.email, BAR.id);
    const again = await signup({ ...first, phone: '+39 320 0000001' });
    expect(again.json()).toMatchObject({ status: 'resent' });
    expect(await jobsOf(card.id)).toHaveLength(1);
    now = new Date('2026-03-10T11:20:00Z');
    await signup({ ...first, email: 'mario.rossi@example.it', phone: '+39 320 0000002' });
    expect((await jobsOf(card.id)).map((j) => j.idempotency_key)).toEqual([`card:${card.id}:resend:2026-03-10T10`, `card:${card.id}:resend:2026-03-10T11`]);
  });

  it('prefers e-mail when the shop has it on, to the address on the card', async () => {
    const person = { email: 'lucia.bianchi@example.it', full_name: 'Lucia Bianchi', phone: '+39 347 7654321', business_id: PROFUMERIA.id };
    await signup(person);
    const card = await cardOf(person.email, PROFUMERIA.id);
    expect((await signup({ ...person, phone: '+39 347 0000000' })).json()).toMatchObject({ status: 'resent', business_name: PROFUMERIA.name });
    expect((await jobsOf(card.id)).map((j) => [j.channel, j.recipient])).toEqual([['email', 'lucia.bianchi@example.it']]);
  });

  it('sends nothing, with the same answer, when the shop has no channel on or the phone said STOP', async () => {
    const silent = { email: 'piero.muto@example.it', full_name: 'Piero Muto', phone: '+39 348 1112223', business_id: SILENT.id };
    await signup(silent);
    const silentCard = await cardOf(silent.email, SILENT.id);
    const quiet = await signup({ ...silent, phone: '+39 348 0000000' });
    expect([quiet.statusCode, quiet.json()]).toEqual([200, { status: 'resent', business_name: SILENT.name, message: expect.any(String), my_card_url: MY_CARD_URL }]);
    expect(await jobsOf(silentCard.id)).toEqual([]);

    const stopped = { email: 'sara.stop@example.it', full_name: 'Sara Stop', phone: '+39 349 5556667', business_id: BAR.id };
    await signup(stopped);
    await t.app.messaging.repo.addOptOut(BAR.id, '+393495556667');
    const stoppedCard = await cardOf(stopped.email, BAR.id);
    expect((await signup({ ...stopped, phone: '+39 349 0000000' })).json()).toMatchObject({ status: 'resent' });
    expect(await jobsOf(stoppedCard.id)).toEqual([]);
  });

  it('documents both answers in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const ok = JSON.stringify(document.paths[SIGNUP].post.responses['200']);
    expect(ok).toContain('card_number');
    expect(ok).toContain('resent');
  });
});
