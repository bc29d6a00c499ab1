/**
 * Apple's PassKit web service (/api/wallet/apple/v1) with inject, as Apple specifies it: register
 * (201 new, 200 again, 401 wrong token), the device's updated passes (200 with serialNumbers and lastUpdated,
 * 204 none, passesUpdatedSince honoured), the latest pass (401, 304 with If-Modified-Since), unregister (200),
 * log (200); and the update tag moving when a balance changes. APNs itself: wallet-apns.test.ts.
 */
import type { App } from '../src/app';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { appleConfig, signupCard } from './helpers/wallet';

const TYPE = 'pass.it.localhost.fidelity';

async function passOf(app: App, cardId: string) {
  const { rows } = await app.db.query<{ serial_number: string; auth_token: string }>('SELECT serial_number, auth_token FROM wallet_passes WHERE card_id = $1', [cardId]);
  return rows[0];
}

describeEachDatabase('Apple PassKit web service', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    // APNs at a closed port: pushes fail and retry; this suite looks at the web service and the tags.
    t = await startTestApp(variant, { seedDemo: true, wallet: { apple: appleConfig() }, messaging: { worker: { enabled: false } } });
  });
  afterAll(() => t.close());

  const registration = (device: string, serial: string, type = TYPE) => `/api/wallet/apple/v1/devices/${device}/registrations/${type}/${serial}`;
  const auth = (token: string) => ({ authorization: `ApplePass ${token}` });
  const register = (device: string, serial: string, token: string, pushToken = `push-${device}`) =>
    t.app.inject({ method: 'POST', url: registration(device, serial), headers: auth(token), payload: { pushToken } });
  const updated = (device: string, since?: string) =>
    t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/devices/${device}/registrations/${TYPE}${since === undefined ? '' : `?passesUpdatedSince=${since}`}` });

  it('registers a device (201), again (200), and refuses a wrong or missing token and an unknown pass (401) without writing', async () => {
    const card = await signupCard(t.app, 'ws.uno@example.it');
    const pass = await passOf(t.app, card.id);
    const other = await passOf(t.app, (await signupCard(t.app, 'ws.altro@example.it')).id);
    const count = async () => Number((await t.app.db.query<{ n: number }>('SELECT count(*) AS n FROM wallet_registrations')).rows[0].n);
    const before = await count();

    expect((await register('device-a', pass.serial_number, other.auth_token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: registration('device-a', pass.serial_number), payload: { pushToken: 'x' } })).statusCode).toBe(401);
    expect((await register('device-a', 'no-such-serial', pass.auth_token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: registration('device-a', pass.serial_number, 'pass.other.type'), headers: auth(pass.auth_token), payload: { pushToken: 'x' } })).statusCode).toBe(401);
    expect(await count()).toBe(before);

    expect((await register('device-a', pass.serial_number, pass.auth_token)).statusCode).toBe(201);
    expect((await register('device-a', pass.serial_number, pass.auth_token, 'push-new')).statusCode).toBe(200);
    const { rows } = await t.app.db.query('SELECT push_token FROM wallet_registrations WHERE device_library_id = $1', ['device-a']);
    expect(rows).toEqual([{ push_token: 'push-new' }]);
  });

  it('refuses bad input with an Italian 400 and writes nothing', async () => {
    const card = await signupCard(t.app, 'ws.sei@example.it');
    const pass = await passOf(t.app, card.id);
    const before = (await t.app.db.query('SELECT count(*) AS n FROM wallet_registrations')).rows[0];
    for (const payload of [{}, { pushToken: '' }, { pushToken: 42 }, { pushToken: 'x'.repeat(401) }]) {
      const response = await t.app.inject({ method: 'POST', url: registration('device-bad', pass.serial_number), headers: auth(pass.auth_token), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/token di notifica/);
    }
    const log = await t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: 'non una lista' } });
    expect(log.statusCode).toBe(400);
    expect((await t.app.db.query('SELECT count(*) AS n FROM wallet_registrations')).rows[0]).toEqual(before);
  });

  it('lists the device’s passes updated since a tag (200 / 204) as balances change', async () => {
    const a = await signupCard(t.app, 'ws.due@example.it');
    const b = await signupCard(t.app, 'ws.tre@example.it');
    const passA = await passOf(t.app, a.id);
    const passB = await passOf(t.app, b.id);
    expect((await register('device-b', passA.serial_number, passA.auth_token)).statusCode).toBe(201);
    expect((await register('device-b', passB.serial_number, passB.auth_token)).statusCode).toBe(201);

    // Without a tag: every pass of the device.
    const all = await updated('device-b');
    expect(all.statusCode).toBe(200);
    expect(all.json().serialNumbers.sort()).toEqual([passA.serial_number, passB.serial_number].sort());
    const tag0 = all.json().lastUpdated as string;
    expect(typeof tag0).toBe('string');
    expect((await updated('device-b', tag0)).statusCode).toBe(204);

    // A balance change of card A: its pass is listed after the push worker's turn, B's is not.
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 10 WHERE id = $1', [a.id]);
    await t.app.wallet.apple!.pushes.drain();
    const afterA = await updated('device-b', tag0);
    expect(afterA.statusCode).toBe(200);
    expect(afterA.json().serialNumbers).toEqual([passA.serial_number]);
    const tag1 = afterA.json().lastUpdated as string;
    expect(Number(tag1)).toBeGreaterThan(Number(tag0));
    expect((await updated('device-b', tag1)).statusCode).toBe(204);

    // Then B: only B since tag1, both since tag0.
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 5 WHERE id = $1', [b.id]);
    await t.app.wallet.apple!.pushes.drain();
    expect((await updated('device-b', tag1)).json().serialNumbers).toEqual([passB.serial_number]);
    expect((await updated('device-b', tag0)).json().serialNumbers.sort()).toEqual([passA.serial_number, passB.serial_number].sort());
    // A device that registered nothing, or another pass type: 204.
    expect((await updated('device-none')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/devices/device-b/registrations/pass.other.type` })).statusCode).toBe(204);
  });

  it('answers the latest pass with its token only, and 304 when not modified since', async () => {
    const card = await signupCard(t.app, 'ws.quattro@example.it');
    const pass = await passOf(t.app, card.id);
    const url = `/api/wallet/apple/v1/passes/${TYPE}/${pass.serial_number}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: auth('wrong-token-of-the-same-length-000000000000') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${TYPE}/nope`, headers: auth(pass.auth_token) })).statusCode).toBe(401);

    const first = await t.app.inject({ method: 'GET', url, headers: auth(pass.auth_token) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = first.headers['last-modified'] as string;
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect((await t.app.inject({ method: 'GET', url, headers: { ...auth(pass.auth_token), 'if-modified-since': lastModified } })).statusCode).toBe(304);

    // A balance change moves Last-Modified (whole seconds: the change is dated a second later).
    await t.app.db.query(`UPDATE loyalty_cards SET points = 7 WHERE id = $1`, [card.id]);
    await t.app.db.query(`UPDATE wallet_passes SET modified_at = modified_at + interval '2 seconds' WHERE card_id = $1`, [card.id]);
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...auth(pass.auth_token), 'if-modified-since': lastModified } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.includes(Buffer.from('"value":7'))).toBe(true);
  });

  it('unregisters (200, then nothing listed) and refuses a wrong token; takes device logs (200)', async () => {
    const card = await signupCard(t.app, 'ws.cinque@example.it');
    const pass = await passOf(t.app, card.id);
    expect((await register('device-c', pass.serial_number, pass.auth_token)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: registration('device-c', pass.serial_number), headers: auth('x'.repeat(43)) })).statusCode).toBe(401);
    expect((await updated('device-c')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: registration('device-c', pass.serial_number), headers: auth(pass.auth_token) })).statusCode).toBe(200);
    expect((await updated('device-c')).statusCode).toBe(204);

    const log = await t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: ['Web service error for pass.it.localhost.fidelity: 500'] } });
    expect(log.statusCode).toBe(200);
  });
});
