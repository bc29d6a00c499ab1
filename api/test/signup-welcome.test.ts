/**
 * Decision 051: a card the public signup creates gets ONE welcome message — its number and the
 * customer's page — on the contact resendCard would use (e-mail, else WhatsApp, else SMS, on the shop's
 * channels, never to a contact on the STOP list). A card found again, a card an admin creates and a card a CSV
 * import brings get none; a queue that fails changes nothing in the answer. Both signup answers carry
 * `my_card_url`.
 */
import { MESSAGES } from '../src/messages';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';

const SIGNUP = '/api/users/loyalty-cards/create';
const BAR = DEMO_BUSINESSES[0]; // WhatsApp and SMS on, e-mail off
const PROFUMERIA = DEMO_BUSINESSES[1]; // every channel on
const SILENT = { id: 'test-benvenuto-muto', name: 'Negozio Senza Canali' }; // no channel on
const MY_CARD_URL = 'http://localhost:3000/my-card';

interface Job {
  channel: string;
  recipient: string;
  body: string;
  idempotency_key: string;
  status: string;
}

describe('the welcome text (decision 051)', () => {
  it('fits one SMS with a 48-character shop name and a 30-character page address, in the GSM alphabet', () => {
    const shop = 'Pasticceria Gelateria Artigianale San Lorenzo 12'; // 48 characters
    const url = 'https://fedelta.example.it/my-card'.slice(0, 30);
    expect(shop).toHaveLength(48);
    expect(url).toHaveLength(30);
    const text = MESSAGES.cardWelcomeText(shop, 'LC-12345678', url);
    expect(text.length).toBeLessThanOrEqual(160);
    // The GSM 03.38 basic alphabet's letters and punctuation this text can hold (à, è are in it; ’ is not).
    expect(text).toMatch(/^[A-Za-z0-9 .,:!?/\-_àèéìòù]+$/);
    // One character more in the shop's name and it no longer fits one part.
    expect(MESSAGES.cardWelcomeText(`${shop}x`, 'LC-12345678', url).length).toBe(161);
  });
});

describeEachDatabase('the welcome message of a new card (decision 051)', (variant) => {
  let t: TestApp;
  let ip = 0;
  const signup = (payload: object) =>
    t.app.inject({ method: 'POST', url: SIGNUP, remoteAddress: `10.51.0.${++ip}`, payload: { role: 'client', privacy_ack: true, ...payload } });
  const jobsOf = async (cardId: string) =>
    (await t.app.db.query<Job>('SELECT channel, recipient, body, idempotency_key, status FROM messaging_jobs WHERE card_id = $1 ORDER BY id', [cardId])).rows;
  const jobsOfShop = async (businessId: string) =>
    (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messaging_jobs WHERE business_id = $1', [businessId])).rows[0].n;

  beforeAll(async () => {
    // The worker would deliver (and so change) the jobs this suite reads.
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    await t.app.db.query('INSERT INTO businesses (id, name, owner_id) SELECT $1, $2, owner_id FROM businesses WHERE id = $3', [SILENT.id, SILENT.name, BAR.id]);
  });
  afterAll(() => t.close());

  it('queues one welcome by WhatsApp when the shop has no e-mail, and the answer carries the customer’s page', async () => {
    const person = { email: 'benvenuta.anna@example.it', full_name: 'Anna Nuova', phone: '333 765 0001', business_id: BAR.id };
    const response = await signup(person);
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ business_name: BAR.name, card_number: expect.stringMatching(/^LC-\d{8}$/), my_card_url: MY_CARD_URL });
    expect(await jobsOf(card.id)).toEqual([
      {
        channel: 'whatsapp',
        recipient: '+393337650001',
        body: `Benvenuto da ${BAR.name}! La tua carta fedeltà è la n. ${card.card_number}. Saldo, premi e consensi: ${MY_CARD_URL}`,
        idempotency_key: `card:${card.id}:welcome`,
        status: 'queued',
      },
    ]);

    // The holder signs up again (same e-mail and phone): the card again, no second welcome.
    const again = await signup({ ...person, phone: '+39 333 765 0001' });
    expect(again.json()).toMatchObject({ id: card.id, my_card_url: MY_CARD_URL });
    expect((await jobsOf(card.id)).map((j) => j.idempotency_key)).toEqual([`card:${card.id}:welcome`]);
    // Someone else with the e-mail: the resend (with the page too), still one welcome.
    const other = await signup({ ...person, phone: '+39 320 1110000' });
    expect(other.json()).toEqual({ status: 'resent', business_name: BAR.name, message: MESSAGES.signupResent, my_card_url: MY_CARD_URL });
    const jobs = await jobsOf(card.id);
    expect(jobs.map((j) => j.idempotency_key)).toEqual([`card:${card.id}:welcome`, expect.stringMatching(new RegExp(`^card:${card.id}:resend:`))]);
    expect(jobs[1].body).toContain(`Saldo e premi: ${MY_CARD_URL}`);
  });

  it('prefers the e-mail when the shop has it on', async () => {
    const response = await signup({ email: 'Benvenuto.Bruno@Example.it', full_name: 'Bruno Nuovo', phone: '+39 347 765 0002', business_id: PROFUMERIA.id });
    const card = response.json();
    expect((await jobsOf(card.id)).map((j) => [j.channel, j.recipient, j.idempotency_key])).toEqual([['email', 'benvenuto.bruno@example.it', `card:${card.id}:welcome`]]);
  });

  it('sends nothing when no channel reaches the contact: the shop has none on, or the phone said STOP', async () => {
    const silent = await signup({ email: 'benvenuto.muto@example.it', full_name: 'Carlo Muto', phone: '+39 348 765 0003', business_id: SILENT.id });
    expect(silent.json()).toMatchObject({ card_number: expect.any(String), my_card_url: MY_CARD_URL });
    expect(await jobsOf(silent.json().id)).toEqual([]);

    await t.app.messaging.repo.addOptOut(BAR.id, '+393497650004');
    const stopped = await signup({ email: 'benvenuto.stop@example.it', full_name: 'Dora Stop', phone: '349 765 0004', business_id: BAR.id });
    expect(stopped.json()).toMatchObject({ card_number: expect.any(String) });
    expect(await jobsOf(stopped.json().id)).toEqual([]);
  });

  it('answers the signup the same when the queue fails', async () => {
    const enqueue = jest.spyOn(t.app.messaging.repo, 'enqueueOne').mockRejectedValueOnce(new Error('queue down'));
    try {
      const response = await signup({ email: 'benvenuto.guasto@example.it', full_name: 'Elio Guasto', phone: '+39 333 765 0005', business_id: BAR.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ business_name: BAR.name, card_number: expect.stringMatching(/^LC-\d{8}$/), my_card_url: MY_CARD_URL });
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect(await jobsOf(response.json().id)).toEqual([]);
    } finally {
      enqueue.mockRestore();
    }
  });

  it('sends nothing for a client an admin creates or for cards a CSV import brings', async () => {
    const admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const before = await jobsOfShop(PROFUMERIA.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { email: 'creato.da.admin@example.it', full_name: 'Fabio Creato', role: 'client', phone: '333 765 0006', business_id: PROFUMERIA.id },
    });
    expect(created.statusCode).toBe(201);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/loyalty-cards/business/${PROFUMERIA.id}/import?dry_run=false`,
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'nome;email;telefono\nGina Importata;gina.importata@example.it;333 765 0007\n',
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 1 });
    expect(await jobsOfShop(PROFUMERIA.id)).toBe(before);
  });
});
