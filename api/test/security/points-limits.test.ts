/**
 * What one operation may move and how large a balance may grow.
 * Before: the 100th `+100000000` overflowed numeric(12,2) (500), a QR scan at that balance too, and
 * `0.004` or `5e-324` wrote a 0.00 ledger row. Now: at most two decimals, at most 1 000 000 points per
 * operation either way, a balance of at most 1 000 000 000, checked in the statement that moves the
 * balance (so concurrent updates cannot pass it) and by the database itself (migration 008).
 */
import { POINTS_PER_OPERATION_MAX } from '../../src/features/cards/schemas';
import { POINTS_BALANCE_MAX } from '../../src/features/cards/repository';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { demoRows } from '../helpers/fixtures';
import { tableDigest } from '../helpers/table-digest';

const BAR = DEMO_BUSINESSES[0].id;
const DECIMALS = 'I punti possono avere al massimo due decimali';
const PER_OPERATION = 'Puoi aggiungere o togliere al massimo 1.000.000 punti per operazione';
const BALANCE = 'Il saldo supererebbe il massimo consentito di 1.000.000.000 punti';

describeEachDatabase('points limits', (variant) => {
  let t: TestApp;
  let admin: { authorization: string };
  let card: { id: string; userId: string };
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
    admin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const rows = await demoRows(t.app, BAR);
    card = { id: rows.cardId, userId: rows.userId };
  });
  afterAll(() => t.close());

  /** The JSON is written by hand: `JSON.stringify` cannot send `-0`, and `5e-324` should arrive as written. */
  const addPoints = (points: string, description = 'Prova') =>
    t.app.inject({
      method: 'POST',
      url: `/api/loyalty-cards/${card.id}/points`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"points": ${points}, "description": ${JSON.stringify(description)}}`,
    });
  const scan = (points: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/qrcode/scan',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"card_id": ${JSON.stringify(card.id)}, "user_id": ${JSON.stringify(card.userId)}, "points": ${points}}`,
    });
  const balance = async () => (await t.app.db.query<{ points: number }>('SELECT points FROM loyalty_cards WHERE id = $1', [card.id])).rows[0].points;
  const setBalance = (points: number) => t.app.db.query('UPDATE loyalty_cards SET points = $2 WHERE id = $1', [card.id, points]);

  it('the limits are the ones the messages and migration 008 state', () => {
    expect([POINTS_PER_OPERATION_MAX, POINTS_BALANCE_MAX]).toEqual([1_000_000, 1_000_000_000]);
  });

  it.each([
    ['0.004', DECIMALS],
    ['-0.004', DECIMALS],
    ['5e-324', DECIMALS],
    ['1.005', DECIMALS],
    ['12.345', DECIMALS],
    ['-0', 'I punti non possono essere zero'],
    ['1000000.01', PER_OPERATION],
    ['-1000000.01', PER_OPERATION],
    ['100000000', PER_OPERATION],
    ['9007199254740993', PER_OPERATION],
    ['1e308', PER_OPERATION],
    ['-1e308', PER_OPERATION],
  ])('POST /points refuses %s with an Italian 400, writing nothing', async (points, message) => {
    const before = await tableDigest(t.app.db);
    const response = await addPoints(points);
    expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it.each([
    ['0.5', 'Campo "punti" non valido'],
    ['1.005', DECIMALS],
    ['1000000.01', PER_OPERATION],
    ['100000000', PER_OPERATION],
  ])('POST /qrcode/scan refuses %s with an Italian 400, writing nothing', async (points, message) => {
    const before = await tableDigest(t.app.db);
    const response = await scan(points);
    expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    expect(await tableDigest(t.app.db)).toEqual(before);
  });

  it('accepts a cent either way and the full amount of one operation', async () => {
    await setBalance(10);
    for (const [points, expected] of [
      ['0.01', 10.01],
      ['-0.01', 10],
      ['1000000', 1_000_010],
      ['-1000000', 10],
    ] as const) {
      const response = await addPoints(points);
      expect([response.statusCode, response.json().points, response.json().entry.points]).toEqual([200, expected, Number(points)]);
    }
    expect((await scan('1000000')).json().points).toBe(1_000_010);
  });

  it('refuses to take a balance past the maximum, on /points and on a QR scan, writing nothing; up to it is fine', async () => {
    await setBalance(POINTS_BALANCE_MAX - 5);
    const before = await tableDigest(t.app.db);
    for (const response of [await addPoints('5.01'), await addPoints('1000000'), await scan('6')]) {
      expect([response.statusCode, response.json()]).toEqual([400, { error: BALANCE }]);
    }
    expect(await tableDigest(t.app.db)).toEqual(before);

    const reached = await addPoints('5');
    expect([reached.statusCode, reached.json().points]).toEqual([200, POINTS_BALANCE_MAX]);
    expect((await scan('1')).json()).toEqual({ error: BALANCE });
    // Taking points away from a full card still works, and the stats add it up without overflowing.
    expect((await addPoints('-1000000')).json().points).toBe(POINTS_BALANCE_MAX - 1_000_000);
    const stats = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/stats`, headers: admin });
    expect(stats.statusCode).toBe(200);
    const full = await t.app.inject({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}?min_points=${POINTS_BALANCE_MAX - 1_000_000}`, headers: admin });
    expect(full.json().map((c: { id: string }) => c.id)).toEqual([card.id]);
  });

  /** The limit is part of the UPDATE's condition: each waiting update re-reads the balance the one before it left. */
  it('lets concurrent updates fill a card exactly up to the maximum, never past it', async () => {
    await setBalance(POINTS_BALANCE_MAX - 50);
    const entries = async () => (await t.app.db.query<{ n: number }>('SELECT count(*) AS n FROM points_ledger WHERE card_id = $1', [card.id])).rows[0].n;
    const entriesBefore = await entries();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? addPoints('10') : scan('10'))));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json()])).toEqual(Array(15).fill([400, { error: BALANCE }]));
    expect([await balance(), await entries()]).toEqual([POINTS_BALANCE_MAX, entriesBefore + 5]);
  });

  it('the database refuses a balance out of range and an empty ledger row (migration 008), whoever writes them', async () => {
    await expect(setBalance(POINTS_BALANCE_MAX + 0.01)).rejects.toThrow(/loyalty_cards_points_range/);
    await expect(setBalance(-0.01)).rejects.toThrow(/loyalty_cards_points_range/);
    await expect(
      t.app.db.query("INSERT INTO points_ledger (card_id, points, description) VALUES ($1, 0.004, 'arrotondato a zero')", [card.id]),
    ).rejects.toThrow(/points_ledger_points_not_zero/);
  });

  it('the demo seed stays within the limits', async () => {
    const { rows } = await t.app.db.query<{ over: number }>(
      `SELECT count(*) AS over FROM points_ledger WHERE abs(points) > $1 OR points = 0`,
      [POINTS_PER_OPERATION_MAX],
    );
    expect(rows[0].over).toBe(0);
  });
});
