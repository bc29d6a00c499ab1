/**
 * Points from the sale (docs/decisions/075-points-from-the-sale.md): the program's earning rule, promotions, the
 * sale route with its idempotency key, the 60-second question and the per-visit day. The clock is the test's:
 * ledger rows, the 60 seconds, the Italian day and the promotions' days and hours all go by it.
 */
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { balanceAndLedger, createOtherAdmin, OTHER_ADMIN } from './helpers/fixtures';
import { ledgerEntry } from './helpers/ledger';

type Headers = { authorization: string };

describeEachDatabase('sales, earning rules and promotions', (variant) => {
  let t: TestApp;
  let owner: Headers;
  let otherAdmin: Headers;
  let client: Headers;
  let ownerId: string;
  // Tuesday 1 December 2026, 11:00 in Italy (CET, UTC+1).
  let now = new Date('2026-12-01T10:00:00Z');
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  let shops = 0;
  let cards = 0;
  let keys = 0;

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => now });
    await createOtherAdmin(t.app);
    await createUser(t.app, { email: 'cliente.vendite@test.it', password: 'Cliente2026!', role: 'client', full_name: 'Cliente Vendite' });
    owner = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    client = await authHeader(t.app, 'cliente.vendite@test.it', 'Cliente2026!');
    ownerId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  /** A shop of the demo admin with this program (PUT like the owner does it). */
  async function newShop(program: object = {}): Promise<string> {
    const id = `sales-shop-${++shops}`;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, whatsapp_enabled) VALUES ($1, $2, $3, 1)`, [id, `Negozio Vendite ${shops}`, ownerId]);
    if (Object.keys(program).length > 0) {
      const saved = await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${id}/program`, headers: owner, payload: program });
      expect(saved.statusCode).toBe(200);
    }
    return id;
  }
  async function newCard(businessId: string, points = 0): Promise<string> {
    const user = await createUser(t.app, { email: `vendite.${++cards}@test.it`, password: 'Cliente2026!', role: 'client', full_name: `Cliente ${cards}`, business_id: businessId });
    const { rows } = await t.app.db.query<{ id: string }>(
      `INSERT INTO loyalty_cards (business_id, user_id, card_number, customer_name, points) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [businessId, user.id, `LC-7${String(cards).padStart(7, '0')}`, `Cliente ${cards}`, points],
    );
    return rows[0].id;
  }
  const key = () => `vendita-${variant.name}-${++keys}`;
  const sale = (cardId: string, payload: object, options: { key?: string; headers?: Headers } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/loyalty-cards/${cardId}/sales`,
      headers: { ...(options.headers ?? owner), 'idempotency-key': options.key ?? key() },
      payload,
    });
  const state = (cardId: string) => balanceAndLedger(t.app, cardId);
  const promotion = (businessId: string, fields: object) =>
    t.app.inject({ method: 'POST', url: '/api/rewards/promotions', headers: owner, payload: { businessId, ...fields } });

  describe('the earning rule', () => {
    it('is manual for a shop that never chose one: the sale route sends the counter to the points field', async () => {
      const shop = await newShop();
      const program = await t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}/program`, headers: owner });
      expect(program.json()).toMatchObject({ earning_rule: 'manual', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null, visit_points: 1, visit_once_per_day: true });
      const card = await newCard(shop);
      const before = await state(card);
      const refused = await sale(card, { amount: '10.00' });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'Questo negozio assegna i punti a mano: usa il campo punti con una descrizione' }]);
      expect(await state(card)).toEqual(before);
    });

    it.each([
      [{ earning_rule: 'a_caso' }, 'Campo "regola punti" non valido: scegli tra punti a mano, punti per euro e punti per visita'],
      [{ earn_points: 0 }, 'Campo "punti guadagnati" non valido: un numero intero tra 1 e 10.000'],
      [{ earn_points: -1 }, 'Campo "punti guadagnati" non valido: un numero intero tra 1 e 10.000'],
      [{ earn_every_cents: 0 }, 'Campo "ogni (€)" non valido: un importo maggiore di zero, al massimo 100.000 €, in centesimi interi'],
      [{ earn_every_cents: -100 }, 'Campo "ogni (€)" non valido: un importo maggiore di zero, al massimo 100.000 €, in centesimi interi'],
      [{ min_spend_cents: 0 }, 'Campo "spesa minima" non valido: un importo maggiore di zero, al massimo 100.000 €, in centesimi interi'],
      [{ visit_points: 0 }, 'Campo "punti per visita" non valido: un numero intero tra 1 e 10.000'],
      [{ earn_rounding: 'su' }, 'Campo "arrotondamento" non valido: scegli per difetto o al più vicino'],
    ])('refuses the rule %j naming the field, changing nothing', async (payload, message) => {
      const shop = await newShop({ earning_rule: 'per_euro', earn_points: 2, earn_every_cents: 500 });
      const response = await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers: owner, payload });
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      const program = await t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}/program`, headers: owner });
      expect(program.json()).toMatchObject({ earning_rule: 'per_euro', earn_points: 2, earn_every_cents: 500, earn_rounding: 'down', min_spend_cents: null });
    });

    it('per euro: rounds the steps down by default, to the nearest when asked; a minimum spend earns nothing below it but keeps the visit', async () => {
      const shop = await newShop({ earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 });
      const card = await newCard(shop, 10);
      const first = await sale(card, { amount: '23.50' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        message: 'Vendita registrata',
        card_id: card,
        points: 33,
        earning: { base_points: 23, points: 23, multiplier: 1, bonus_points: 0, promotions: [], below_minimum: false },
        entry: ledgerEntry({ card_id: card, points: 23, description: 'Vendita di 23,50 €', amount_cents: 2350, author_id: ownerId, author_name: 'Marco Bianchi', created_at: now.toISOString() }),
      });
      expect(await state(card)).toEqual({ points: 33, ledger: 23, rows: 1 });

      await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers: owner, payload: { earn_rounding: 'nearest' } });
      later(61);
      expect((await sale(card, { amount: '23.50' })).json().earning.points).toBe(24);
      later(61);
      expect((await sale(card, { amount: '23.49' })).json().earning.points).toBe(23);

      await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers: owner, payload: { earn_rounding: 'down', earn_points: 3, earn_every_cents: 1000, min_spend_cents: 1000 } });
      later(61);
      expect((await sale(card, { amount: '99.99' })).json().earning.points).toBe(27);
      later(61);
      const below = await sale(card, { amount: '9.99' });
      expect(below.statusCode).toBe(200);
      expect(below.json()).toMatchObject({ points: 33 + 24 + 23 + 27, earning: { points: 0, below_minimum: true }, entry: { points: 0, amount_cents: 999 } });
      // The ledger shows each sale's amount; the row keeps the rule that computed it.
      const ledger = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: owner });
      expect(ledger.json().map((e: { amount_cents: number; points: number }) => [e.amount_cents, e.points])).toEqual([
        [999, 0],
        [9999, 27],
        [2349, 23],
        [2350, 24],
        [2350, 23],
      ]);
      const { rows } = await t.app.db.query<{ earning: { rule: object } }>('SELECT earning FROM points_ledger WHERE card_id = $1 ORDER BY id', [card]);
      expect(rows[0].earning.rule).toEqual({ kind: 'per_euro', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null });
      expect(rows[3].earning.rule).toEqual({ kind: 'per_euro', earn_points: 3, earn_every_cents: 1000, earn_rounding: 'down', min_spend_cents: 1000 });
    });

    it.each([
      [{ amount: '0' }, 'L’importo deve essere maggiore di zero'],
      [{ amount: '0.00' }, 'L’importo deve essere maggiore di zero'],
      [{ amount: '-5' }, 'L’importo deve essere maggiore di zero'],
      [{ amount: '100000.01' }, 'L’importo non può superare 100.000 €'],
      [{ amount: '99999999999999' }, 'L’importo non può superare 100.000 €'],
      [{ amount: '23.505' }, 'Importo non valido: al massimo due decimali (centesimi)'],
      [{ amount: 'venti' }, 'Importo non valido: scrivi un numero in euro, per esempio 23,50'],
      [{ amount: '1,234.50' }, 'Importo non valido: scrivi un numero in euro, per esempio 23,50'],
      [{ amount: '1.234.50' }, 'Importo non valido: scrivi un numero in euro, per esempio 23,50'],
      [{ amount: 23.5 }, 'Importo non valido: scrivi un numero in euro, per esempio 23,50'],
      [{}, 'Scrivi l’importo speso'],
      [{ amount: '10', confirm: 'sì' }, 'Campo "conferma" non valido: usa sì o no'],
    ])('refuses the amount of %j with an Italian 400, saving nothing', async (payload, message) => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop);
      const response = await sale(card, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect(await state(card)).toEqual({ points: 0, ledger: 0, rows: 0 });
    });

    it('needs an idempotency key on every sale', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop);
      const response = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/sales`, headers: owner, payload: { amount: '10' } });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Manca la chiave dell’invio (Idempotency-Key): ricarica la pagina e riprova' }]);
      expect(await state(card)).toEqual({ points: 0, ledger: 0, rows: 0 });
    });

    it('hides another shop’s card behind a 404, refuses a client, saving nothing', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop);
      const foreign = await sale(card, { amount: '10' }, { headers: otherAdmin });
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      expect((await sale(card, { amount: '10' }, { headers: client })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/sales/preview?amount=10`, headers: otherAdmin })).statusCode).toBe(404);
      expect(await state(card)).toEqual({ points: 0, ledger: 0, rows: 0 });
    });
  });

  describe('promotions', () => {
    it('double points today and +20: 23,50 € earns 23 × 2 + 20; promotions of another day or hour do not apply; the preview says the same', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const today = '2026-12-01';
      const doubled = await promotion(shop, { name: 'Doppi punti oggi', multiplier: 2, starts_on: today, ends_on: today });
      expect(doubled.statusCode).toBe(201);
      expect(doubled.json()).toMatchObject({ name: 'Doppi punti oggi', multiplier: 2, bonus_points: null, starts_on: today, ends_on: today, weekdays: null, active: true });
      const bonus = (await promotion(shop, { name: '+20 fino al 31/12', bonus_points: 20, ends_on: '2026-12-31' })).json();
      expect((await promotion(shop, { name: 'Tripli il mercoledì', multiplier: 3, weekdays: [3] })).statusCode).toBe(201);
      expect((await promotion(shop, { name: 'Happy hour', multiplier: 5, start_time: '18:00', end_time: '20:00' })).statusCode).toBe(201);
      expect((await promotion(shop, { name: 'Finita', bonus_points: 100, ends_on: '2026-11-30' })).statusCode).toBe(201);
      const card = await newCard(shop);
      const preview = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/sales/preview?amount=23.50`, headers: owner });
      const expected = {
        base_points: 23,
        points: 66,
        multiplier: 2,
        bonus_points: 20,
        promotions: [
          { id: doubled.json().id, name: 'Doppi punti oggi' },
          { id: bonus.id, name: '+20 fino al 31/12' },
        ],
        below_minimum: false,
      };
      expect(preview.json()).toEqual({ earning_rule: 'per_euro', loyalty_mode: 'points', earning: expected });
      const recorded = await sale(card, { amount: '23.50' });
      expect(recorded.json()).toMatchObject({ points: 66, earning: expected, entry: { description: 'Vendita di 23,50 € · Doppi punti oggi, +20 fino al 31/12' } });
      // 18:30 in Italy (17:30 UTC): the happy hour's ×5 is the best multiplier, the ×2 is not applied on top.
      later(7.5 * 3600);
      const evening = await sale(card, { amount: '10.00' });
      expect(evening.json().earning).toMatchObject({ base_points: 10, multiplier: 5, points: 70, bonus_points: 20 });
      expect(evening.json().earning.promotions.map((p: { name: string }) => p.name)).toEqual(['Happy hour', '+20 fino al 31/12']);
      // Wednesday 10:30: the ×3 of Wednesdays, and no more the «doppi punti oggi» of Tuesday; at 18:30 the ×5 again.
      later(16 * 3600);
      expect((await sale(card, { amount: '10.00' })).json().earning).toMatchObject({ multiplier: 3, points: 50 });
      later(8 * 3600);
      expect((await sale(card, { amount: '10.00' })).json().earning).toMatchObject({ multiplier: 5, points: 70 });
      later(-(7.5 + 16 + 8) * 3600);
    });

    it('fixed bonuses add up to 10.000 at most, and a switched-off promotion does not count', async () => {
      const shop = await newShop({ earning_rule: 'per_visit', visit_points: 1, visit_once_per_day: false });
      for (let i = 0; i < 3; i++) await promotion(shop, { name: `Regalo ${i}`, bonus_points: 5000 });
      const off = (await promotion(shop, { name: 'Spenta', multiplier: 10 })).json();
      const updated = await t.app.inject({ method: 'PUT', url: `/api/rewards/promotions/${off.id}`, headers: owner, payload: { active: false } });
      expect(updated.json()).toMatchObject({ active: false, multiplier: 10 });
      const card = await newCard(shop);
      expect((await sale(card, {})).json().earning).toMatchObject({ base_points: 1, multiplier: 1, bonus_points: 10_000, points: 10_001 });
    });

    it('a change of the program or the promotions by another API instance (here: straight in the database) counts from the next sale; a card moved to another shop earns by that shop’s program', async () => {
      const shop = await newShop({ earning_rule: 'per_visit', visit_points: 3, visit_once_per_day: false });
      const card = await newCard(shop);
      const points = async (payload: object) => {
        const answer = await sale(card, { confirm: true, ...payload });
        expect(answer.statusCode).toBe(200);
        return answer.json().earning;
      };
      // The first sale reads the terms; this instance keeps them from then on.
      expect(await points({})).toMatchObject({ points: 3 });
      expect(await points({})).toMatchObject({ points: 3 });
      await t.app.db.query('UPDATE businesses SET visit_points = 7 WHERE id = $1', [shop]);
      expect(await points({})).toMatchObject({ points: 7 });
      await t.app.db.query(`INSERT INTO promotions (business_id, name, bonus_points) VALUES ($1, 'Regalo diretto', 100)`, [shop]);
      expect(await points({})).toMatchObject({ points: 107, promotions: [{ name: 'Regalo diretto' }] });
      await t.app.db.query('UPDATE promotions SET active = false WHERE business_id = $1', [shop]);
      expect(await points({})).toMatchObject({ points: 7, promotions: [] });
      await t.app.db.query('DELETE FROM promotions WHERE business_id = $1', [shop]);
      await t.app.db.query(`UPDATE businesses SET earning_rule = 'manual' WHERE id = $1`, [shop]);
      const manual = await sale(card, { confirm: true });
      expect([manual.statusCode, manual.json()]).toEqual([400, { error: 'Questo negozio assegna i punti a mano: usa il campo punti con una descrizione' }]);
      const other = await newShop({ earning_rule: 'per_euro', earn_points: 2 });
      await t.app.db.query('UPDATE loyalty_cards SET business_id = $1 WHERE id = $2', [other, card]);
      expect(await points({ amount: '12.00' })).toMatchObject({ points: 24 });
      const { rows } = await t.app.db.query<{ points: number; sales: number }>(
        "SELECT c.points, (SELECT count(*) FROM points_ledger l WHERE l.card_id = c.id AND l.earning IS NOT NULL)::int AS sales FROM loyalty_cards c WHERE c.id = $1",
        [card],
      );
      expect(rows[0]).toEqual({ points: 3 + 3 + 7 + 107 + 7 + 24, sales: 6 });
    });

    it.each([
      [{ name: 'X', multiplier: 2, bonus_points: 5 }, 'Indica un moltiplicatore (per esempio 2 per doppi punti) oppure dei punti extra, non entrambi'],
      [{ name: 'X' }, 'Indica un moltiplicatore (per esempio 2 per doppi punti) oppure dei punti extra, non entrambi'],
      [{ name: 'X', multiplier: 0.5 }, 'Campo "moltiplicatore" non valido: un numero maggiore di 1 e al massimo 10, con al massimo due decimali'],
      [{ name: 'X', multiplier: 11 }, 'Campo "moltiplicatore" non valido: un numero maggiore di 1 e al massimo 10, con al massimo due decimali'],
      [{ name: 'X', multiplier: 1.555 }, 'Campo "moltiplicatore" non valido: un numero maggiore di 1 e al massimo 10, con al massimo due decimali'],
      [{ name: 'X', bonus_points: 0 }, 'Campo "punti extra" non valido: un numero intero tra 1 e 10.000'],
      [{ name: 'X', bonus_points: 5, starts_on: '2026-12-10', ends_on: '2026-12-01' }, 'Campo "fine": la data di fine non può precedere quella di inizio'],
      [{ name: 'X', bonus_points: 5, start_time: '18:00', end_time: '09:00' }, 'Campo "ora di fine": deve venire dopo l’ora di inizio'],
      [{ name: 'X', bonus_points: 5, start_time: '18:00' }, 'Indica sia l’ora di inizio che quella di fine, oppure nessuna'],
      [{ name: 'X', bonus_points: 5, start_time: '25:00', end_time: '26:00' }, 'L’orario deve essere nel formato HH:MM'],
      [{ name: 'X', bonus_points: 5, weekdays: [1, 1] }, 'Campo "giorni della settimana" non valido: da 1 (lunedì) a 7 (domenica), ciascuno una volta'],
      [{ name: 'X', bonus_points: 5, weekdays: [0] }, 'Campo "giorni della settimana" non valido: da 1 (lunedì) a 7 (domenica), ciascuno una volta'],
      [{ name: ' ', bonus_points: 5 }, 'Campo "nome della promozione" è obbligatorio'],
    ])('refuses the promotion %j naming what is wrong, creating nothing', async (payload, message) => {
      const shop = await newShop();
      const response = await promotion(shop, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
      expect((await t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}/promotions`, headers: owner })).json()).toEqual([]);
    });

    it('checks a change against the whole promotion; another admin sees a 404; deleting keeps past sales’ names', async () => {
      const shop = await newShop({ earning_rule: 'per_visit', visit_once_per_day: false });
      const created = (await promotion(shop, { name: 'Natale', bonus_points: 10, starts_on: '2026-12-01', ends_on: '2026-12-25' })).json();
      const bad = await t.app.inject({ method: 'PUT', url: `/api/rewards/promotions/${created.id}`, headers: owner, payload: { ends_on: '2026-11-01' } });
      expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'Campo "fine": la data di fine non può precedere quella di inizio' }]);
      for (const [method, payload] of [['PUT', { bonus_points: 99 }], ['DELETE', undefined]] as const) {
        const foreign = await t.app.inject({ method, url: `/api/rewards/promotions/${created.id}`, headers: otherAdmin, ...(payload ? { payload } : {}) });
        expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Promozione non trovata' }]);
      }
      const card = await newCard(shop);
      expect((await sale(card, {})).json().entry.description).toBe('Visita · Natale');
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/rewards/promotions/${created.id}`, headers: owner });
      expect(deleted.json()).toEqual({ message: 'Promozione eliminata' });
      const { rows } = await t.app.db.query<{ earning: { promotions: { name: string }[] } }>('SELECT earning FROM points_ledger WHERE card_id = $1', [card]);
      expect(rows[0].earning.promotions.map((p) => p.name)).toEqual(['Natale']);
    });
  });

  describe('no double sale', () => {
    it('50 identical submissions at once record one sale, and every one gets the same answer', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop, 5);
      const same = key();
      const responses = await Promise.all(Array.from({ length: 50 }, () => sale(card, { amount: '12.30' }, { key: same })));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      const bodies = new Set(responses.map((r) => r.body));
      expect(bodies.size).toBe(1);
      expect(responses[0].json()).toMatchObject({ points: 17, earning: { points: 12 }, entry: { amount_cents: 1230 } });
      expect(responses.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(49);
      expect(await state(card)).toEqual({ points: 17, ledger: 12, rows: 1 });
      // A retry much later (after a timeout, from another device) is still the same sale.
      later(600);
      const retry = await sale(card, { amount: '12.30' }, { key: same });
      expect(retry.body).toBe(responses[0].body);
      expect(await state(card)).toEqual({ points: 17, ledger: 12, rows: 1 });
    });

    it('a key the card already used for a points update or a redemption is refused (422), nothing written', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop, 5);
      const used = key();
      const points = await t.app.inject({
        method: 'POST',
        url: `/api/loyalty-cards/${card}/points`,
        headers: { ...owner, 'idempotency-key': used },
        payload: { points: 3, description: 'Correzione' },
      });
      expect(points.statusCode).toBe(200);
      const before = await state(card);
      const refused = await sale(card, { amount: '12.30', confirm: true }, { key: used });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: 'Questa chiave dell’invio (Idempotency-Key) è già stata usata per un’altra operazione su questa carta: ricarica la pagina e riprova' });
      expect(await state(card)).toEqual(before);
      // A fresh key is a sale as any other.
      const sold = key();
      expect((await sale(card, { amount: '12.30', confirm: true }, { key: sold })).statusCode).toBe(200);
      // And a sale's key sent again with a points update is refused the same way.
      const afterSale = await state(card);
      const points2 = await t.app.inject({
        method: 'POST',
        url: `/api/loyalty-cards/${card}/points`,
        headers: { ...owner, 'idempotency-key': sold },
        payload: { points: 12, description: 'Vendita' },
      });
      expect(points2.statusCode).toBe(422);
      expect(await state(card)).toEqual(afterSale);
    });

    it('50 different submissions at once (confirmed) record 50 sales', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop);
      const responses = await Promise.all(Array.from({ length: 50 }, () => sale(card, { amount: '2.00', confirm: true })));
      expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
      expect(await state(card)).toEqual({ points: 100, ledger: 100, rows: 50 });
      expect(new Set(responses.map((r) => r.json().points))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => 2 * (i + 1))));
    });

    it('asks before a second sale on the card within 60 seconds; saved when confirmed; not asked after 60 seconds', async () => {
      const shop = await newShop({ earning_rule: 'per_euro' });
      const card = await newCard(shop);
      expect((await sale(card, { amount: '23.50' })).statusCode).toBe(200);
      later(30);
      const asked = await sale(card, { amount: '8.00' });
      expect([asked.statusCode, asked.json()]).toEqual([409, { error: "Hai appena registrato 23 punti su questa carta: registrare un'altra vendita?" }]);
      expect(await state(card)).toEqual({ points: 23, ledger: 23, rows: 1 });
      const confirmed = await sale(card, { amount: '8.00', confirm: true });
      expect([confirmed.statusCode, confirmed.json().points]).toEqual([200, 31]);
      later(61);
      expect((await sale(card, { amount: '1.00' })).statusCode).toBe(200);
      // Another card of the shop is never asked because of this one.
      expect((await sale(await newCard(shop), { amount: '1.00' })).statusCode).toBe(200);
    });

    it('per visit: one visit per card and Italian day, refused with a clear message; the next day counts again', async () => {
      const shop = await newShop({ earning_rule: 'per_visit', visit_points: 2, loyalty_mode: 'stamps' });
      const card = await newCard(shop);
      // 23:30 in Italy on 1 December.
      now = new Date('2026-12-01T22:30:00Z');
      const first = await sale(card, {});
      expect(first.json()).toMatchObject({ points: 2, earning: { points: 2 }, entry: { amount_cents: null, description: 'Visita' } });
      later(120);
      const again = await sale(card, { amount: '5.00', confirm: true });
      expect([again.statusCode, again.json()]).toEqual([400, { error: 'Questa carta ha già registrato la visita di oggi: con la regola a visita vale una volta al giorno' }]);
      expect(await state(card)).toEqual({ points: 2, ledger: 2, rows: 1 });
      // 00:05 in Italy on 2 December (23:05 UTC on the 1st): another day.
      now = new Date('2026-12-01T23:05:00Z');
      const next = await sale(card, { amount: '5.00' });
      expect([next.statusCode, next.json().points, next.json().entry.amount_cents]).toEqual([200, 4, 500]);
      // The 60-second question would be asked of a shop that allows several visits a day.
      await t.app.inject({ method: 'PUT', url: `/api/rewards/business/${shop}/program`, headers: owner, payload: { visit_once_per_day: false } });
      later(10);
      expect((await sale(card, {})).statusCode).toBe(409);
      now = new Date('2026-12-01T10:00:00Z');
    });
  });
});
