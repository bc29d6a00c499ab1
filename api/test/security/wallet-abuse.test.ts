/**
 * Decision 059: what an anonymous caller can make the wallet routes do is bounded. The Google class's logo is drawn
 * only in a colour a shop has (or the default blue), only where Google Wallet is configured, and a colour of the
 * caller's choosing is a failed lookup like a guessed link; Apple's log route takes a small body and a few requests
 * a minute; a pass keeps its 10 newest devices, and a balance change queues at most that many pushes, whatever
 * the registrations table holds. (How long the routes hold the event loop: anonymous-routes-latency.test.ts.)
 */
import { PNG } from 'pngjs';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { appleConfig, googleConfig, signupCard } from '../helpers/wallet';

const TYPE = 'pass.it.localhost.fidelity';
const BAR = DEMO_BUSINESSES[0].id;
const worker = { enabled: false };
const UNKNOWN_COLOUR = { error: 'Logo non trovato: nessun negozio usa questo colore' };
const TOO_MANY = { error: 'Troppe richieste. Riprova tra un minuto.' };

describeEachDatabase('wallet logo and PassKit bounds', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, {
      seedDemo: true,
      walletFailedLookupsPerMinute: 5,
      wallet: { apple: appleConfig(), google: googleConfig('http://127.0.0.1:9/walletobjects/v1', 'http://127.0.0.1:9/token') },
      messaging: { worker },
    });
  });
  afterAll(() => t.close());

  const logo = (hex: string, remoteAddress = '10.59.0.1') => t.app.inject({ method: 'GET', url: `/api/wallet/logo/${hex}.png`, remoteAddress });

  it('draws the logo only in a shop’s colour or the default blue; another colour is a failed lookup', async () => {
    await t.app.db.query("UPDATE businesses SET brand_color = '#7c2d12' WHERE id = $1", [BAR]);
    for (const [hex, rgb] of [
      ['7c2d12', [0x7c, 0x2d, 0x12]],
      ['1e3a8a', [0x1e, 0x3a, 0x8a]],
    ] as const) {
      const response = await logo(hex);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(response.rawPayload);
      expect([png.width, png.height, ...png.data.subarray(0, 3)]).toEqual([660, 660, ...rgb]);
      // The ring: white on these dark colours, its edge smoothed (a pixel between the two colours).
      const at = (x: number, y: number) => [...png.data.subarray((y * 660 + x) * 4, (y * 660 + x) * 4 + 3)];
      expect(at(330 + 165, 330)).toEqual([255, 255, 255]);
      const mixed = (pixel: number[]) => pixel.some((value, i) => value !== 255 && value !== rgb[i]);
      expect(Array.from({ length: 330 }, (_, x) => at(330 + x, 430)).filter(mixed).length).toBeGreaterThan(0);
    }

    // Colours no shop has: 404 in Italian, counted as failed lookups (5 a minute here), then 429.
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push(await logo(`00000${i}`, '10.59.0.2'));
    expect(guesses.map((r) => [r.statusCode, r.json()])).toEqual(Array(5).fill([404, UNKNOWN_COLOUR]));
    const refused = await logo('000009', '10.59.0.2');
    expect([refused.statusCode, refused.json()]).toEqual([429, TOO_MANY]);
    // The shops' colours still answer another address at once, and a colour nobody had is never drawn.
    expect((await logo('7c2d12', '10.59.0.3')).statusCode).toBe(200);
    expect((await logo('000001', '10.59.0.3')).statusCode).toBe(404);
  });

  it('takes Apple’s device logs up to 16 KB and 30 requests a minute per address', async () => {
    const log = (logs: string[], remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs }, remoteAddress });
    expect((await log(['Web service error for pass.it.localhost.fidelity: 500'], '10.59.1.1')).statusCode).toBe(200);

    // 9 lines of 2 000 characters (each allowed): 18 KB, refused before it is read.
    const large = await log(Array(9).fill('x'.repeat(2000)), '10.59.1.2');
    expect([large.statusCode, large.json()]).toEqual([413, { error: 'Richiesta troppo grande' }]);

    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await log([`riga ${i}`], '10.59.1.3')).statusCode);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    expect((await log(['altra'], '10.59.1.4')).statusCode).toBe(200);
  });

  async function passWithToken(email: string) {
    const card = await signupCard(t.app, email);
    const { rows } = await t.app.db.query<{ serial_number: string; auth_token: string }>('SELECT serial_number, auth_token FROM wallet_passes WHERE card_id = $1', [card.id]);
    return { cardId: card.id, serial: rows[0].serial_number, authToken: rows[0].auth_token };
  }
  const register = (pass: { serial: string; authToken: string }, device: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/${device}/registrations/${TYPE}/${pass.serial}`,
      headers: { authorization: `ApplePass ${pass.authToken}` },
      payload: { pushToken: `push-${device}` },
      remoteAddress: '10.59.2.1',
    });
  const devicesOf = async (serial: string) =>
    (await t.app.db.query<{ device_library_id: string }>('SELECT device_library_id FROM wallet_registrations WHERE serial_number = $1 ORDER BY device_library_id', [serial])).rows.map(
      (r) => r.device_library_id,
    );
  const queuedFor = async (serial: string) =>
    (
      await t.app.db.query<{ device_library_id: string }>("SELECT device_library_id FROM wallet_push_jobs WHERE serial_number = $1 AND status = 'queued' ORDER BY device_library_id", [
        serial,
      ])
    ).rows.map((r) => r.device_library_id);
  const change = (cardId: string) => t.app.db.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [cardId]);
  const named = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${prefix}-${String(from + i).padStart(2, '0')}`);

  it('keeps a pass’s 10 newest devices: an 11th drops the oldest, with the push still queued for it', async () => {
    const pass = await passWithToken('dispositivi.dieci@example.it');
    for (const device of named('tel', 0, 10)) expect((await register(pass, device)).statusCode).toBe(201);
    await change(pass.cardId);
    expect(await queuedFor(pass.serial)).toEqual(named('tel', 0, 10));

    for (const device of named('tel', 10, 12)) expect((await register(pass, device)).statusCode).toBe(201);
    expect(await devicesOf(pass.serial)).toEqual(named('tel', 2, 12));
    // The dropped devices' pushes went with them; the newcomers get theirs at the next change.
    expect(await queuedFor(pass.serial)).toEqual(named('tel', 2, 10));
    // A device registering again is not new: nothing is dropped.
    expect((await register(pass, 'tel-05')).statusCode).toBe(200);
    expect(await devicesOf(pass.serial)).toEqual(named('tel', 2, 12));

    await change(pass.cardId);
    expect(await queuedFor(pass.serial)).toEqual(named('tel', 2, 12));
  });

  it('holds the bound when registrations race', async () => {
    const pass = await passWithToken('dispositivi.gara@example.it');
    const answers = await Promise.all(named('gara', 0, 25).map((device) => register(pass, device)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    expect(await devicesOf(pass.serial)).toHaveLength(10);
  });

  it('queues at most 10 pushes per change however many devices are registered', async () => {
    const pass = await passWithToken('dispositivi.tanti@example.it');
    // Registrations written before the bound existed: 15 for one pass, the last the newest.
    for (const [i, device] of named('vecchio', 0, 15).entries()) {
      await t.app.db.query("INSERT INTO wallet_registrations (device_library_id, serial_number, push_token, created_at) VALUES ($1, $2, 'p', now() - $3 * interval '1 minute')", [
        device,
        pass.serial,
        15 - i,
      ]);
    }
    await change(pass.cardId);
    expect(await queuedFor(pass.serial)).toEqual(named('vecchio', 5, 15));
  });
});

describeEachDatabase('wallet logo without Google Wallet', (variant) => {
  it('answers 404 in Italian, the default blue too', async () => {
    const t = await startTestApp(variant, { seedDemo: true, wallet: { apple: appleConfig(), google: null }, messaging: { worker } });
    try {
      for (const hex of ['1e3a8a', '7c2d12', 'abcdef']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/wallet/logo/${hex}.png` });
        expect([response.statusCode, response.json()]).toEqual([404, { error: 'Google Wallet non è configurato' }]);
      }
    } finally {
      await t.close();
    }
  });
});
