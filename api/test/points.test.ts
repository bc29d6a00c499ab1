import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { balanceAndLedger, CLIENT, createClientWithCard, createOtherAdmin, OTHER_ADMIN } from './helpers/fixtures';
import { ledgerEntry } from './helpers/ledger';

type Account = { email: string; password: string };

describeEachDatabase('points, ledger and single cards', (variant) => {
  let t: TestApp;
  let cardId: string;
  let clientId: string;
  const headers = new Map<string, { authorization: string }>();
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true });
    await createOtherAdmin(t.app);
    const created = await createClientWithCard(t.app, DEMO_BUSINESSES[1].id);
    cardId = created.cardId;
    clientId = created.client.id;
    for (const account of [demoAccount('admin'), demoAccount('super_admin'), OTHER_ADMIN, CLIENT]) {
      headers.set(account.email, await authHeader(t.app, account.email, account.password));
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, account?: Account, payload?: object) =>
    t.app.inject({ method, url, headers: account ? headers.get(account.email) : {}, ...(payload ? { payload } : {}) });
  const state = (id: string) => balanceAndLedger(t.app, id);

  it('adds points in one transaction: ledger row with author and description, new balance in the answer', async () => {
    const before = await state(cardId);
    const response = await call('POST', `/api/loyalty-cards/${cardId}/points`, demoAccount('admin'), { points: 12.25, description: 'Acquisto profumo', extra: 'ignorato' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Punti aggiornati',
      card_id: cardId,
      points: 37.75,
      entry: ledgerEntry({ card_id: cardId, points: 12.25, description: 'Acquisto profumo', author_name: 'Marco Bianchi' }),
    });
    expect(await state(cardId)).toEqual({ points: 37.75, ledger: before.ledger + 12.25, rows: before.rows + 1 });
  });

  it('takes points away, but never below zero', async () => {
    const taken = await call('POST', `/api/loyalty-cards/${cardId}/points`, demoAccount('super_admin'), { points: -7.75, description: 'Premio ritirato' });
    expect([taken.statusCode, taken.json().points]).toEqual([200, 30]);
    const before = await state(cardId);
    const refused = await call('POST', `/api/loyalty-cards/${cardId}/points`, demoAccount('admin'), { points: -30.01, description: 'Troppo' });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'Saldo punti insufficiente' }]);
    expect(await state(cardId)).toEqual(before);
  });

  it.each([
    [{ description: 'x' }, 'Compila sia punti che descrizione'],
    [{ points: 5 }, 'Compila sia punti che descrizione'],
    [{ points: 5, description: '   ' }, 'Compila sia punti che descrizione'],
    [{ points: '5', description: 'x' }, 'Campo "punti" non valido'],
    [{ points: 0, description: 'x' }, 'I punti non possono essere zero'],
    [{ points: 1e12, description: 'x' }, 'Puoi aggiungere o togliere al massimo 1.000.000 punti per operazione'],
    [{ points: 5, description: 'x'.repeat(501) }, 'Campo "descrizione" non valido'],
  ])('refuses %j with an Italian 400, writing nothing', async (payload, message) => {
    const before = await state(cardId);
    const response = await call('POST', `/api/loyalty-cards/${cardId}/points`, demoAccount('admin'), payload);
    expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    expect(await state(cardId)).toEqual(before);
  });

  it('hides another admin’s card and an unknown one behind the same 404; 403 for a client; 401 anonymous', async () => {
    const before = await state(cardId);
    for (const [id, account] of [
      [cardId, OTHER_ADMIN],
      ['no-such-card', demoAccount('admin')],
    ] as const) {
      const response = await call('POST', `/api/loyalty-cards/${id}/points`, account, { points: 5, description: 'x' });
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'Carta non trovata' }]);
    }
    expect((await call('POST', `/api/loyalty-cards/${cardId}/points`, CLIENT, { points: 5, description: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/loyalty-cards/${cardId}/points`, undefined, { points: 5, description: 'x' })).statusCode).toBe(401);
    expect(await state(cardId)).toEqual(before);
  });

  /**
   * The balance is updated in place (`points = points + $1`) in the same transaction as its ledger row,
   * so simultaneous updates all count. Only PostgreSQL runs requests truly in parallel (PGlite is one
   * connection), so that is where the full 200 are fired.
   */
  it('keeps balance and ledger count exact under 200 simultaneous updates of one card (40 on PGlite)', async () => {
    const n = variant.name === 'PostgreSQL' ? 200 : 40;
    const headers = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const { rows } = await t.app.db.query<{ id: string; user_id: string; points: number; entries: number }>(
      `SELECT c.id, c.user_id, c.points, (SELECT count(*) FROM points_ledger l WHERE l.card_id = c.id) AS entries
         FROM loyalty_cards c WHERE c.business_id = $1 ORDER BY c.id LIMIT 1`,
      [DEMO_BUSINESSES[0].id],
    );
    const card = rows[0];
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({ method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, headers, payload: { points: 1.5, description: `Acquisto ${i}` } })
          : t.app.inject({ method: 'POST', url: '/api/qrcode/scan', headers, payload: { card_id: card.id, user_id: card.user_id, points: 2 } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const expected = card.points + (n / 2) * 1.5 + (n / 2) * 2;
    const after = (
      await t.app.db.query<{ points: number; entries: number }>(
        'SELECT c.points, (SELECT count(*) FROM points_ledger l WHERE l.card_id = c.id) AS entries FROM loyalty_cards c WHERE c.id = $1',
        [card.id],
      )
    ).rows[0];
    expect(after).toEqual({ points: expected, entries: card.entries + n });
    // Every answer reported a distinct intermediate balance, the highest being the final one.
    const balances = responses.map((r) => r.json().points as number);
    expect(new Set(balances).size).toBe(n);
    expect(Math.max(...balances)).toBe(expected);
  });

  describe('the same submission sent again (Idempotency-Key)', () => {
    // A card of its own (a demo card of the same shop): the tests after these count the first card's rows.
    let cardId: string;
    beforeAll(async () => {
      const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1 AND user_id <> $2 ORDER BY id LIMIT 1', [
        DEMO_BUSINESSES[1].id,
        clientId,
      ]);
      cardId = rows[0].id;
    });
    const send = (key: string | undefined, payload: object, account: Account = demoAccount('admin')) =>
      t.app.inject({
        method: 'POST',
        url: `/api/loyalty-cards/${cardId}/points`,
        headers: { ...headers.get(account.email), ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload,
      });

    it('records one movement for 20 identical submissions at once, and every one gets the same answer', async () => {
      const before = await state(cardId);
      const key = `points-${variant.name}-${Date.now()}-a`;
      const responses = await Promise.all(Array.from({ length: 20 }, () => send(key, { points: 4, description: 'Ritentato' })));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(19);
      expect(responses[0].json()).toMatchObject({ points: before.points + 4, entry: { points: 4, description: 'Ritentato', author_name: 'Marco Bianchi' } });
      expect(await state(cardId)).toEqual({ points: before.points + 4, ledger: before.ledger + 4, rows: before.rows + 1 });
    });

    it('answers a later resend with the balance that movement left, even after other movements', async () => {
      const key = `points-${variant.name}-${Date.now()}-b`;
      const first = await send(key, { points: 2.5, description: 'Primo invio' });
      expect(first.statusCode).toBe(200);
      expect((await send(undefined, { points: 1, description: 'Altro movimento' })).statusCode).toBe(200);
      const before = await state(cardId);
      const again = await send(key, { points: 2.5, description: 'Primo invio' });
      expect([again.statusCode, again.headers['idempotent-replay'], again.body]).toEqual([200, 'true', first.body]);
      expect(await state(cardId)).toEqual(before);
    });

    it('keeps a distinct key a distinct movement, and hides another shop’s card behind the 404 even with a used key', async () => {
      const before = await state(cardId);
      const stamp = `${variant.name}-${Date.now()}`;
      expect((await send(`points-${stamp}-c`, { points: 1, description: 'Uno' })).statusCode).toBe(200);
      expect((await send(`points-${stamp}-d`, { points: 1, description: 'Due' })).statusCode).toBe(200);
      expect(await state(cardId)).toEqual({ points: before.points + 2, ledger: before.ledger + 2, rows: before.rows + 2 });
      const foreign = await send(`points-${stamp}-c`, { points: 1, description: 'Uno' }, OTHER_ADMIN);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      expect(await state(cardId)).toEqual({ points: before.points + 2, ledger: before.ledger + 2, rows: before.rows + 2 });
    });

    it('refuses a key reused for another change with 422, writing nothing', async () => {
      const key = `points-${variant.name}-${Date.now()}-e`;
      expect((await send(key, { points: 3, description: 'Spesa' })).statusCode).toBe(200);
      const before = await state(cardId);
      const reused = 'Questa chiave dell’invio (Idempotency-Key) è già stata usata per un’altra operazione su questa carta: ricarica la pagina e riprova';
      for (const payload of [{ points: 30, description: 'Spesa' }, { points: 3, description: 'Altra spesa' }]) {
        const response = await send(key, payload);
        expect([response.statusCode, response.json()]).toEqual([422, { error: reused }]);
      }
      expect(await state(cardId)).toEqual(before);
      // The same change again is still answered as the first.
      expect((await send(key, { points: 3, description: 'Spesa' })).headers['idempotent-replay']).toBe('true');
    });

    it('refuses a key too short with the Italian message, writing nothing', async () => {
      const before = await state(cardId);
      const response = await send('corta', { points: 1, description: 'x' });
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'Manca la chiave dell’invio (Idempotency-Key): ricarica la pagina e riprova' }]);
      expect(await state(cardId)).toEqual(before);
    });
  });

  describe('POST /api/qrcode/scan', () => {
    it('adds points when card and user belong together', async () => {
      const before = await state(cardId);
      const response = await call('POST', '/api/qrcode/scan', demoAccount('admin'), { card_id: cardId, user_id: clientId, points: 50 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Punti aggiunti con successo',
        card_id: cardId,
        points: before.points + 50,
        entry: { points: 50, description: 'Punti aggiunti tramite codice QR' },
      });
      expect(await state(cardId)).toEqual({ points: before.points + 50, ledger: before.ledger + 50, rows: before.rows + 1 });
    });

    it('counts a scan sent again with the same Idempotency-Key once, and refuses the key for other points with 422', async () => {
      // A demo card of the same shop: the tests after this one count the first card's rows.
      const { rows } = await t.app.db.query<{ id: string; user_id: string }>(
        'SELECT id, user_id FROM loyalty_cards WHERE business_id = $1 AND user_id <> $2 ORDER BY id DESC LIMIT 1',
        [DEMO_BUSINESSES[1].id, clientId],
      );
      const card = rows[0];
      const key = `scan-${variant.name}-${Date.now()}`;
      const scan = (points: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/qrcode/scan',
          headers: { ...headers.get(demoAccount('admin').email), 'idempotency-key': key },
          payload: { card_id: card.id, user_id: card.user_id, points },
        });
      const before = await state(card.id);
      const responses = await Promise.all(Array.from({ length: 5 }, () => scan(7)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replay'] === 'true')).toHaveLength(4);
      expect(await state(card.id)).toEqual({ points: before.points + 7, ledger: before.ledger + 7, rows: before.rows + 1 });
      const other = await scan(8);
      expect(other.statusCode).toBe(422);
      expect(await state(card.id)).toEqual({ points: before.points + 7, ledger: before.ledger + 7, rows: before.rows + 1 });
    });

    it('answers 404 when the user is not the card holder, or the card is another admin’s', async () => {
      const before = await state(cardId);
      const mismatched = await call('POST', '/api/qrcode/scan', demoAccount('admin'), { card_id: cardId, user_id: 'someone-else', points: 50 });
      expect([mismatched.statusCode, mismatched.json()]).toEqual([404, { error: 'Carta non trovata' }]);
      const foreign = await call('POST', '/api/qrcode/scan', OTHER_ADMIN, { card_id: cardId, user_id: clientId, points: 50 });
      expect(foreign.statusCode).toBe(404);
      expect(await state(cardId)).toEqual(before);
    });

    it.each([
      [{ user_id: 'u', points: 50 }, 'Card ID o User ID mancanti.'],
      [{ card_id: 'c', points: 50 }, 'Card ID o User ID mancanti.'],
      [{ card_id: 'c', user_id: '', points: 50 }, 'Card ID o User ID mancanti.'],
      [{ card_id: 'c', user_id: 'u', points: 0 }, 'Campo "punti" non valido'],
      [{ card_id: 'c', user_id: 'u' }, 'Campo "punti" è obbligatorio'],
    ])('refuses %j', async (payload, message) => {
      const response = await call('POST', '/api/qrcode/scan', demoAccount('admin'), payload);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    });
  });

  describe('GET /api/loyalty-cards/:id and /ledger', () => {
    it('gives the add-points screen the holder name and balance', async () => {
      const response = await call('GET', `/api/loyalty-cards/${cardId}`, demoAccount('admin'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: cardId,
        user_id: clientId,
        customer_name: 'Cliente Prova',
        customername: 'Cliente Prova',
        business_name: DEMO_BUSINESSES[1].name,
        points: (await state(cardId)).points,
      });
    });

    it('lists the ledger newest first, adding up with the opening balance', async () => {
      const response = await call('GET', `/api/loyalty-cards/${cardId}/ledger`, demoAccount('super_admin'));
      expect(response.statusCode).toBe(200);
      const entries: { id: number; points: number; description: string }[] = response.json();
      expect(entries.map((e) => e.description)).toEqual(['Punti aggiunti tramite codice QR', 'Premio ritirato', 'Acquisto profumo']);
      expect(25.5 + entries.reduce((sum, e) => sum + e.points, 0)).toBe((await state(cardId)).points);
    });

    it('the demo ledgers add up to the balances', async () => {
      const { rows } = await t.app.db.query(
        `SELECT c.id FROM loyalty_cards c WHERE c.business_id = $1
           AND c.points <> (SELECT coalesce(sum(points), 0) FROM points_ledger l WHERE l.card_id = c.id)`,
        [DEMO_BUSINESSES[0].id],
      );
      expect(rows).toEqual([]);
    });

    it('lets a client read its own card and ledger, nobody else’s', async () => {
      expect((await call('GET', `/api/loyalty-cards/${cardId}`, CLIENT)).statusCode).toBe(200);
      expect((await call('GET', `/api/loyalty-cards/${cardId}/ledger`, CLIENT)).statusCode).toBe(200);
      const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1 LIMIT 1', [DEMO_BUSINESSES[0].id]);
      for (const url of [`/api/loyalty-cards/${rows[0].id}`, `/api/loyalty-cards/${rows[0].id}/ledger`]) {
        expect((await call('GET', url, CLIENT)).json()).toEqual({ error: 'Carta non trovata' });
        expect((await call('GET', url, OTHER_ADMIN)).statusCode).toBe(404);
        expect((await call('GET', url)).statusCode).toBe(401);
      }
    });
  });

  describe('DELETE /api/loyalty-cards/:id', () => {
    it('deletes an own card with its ledger; 404 for foreign, unknown or already deleted cards', async () => {
      const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1 AND points > 0 LIMIT 1', [DEMO_BUSINESSES[0].id]);
      const id = rows[0].id;
      expect((await call('DELETE', `/api/loyalty-cards/${id}`, OTHER_ADMIN)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/loyalty-cards/${id}`, CLIENT)).statusCode).toBe(403);
      expect((await state(id)).rows).toBeGreaterThan(0);
      const response = await call('DELETE', `/api/loyalty-cards/${id}`, demoAccount('admin'));
      expect([response.statusCode, response.json()]).toEqual([200, { message: 'Carta eliminata' }]);
      expect(await state(id)).toBeUndefined();
      expect((await t.app.db.query('SELECT 1 FROM points_ledger WHERE card_id = $1', [id])).rows).toEqual([]);
      expect((await call('DELETE', `/api/loyalty-cards/${id}`, demoAccount('admin'))).json()).toEqual({ error: 'Carta non trovata' });
    });
  });
});
