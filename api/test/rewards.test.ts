/**
 * The rewards catalogue, its ownership and Italian validation, and redemption at the counter
 * (docs/decisions/036-rewards-on-the-ledger.md): one ledger row of kind 'redemption' written with the balance
 * check, never a negative balance, a receipt through the queue.
 */
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { balanceAndLedger, CLIENT, createClientWithCard, OTHER_ADMIN, OTHER_BUSINESS_ID, createOtherAdmin } from './helpers/fixtures';
import { createCard } from './helpers/messaging';
import { ledgerEntry } from './helpers/ledger';

type Headers = { authorization: string };

describeEachDatabase('rewards', (variant) => {
  let t: TestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let superAdmin: Headers;
  let client: Headers;
  let adminId: string;
  let shops = 0;

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    await createOtherAdmin(t.app);
    await createClientWithCard(t.app, OTHER_BUSINESS_ID);
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    otherAdmin = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    client = await authHeader(t.app, CLIENT.email, CLIENT.password);
    adminId = (await t.app.repos.users.findByEmail(demoAccount('admin').email))!.id;
  });
  afterAll(() => t.close());

  /** A business of the demo admin: WhatsApp on, SMS and e-mail off unless told. */
  async function newShop({ whatsapp = 1, sms = 0, email = 0, mode = 'points' } = {}): Promise<string> {
    const id = `rewards-shop-${++shops}`;
    await t.app.db.query(
      `INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, sms_enabled, email_enabled, loyalty_mode) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, `Caffè N. ${shops}`, adminId, whatsapp, sms, email, mode],
    );
    return id;
  }

  const createReward = (payload: object, headers: Headers = admin) => t.app.inject({ method: 'POST', url: '/api/rewards', headers, payload });
  const listRewards = (shop: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}`, headers });
  const addPoints = (card: string, points: number, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/points`, headers, payload: { points, description: 'Spesa' } });
  const redeem = (card: string, rewardId: string, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/redeem`, headers, payload: { reward_id: rewardId } });
  /** A redemption carrying the submission's Idempotency-Key (decision 083). */
  const redeemWith = (key: string, card: string, rewardId: string, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/redeem`, headers: { ...headers, 'idempotency-key': key }, payload: { reward_id: rewardId } });
  let keys = 0;
  const newKey = () => `riscatto-${variant.name}-${++keys}`;
  /** The receipts queued for a card's redemptions. */
  const receipts = async (card: string) =>
    (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messaging_jobs WHERE card_id = $1 AND idempotency_key LIKE 'redeem:%'`, [card])).rows[0].n;

  async function reward(shop: string, fields: object = {}): Promise<{ id: string; cost: number }> {
    const response = await createReward({ businessId: shop, name: 'Caffè omaggio', cost: 10, ...fields });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function cardWith(shop: string, points: number, contact: { phone?: string | null; email?: string | null } = {}): Promise<string> {
    const card = await createCard(t.app, shop, { name: 'Giulia Verdi', phone: contact.phone === undefined ? '+393331234567' : contact.phone, email: contact.email, consent: false });
    if (points > 0) expect((await addPoints(card, points)).statusCode).toBe(200);
    return card;
  }


  describe('catalogue', () => {
    it('creates, lists by cost then name, updates and answers Reward objects', async () => {
      const shop = await newShop();
      const created = await createReward({ businessId: shop, name: '  Cornetto  ', cost: 50, description: 'Alla crema', stock: 3, valid_from: '2026-01-01', valid_until: '2026-12-31' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        id: expect.any(String),
        business_id: shop,
        name: 'Cornetto',
        description: 'Alla crema',
        cost: 50,
        active: true,
        valid_from: '2026-01-01',
        valid_until: '2026-12-31',
        stock: 3,
        redeemed_count: 0,
        archived: false,
        created_at: expect.any(String),
      });
      await reward(shop, { name: 'Caffè', cost: 10 });
      await reward(shop, { name: 'Brioche', cost: 50, active: false });
      const list = await listRewards(shop);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((r: { name: string }) => r.name)).toEqual(['Caffè', 'Brioche', 'Cornetto']);

      const id = created.json().id;
      const updated = await t.app.inject({ method: 'PUT', url: `/api/rewards/${id}`, headers: admin, payload: { cost: 60, description: null, stock: null } });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Cornetto', cost: 60, description: null, stock: null, valid_until: '2026-12-31' });
      // The super admin manages any business's catalogue.
      expect((await listRewards(shop, superAdmin)).statusCode).toBe(200);
    });

    it('refuses bad input with Italian messages and changes nothing', async () => {
      const shop = await newShop();
      const cases: [object, string][] = [
        [{ businessId: shop, cost: 10 }, 'Il nome del premio è obbligatorio'],
        [{ businessId: shop, name: '   ', cost: 10 }, 'Il nome del premio è obbligatorio'],
        [{ businessId: shop, name: 'Caffè' }, 'Il costo del premio è obbligatorio'],
        [{ businessId: shop, name: 'Caffè', cost: 0 }, 'Il costo deve essere un numero intero di almeno 1'],
        [{ businessId: shop, name: 'Caffè', cost: 2.5 }, 'Il costo deve essere un numero intero di almeno 1'],
        [{ businessId: shop, name: 'Caffè', cost: '10' }, 'Il costo deve essere un numero intero di almeno 1'],
        [{ businessId: shop, name: 'Caffè', cost: 10, stock: -1 }, 'I pezzi disponibili devono essere un numero intero di almeno 0'],
        [{ businessId: shop, name: 'Caffè', cost: 10, valid_from: '31/12/2026' }, 'La data deve essere nel formato AAAA-MM-GG'],
        [{ businessId: shop, name: 'Caffè', cost: 10, valid_from: '2026-06-02', valid_until: '2026-06-01' }, 'La data di fine validità non può precedere quella di inizio'],
      ];
      for (const [payload, error] of cases) {
        const response = await createReward(payload);
        expect([JSON.stringify(payload), response.statusCode, response.json()]).toEqual([JSON.stringify(payload), 400, { error }]);
      }
      expect((await listRewards(shop)).json()).toEqual([]);

      const { id } = await reward(shop, { valid_from: '2026-06-01' });
      const bad = await t.app.inject({ method: 'PUT', url: `/api/rewards/${id}`, headers: admin, payload: { valid_until: '2026-05-31' } });
      expect(bad.json()).toEqual({ error: 'La data di fine validità non può precedere quella di inizio' });
      expect((await listRewards(shop)).json()[0]).toMatchObject({ valid_from: '2026-06-01', valid_until: null });
    });

    it('keeps other admins out: their business, its rewards and their cards answer 404; clients 403', async () => {
      const shop = await newShop();
      const { id } = await reward(shop);
      expect((await listRewards(shop, otherAdmin)).statusCode).toBe(404);
      expect((await createReward({ businessId: shop, name: 'Intruso', cost: 1 }, otherAdmin)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/rewards/${id}`, headers: otherAdmin, payload: { cost: 1 } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/rewards/${id}`, headers: otherAdmin })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/rewards/business/${shop}/program`, headers: otherAdmin })).statusCode).toBe(404);
      expect((await listRewards(shop, client)).statusCode).toBe(403);
      expect((await listRewards(shop, {} as Headers)).statusCode).toBe(401);
      const after = (await listRewards(shop)).json();
      expect(after).toEqual([expect.objectContaining({ id, name: 'Caffè omaggio', cost: 10 })]);
    });

    it('deletes a reward never redeemed and archives one that was', async () => {
      const shop = await newShop();
      const unused = await reward(shop, { name: 'Mai usato' });
      const used = await reward(shop, { name: 'Usato' });
      const card = await cardWith(shop, 20);
      expect((await redeem(card, used.id)).statusCode).toBe(200);

      const del1 = await t.app.inject({ method: 'DELETE', url: `/api/rewards/${unused.id}`, headers: admin });
      expect(del1.json()).toEqual({ message: 'Premio eliminato', archived: false });
      const del2 = await t.app.inject({ method: 'DELETE', url: `/api/rewards/${used.id}`, headers: admin });
      expect(del2.json()).toEqual({ message: 'Premio archiviato', archived: true });
      expect((await listRewards(shop)).json()).toEqual([]);
      // The ledger still names it; it cannot be redeemed, changed or deleted again.
      const ledger = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: admin })).json();
      expect(ledger[0]).toMatchObject({ kind: 'redemption', reward_id: used.id, reward_name: 'Usato', points: -10 });
      expect((await redeem(card, used.id)).json()).toEqual({ error: 'Questo premio non è più disponibile' });
      expect((await t.app.inject({ method: 'PUT', url: `/api/rewards/${used.id}`, headers: admin, payload: { cost: 1 } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/rewards/${used.id}`, headers: admin })).statusCode).toBe(404);
    });
  });

  describe('redemption', () => {
    it('takes the cost off the balance in one ledger row of kind redemption and queues the receipt', async () => {
      const shop = await newShop();
      const { id } = await reward(shop, { name: 'Cappuccino', cost: 15 });
      const card = await cardWith(shop, 40.5);
      const response = await redeem(card, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Premio riscattato',
        card_id: card,
        points: 25.5,
        entry: ledgerEntry({ card_id: card, points: -15, kind: 'redemption', reward_id: id, reward_name: 'Cappuccino', description: 'Premio: Cappuccino', author_id: adminId }),
      });
      expect(await balanceAndLedger(t.app, card)).toEqual({ points: 25.5, ledger: 25.5, rows: 2 });
      const ledger = (await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/ledger`, headers: admin })).json();
      expect(ledger.map((e: { kind: string }) => e.kind)).toEqual(['redemption', 'credit']);

      const { rows } = await t.app.db.query('SELECT channel, recipient, body, status, idempotency_key FROM messaging_jobs WHERE card_id = $1', [card]);
      expect(rows).toEqual([
        { channel: 'whatsapp', recipient: '+393331234567', body: 'Hai riscattato Cappuccino. Saldo: 25,5 punti', status: 'queued', idempotency_key: `redeem:${response.json().entry.id}` },
      ]);
      expect((await listRewards(shop)).json()[0]).toMatchObject({ redeemed_count: 1 });
    });

    it('sends the receipt by SMS, then e-mail, when WhatsApp is off; skips it for a contact that sent STOP', async () => {
      const smsShop = await newShop({ whatsapp: 0, sms: 1, email: 1 });
      const mailShop = await newShop({ whatsapp: 0, sms: 1, email: 1 });
      const stopShop = await newShop();
      const smsCard = await cardWith(smsShop, 30);
      const mailCard = await cardWith(mailShop, 30, { phone: null, email: 'Giulia@Example.it' });
      const stopCard = await cardWith(stopShop, 30);
      await t.app.messaging.repo.addOptOut(stopShop, '+393331234567');
      for (const [shop, card] of [[smsShop, smsCard], [mailShop, mailCard], [stopShop, stopCard]]) {
        const { id } = await reward(shop);
        expect((await redeem(card, id)).statusCode).toBe(200);
      }
      const jobs = async (card: string) =>
        (await t.app.db.query('SELECT channel, recipient, status, skip_reason FROM messaging_jobs WHERE card_id = $1', [card])).rows;
      expect(await jobs(smsCard)).toEqual([{ channel: 'sms', recipient: '+393331234567', status: 'queued', skip_reason: null }]);
      expect(await jobs(mailCard)).toEqual([{ channel: 'email', recipient: 'giulia@example.it', status: 'queued', skip_reason: null }]);
      expect(await jobs(stopCard)).toEqual([{ channel: 'whatsapp', recipient: '+393331234567', status: 'skipped', skip_reason: 'opt_out' }]);
    });

    it('refuses what the balance does not cover and unavailable rewards, with Italian reasons, changing nothing', async () => {
      const shop = await newShop();
      const card = await cardWith(shop, 9);
      const cases: [object, string][] = [
        [{ cost: 10 }, 'Punti insufficienti per questo premio'],
        [{ cost: 1, active: false }, 'Questo premio non è attivo'],
        [{ cost: 1, valid_from: '2999-01-01' }, 'Questo premio non è ancora riscattabile'],
        [{ cost: 1, valid_until: '2000-01-01' }, 'Questo premio non è più riscattabile: la validità è terminata'],
        [{ cost: 1, stock: 0 }, 'Questo premio è esaurito'],
      ];
      for (const [fields, error] of cases) {
        const { id } = await reward(shop, fields);
        const response = await redeem(card, id);
        expect([fields, response.statusCode, response.json()]).toEqual([fields, 400, { error }]);
      }
      expect(await balanceAndLedger(t.app, card)).toEqual({ points: 9, ledger: 9, rows: 1 });
      const { rows } = await t.app.db.query('SELECT count(*)::int AS n FROM messaging_jobs WHERE card_id = $1', [card]);
      expect(rows[0].n).toBe(0);

      const stampShop = await newShop({ mode: 'stamps' });
      const stampCard = await cardWith(stampShop, 3);
      const { id } = await reward(stampShop, { cost: 10 });
      expect((await redeem(stampCard, id)).json()).toEqual({ error: 'Timbri insufficienti per questo premio' });
    });

    it('answers 404 for another shop’s reward or card, and for a missing reward', async () => {
      const shop = await newShop();
      const otherShop = await newShop();
      const card = await cardWith(shop, 100);
      const foreign = await reward(otherShop);
      expect((await redeem(card, foreign.id)).json()).toEqual({ error: 'Premio non trovato' });
      expect((await redeem(card, 'nessun-premio')).statusCode).toBe(404);
      const { id } = await reward(shop);
      expect((await redeem(card, id, otherAdmin)).json()).toEqual({ error: 'Carta non trovata' });
      expect((await redeem(card, id, client)).statusCode).toBe(403);
      expect((await redeem(card, '')).json()).toEqual({ error: 'Scegli il premio da riscattare' });
      expect(await balanceAndLedger(t.app, card)).toMatchObject({ points: 100, rows: 1 });
    });

    it('takes the last piece of stock once', async () => {
      const shop = await newShop();
      const { id } = await reward(shop, { stock: 1 });
      const [a, b] = [await cardWith(shop, 50), await cardWith(shop, 50)];
      const responses = await Promise.all([redeem(a, id), redeem(b, id)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(responses.find((r) => r.statusCode === 400)!.json()).toEqual({ error: 'Questo premio è esaurito' });
      expect((await listRewards(shop)).json()[0]).toMatchObject({ stock: 0, redeemed_count: 1 });
      const balances = [(await balanceAndLedger(t.app, a)).points, (await balanceAndLedger(t.app, b)).points].sort();
      expect(balances).toEqual([40, 50]);
    });

    it('keeps stock and redemptions consistent when redemptions of one reward race each other and an admin’s change', async () => {
      const shop = await newShop();
      const { id } = await reward(shop, { stock: 3 });
      const cards = await Promise.all(Array.from({ length: 6 }, () => cardWith(shop, 50)));
      const responses = await Promise.all([
        ...cards.slice(0, 3).map((card) => redeem(card, id)),
        t.app.inject({ method: 'PUT', url: `/api/rewards/${id}`, headers: admin, payload: { active: false } }),
        ...cards.slice(3).map((card) => redeem(card, id)),
      ]);
      const redemptions = responses.filter((_, i) => i !== 3);
      expect(responses[3].statusCode).toBe(200);
      for (const r of redemptions) expect([200, 400]).toContain(r.statusCode);
      for (const r of redemptions.filter((r) => r.statusCode === 400)) {
        expect(['Questo premio non è attivo', 'Questo premio è esaurito']).toContain(r.json().error);
      }
      const redeemed = redemptions.filter((r) => r.statusCode === 200).length;
      expect(redeemed).toBeLessThanOrEqual(3);
      const { rows } = await t.app.db.query<{ stock: number; redeemed_count: number }>(
        `SELECT stock, (SELECT count(*)::int FROM points_ledger WHERE reward_id = r.id) AS redeemed_count FROM rewards r WHERE id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ stock: 3 - redeemed, redeemed_count: redeemed });
    });

    it('never lets parallel redemptions take a balance below zero', async () => {
      const shop = await newShop();
      const { id } = await reward(shop, { cost: 30 });
      const card = await cardWith(shop, 100);
      const responses = await Promise.all(Array.from({ length: 8 }, () => redeem(card, id)));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(responses.filter((r) => r.statusCode === 400).map((r) => r.json().error)).toEqual(Array(5).fill('Punti insufficienti per questo premio'));
      expect(await balanceAndLedger(t.app, card)).toEqual({ points: 10, ledger: 10, rows: 4 });
    });

    it('races a redemption against points taken away: the balance stays >= 0 and equals the ledger', async () => {
      const shop = await newShop();
      const { id } = await reward(shop, { cost: 60 });
      for (let round = 0; round < 4; round++) {
        const card = await cardWith(shop, 100);
        const [r, p] = await Promise.all([redeem(card, id), addPoints(card, -60)]);
        // Both cannot pass: 100 covers one of the two.
        expect([r.statusCode, p.statusCode].sort()).toEqual([200, 400]);
        const state = await balanceAndLedger(t.app, card);
        expect(state.points).toBe(40);
        expect(state.ledger).toBe(40);
      }
    });

    describe('the same redemption sent again (Idempotency-Key)', () => {
      it('50 identical submissions at once redeem once, queue one receipt, and every one gets the same answer', async () => {
        const shop = await newShop();
        const { id } = await reward(shop, { name: 'Cornetto', cost: 10, stock: 5 });
        const card = await cardWith(shop, 100);
        const same = newKey();
        const responses = await Promise.all(Array.from({ length: 50 }, () => redeemWith(same, card, id)));
        expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
        expect(new Set(responses.map((r) => r.body)).size).toBe(1);
        expect(responses.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(49);
        expect(responses[0].json()).toMatchObject({ message: 'Premio riscattato', points: 90, entry: { kind: 'redemption', reward_id: id, points: -10 } });
        expect(await balanceAndLedger(t.app, card)).toEqual({ points: 90, ledger: 90, rows: 2 });
        expect(await receipts(card)).toBe(1);
        expect((await listRewards(shop)).json()[0]).toMatchObject({ stock: 4, redeemed_count: 1 });
        // The row keeps the key and the balance it left, as a points update's does.
        const { rows } = await t.app.db.query(`SELECT idempotency_key, balance_after FROM points_ledger WHERE card_id = $1 AND kind = 'redemption'`, [card]);
        expect(rows).toEqual([{ idempotency_key: same, balance_after: 90 }]);
      });

      it('answers a later resend as the first time, even with the last piece gone and a lower balance, writing nothing', async () => {
        const shop = await newShop();
        const { id } = await reward(shop, { name: 'Ultimo pezzo', cost: 20, stock: 1 });
        const card = await cardWith(shop, 30);
        const same = newKey();
        const first = await redeemWith(same, card, id);
        expect([first.statusCode, first.json().points, first.headers['idempotent-replay']]).toEqual([200, 10, undefined]);
        expect((await addPoints(card, -5)).statusCode).toBe(200);
        const before = await balanceAndLedger(t.app, card);
        const again = await redeemWith(same, card, id);
        expect([again.statusCode, again.headers['idempotent-replay'], again.body]).toEqual([200, 'true', first.body]);
        expect(await balanceAndLedger(t.app, card)).toEqual(before);
        expect(await receipts(card)).toBe(1);
        expect((await listRewards(shop)).json()[0]).toMatchObject({ stock: 0, redeemed_count: 1 });
        // Without the key it is a new redemption, refused as usual.
        expect((await redeem(card, id)).json()).toEqual({ error: 'Questo premio è esaurito' });
      });

      it('50 different keys at once: 50 redemptions when the balance covers them', async () => {
        const shop = await newShop();
        const { id } = await reward(shop, { cost: 2 });
        const card = await cardWith(shop, 100);
        const responses = await Promise.all(Array.from({ length: 50 }, () => redeemWith(newKey(), card, id)));
        expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
        expect(responses.filter((r) => r.headers['idempotent-replay'] !== undefined)).toEqual([]);
        expect(new Set(responses.map((r) => r.json().points))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => 2 * i)));
        expect(await balanceAndLedger(t.app, card)).toEqual({ points: 0, ledger: 0, rows: 51 });
        expect(await receipts(card)).toBe(50);
      });

      it('50 different keys at once: as many as the balance allows, each other one refused in Italian with nothing written', async () => {
        const shop = await newShop();
        const { id } = await reward(shop, { cost: 2, stock: 40 });
        const card = await cardWith(shop, 60);
        const responses = await Promise.all(Array.from({ length: 50 }, () => redeemWith(newKey(), card, id)));
        expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(30);
        expect(responses.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json()])).toEqual(
          Array(20).fill([400, { error: 'Punti insufficienti per questo premio' }]),
        );
        expect(await balanceAndLedger(t.app, card)).toEqual({ points: 0, ledger: 0, rows: 31 });
        expect(await receipts(card)).toBe(30);
        // The refused ones gave their piece back.
        expect((await listRewards(shop)).json()[0]).toMatchObject({ stock: 10, redeemed_count: 30 });
      });

      it('never answers with another redemption: a key reused for another reward or operation is refused (422), on another card it is that card’s own', async () => {
        const shop = await newShop();
        const coffee = await reward(shop, { name: 'Caffè', cost: 10 });
        const cake = await reward(shop, { name: 'Torta', cost: 10, stock: 3 });
        const card = await cardWith(shop, 50);
        const other = await cardWith(shop, 50);
        const same = newKey();
        expect((await redeemWith(same, card, coffee.id)).statusCode).toBe(200);
        const before = await balanceAndLedger(t.app, card);
        const otherReward = await redeemWith(same, card, cake.id);
        expect([otherReward.statusCode, otherReward.headers['idempotent-replay'], otherReward.json()]).toEqual([
          422,
          undefined,
          { error: 'Questa chiave dell’invio (Idempotency-Key) è già stata usata per un’altra operazione su questa carta: ricarica la pagina e riprova' },
        ]);
        // A points update's key is not a redemption's either.
        const pointsKey = newKey();
        const points = await t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card}/points`, headers: { ...admin, 'idempotency-key': pointsKey }, payload: { points: 1, description: 'Spesa' } });
        expect(points.statusCode).toBe(200);
        expect((await redeemWith(pointsKey, card, coffee.id)).statusCode).toBe(422);
        expect(await balanceAndLedger(t.app, card)).toEqual({ points: before.points + 1, ledger: before.ledger + 1, rows: before.rows + 1 });
        expect(await receipts(card)).toBe(1);
        expect((await listRewards(shop)).json().find((r: { id: string }) => r.id === cake.id)).toMatchObject({ stock: 3, redeemed_count: 0 });

        // The same key on another card is a redemption of that card, with that card's balance.
        const elsewhere = await redeemWith(same, other, coffee.id);
        expect([elsewhere.statusCode, elsewhere.headers['idempotent-replay'], elsewhere.json().card_id, elsewhere.json().points]).toEqual([200, undefined, other, 40]);
        expect(await balanceAndLedger(t.app, other)).toEqual({ points: 40, ledger: 40, rows: 2 });
        // Another shop's admin with a used key sees the card as missing, and nothing of its redemption.
        const foreign = await redeemWith(same, card, coffee.id, otherAdmin);
        expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      });

      it('refuses a key too short with the Italian message, writing nothing', async () => {
        const shop = await newShop();
        const { id } = await reward(shop);
        const card = await cardWith(shop, 50);
        const response = await redeemWith('corta', card, id);
        expect([response.statusCode, response.json()]).toEqual([400, { error: 'Manca la chiave dell’invio (Idempotency-Key): ricarica la pagina e riprova' }]);
        expect(await balanceAndLedger(t.app, card)).toEqual({ points: 50, ledger: 50, rows: 1 });
        expect(await receipts(card)).toBe(0);
      });
    });

    it('lists the rewards a card can redeem today, with affordable', async () => {
      const shop = await newShop();
      await reward(shop, { name: 'Caffè', cost: 10 });
      await reward(shop, { name: 'Pranzo', cost: 100 });
      await reward(shop, { name: 'Spento', cost: 1, active: false });
      await reward(shop, { name: 'Finito', cost: 1, stock: 0 });
      const card = await cardWith(shop, 12);
      const response = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/rewards`, headers: admin });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.balance).toBe(12);
      expect(body.loyalty_mode).toBe('points');
      expect(body.rewards.map((r: { name: string; affordable: boolean }) => [r.name, r.affordable])).toEqual([
        ['Caffè', true],
        ['Pranzo', false],
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/${card}/rewards`, headers: otherAdmin })).statusCode).toBe(404);
    });
  });
});
