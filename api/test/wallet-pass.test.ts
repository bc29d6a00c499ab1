/**
 * The Apple Wallet pass of a card. A real .pkpass from the download link: a valid zip, pass.json
 * with the card's data, manifest.json with the SHA-1 of every file, and a detached PKCS#7 signature of the
 * manifest that `openssl cms -verify` accepts against the development CA, and refuses for a changed file.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { appleConfig, devCertificates, pathOf, signupCard, WALLET_BUSINESS } from './helpers/wallet';
import { addPointsLink } from '../src/features/cards/qrcode';

/** The files of a zip, read from its central directory; each entry's CRC-32 is checked. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(dataAt, dataAt + compressed);
    const data = method === 0 ? stored : zlib.inflateRawSync(stored);
    if (data.length !== size || zlib.crc32(data) !== crc) throw new Error(`${name}: size or CRC does not match`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const sha1 = (data: Buffer) => crypto.createHash('sha1').update(data).digest('hex');

/** `openssl cms -verify` of a detached signature of `content`; true when it verifies against the dev CA. */
function opensslVerifies(signature: Buffer, content: Buffer): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkpass-'));
  try {
    fs.writeFileSync(path.join(dir, 'signature'), signature);
    fs.writeFileSync(path.join(dir, 'manifest.json'), content);
    fs.writeFileSync(path.join(dir, 'ca.pem'), devCertificates().ca.cert);
    execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', 'ca.pem', '-purpose', 'any', '-out', '/dev/null'], {
      cwd: dir,
      stdio: 'pipe',
    });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeEachDatabase('Apple Wallet pass', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, wallet: { apple: appleConfig() }, messaging: { worker: { enabled: false }, publicUrl: 'https://fidelity.example.it' } });
  });
  afterAll(() => t.close());

  it('answers the pass link with the card and serves a signed store card with the card’s data', async () => {
    const card = await signupCard(t.app, 'pass.uno@example.it');
    expect(card.wallet?.apple).toMatch(/^https:\/\/fidelity\.example\.it\/api\/wallet\/apple\/pass\/[A-Za-z0-9_-]{43}\.pkpass$/);
    await t.app.db.query(`INSERT INTO rewards (business_id, name, cost) VALUES ($1, 'Caffè omaggio', 50), ($1, 'Cornetto', 20), ($1, 'Torta', 500)`, [WALLET_BUSINESS.id]);
    await t.app.db.query('UPDATE loyalty_cards SET points = 30 WHERE id = $1', [card.id]);

    const response = await t.app.inject({ method: 'GET', url: pathOf(card.wallet!.apple!) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'manifest.json', 'pass.json', 'signature']);

    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    const { rows } = await t.app.db.query<{ serial_number: string; auth_token: string }>('SELECT serial_number, auth_token FROM wallet_passes WHERE card_id = $1', [card.id]);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.it.localhost.fidelity',
      teamIdentifier: 'DEVTEAM001',
      serialNumber: rows[0].serial_number,
      authenticationToken: rows[0].auth_token,
      webServiceURL: 'https://fidelity.example.it/api/wallet/apple',
      organizationName: WALLET_BUSINESS.name,
    });
    expect(pass.serialNumber).not.toBe(card.id);
    expect(pass.storeCard.primaryFields).toEqual([{ key: 'balance', label: 'Punti', value: 30, changeMessage: 'Ora hai %@ punti' }]);
    expect(pass.storeCard.secondaryFields).toEqual([
      { key: 'customer', label: 'Cliente', value: 'Giulia Bianchi' },
      // The cheapest reward above the balance: not the Cornetto (20, already within reach), not the Torta.
      { key: 'next-reward', label: 'Prossimo premio', value: 'Caffè omaggio a 50 punti' },
    ]);
    expect(pass.storeCard.auxiliaryFields).toEqual([{ key: 'card-number', label: 'Carta n.', value: card.card_number }]);
    // The same QR content as the card image.
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: addPointsLink('http://localhost:3000', card.id, card.user_id) });

    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const signed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(signed);
    for (const name of signed) expect(manifest[name]).toBe(sha1(files.get(name)!));

    expect(opensslVerifies(files.get('signature')!, files.get('manifest.json')!)).toBe(true);
    // A changed file: its SHA-1 leaves the manifest, and a manifest changed to match it no longer verifies.
    const changedPass = Buffer.from(files.get('pass.json')!.toString('utf8').replace('"value":30', '"value":3000'));
    expect(sha1(changedPass)).not.toBe(manifest['pass.json']);
    const changedManifest = Buffer.from(JSON.stringify({ ...manifest, 'pass.json': sha1(changedPass) }));
    expect(opensslVerifies(files.get('signature')!, changedManifest)).toBe(false);
  });

  it('speaks of stamps in stamp mode, and keeps one link per card', async () => {
    await t.app.db.query(`UPDATE businesses SET loyalty_mode = 'stamps' WHERE id = $1`, [WALLET_BUSINESS.id]);
    try {
      const card = await signupCard(t.app, 'pass.due@example.it');
      const again = await t.app.inject({ method: 'GET', url: pathOf(card.wallet!.apple!) });
      const pass = JSON.parse(unzip(again.rawPayload).get('pass.json')!.toString('utf8'));
      expect(pass.storeCard.primaryFields[0]).toMatchObject({ label: 'Timbri', changeMessage: 'Ora hai %@ timbri' });
      // The same person signing up again (same e-mail and phone) gets the same link back.
      expect((await signupCard(t.app, 'pass.due@example.it')).wallet?.apple).toBe(card.wallet!.apple);
    } finally {
      await t.app.db.query(`UPDATE businesses SET loyalty_mode = 'points' WHERE id = $1`, [WALLET_BUSINESS.id]);
    }
  });

  it('wears the shop’s colour, with dark text on a light colour and white on a dark one', async () => {
    const card = await signupCard(t.app, 'pass.colore@example.it');
    const colours = async () => {
      const files = unzip((await t.app.inject({ method: 'GET', url: pathOf(card.wallet!.apple!) })).rawPayload);
      const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
      return { backgroundColor: pass.backgroundColor, foregroundColor: pass.foregroundColor, labelColor: pass.labelColor, icon: files.get('icon.png')! };
    };
    // No colour: the dashboard's blue with white text.
    const plain = await colours();
    expect(plain).toMatchObject({ backgroundColor: 'rgb(30, 58, 138)', foregroundColor: 'rgb(255, 255, 255)' });
    try {
      await t.app.db.query(`UPDATE businesses SET brand_color = '#f5e6c8' WHERE id = $1`, [WALLET_BUSINESS.id]);
      const light = await colours();
      expect(light).toMatchObject({ backgroundColor: 'rgb(245, 230, 200)', foregroundColor: 'rgb(17, 24, 39)', labelColor: 'rgb(74, 76, 79)' });
      expect(light.icon.equals(plain.icon)).toBe(false);
      await t.app.db.query(`UPDATE businesses SET brand_color = '#7f1d1d' WHERE id = $1`, [WALLET_BUSINESS.id]);
      expect(await colours()).toMatchObject({ backgroundColor: 'rgb(127, 29, 29)', foregroundColor: 'rgb(255, 255, 255)' });
    } finally {
      await t.app.db.query('UPDATE businesses SET brand_color = NULL WHERE id = $1', [WALLET_BUSINESS.id]);
    }
  });

  it('refuses a link that is not a card’s with 404, and tells nothing else', async () => {
    const card = await signupCard(t.app, 'pass.tre@example.it');
    const token = pathOf(card.wallet!.apple!).split('/').pop()!.replace('.pkpass', '');
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [`/api/wallet/apple/pass/${other}.pkpass`, '/api/wallet/apple/pass/abc.pkpass', `/api/wallet/apple/pass/${token}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Pass non trovato: il link non è valido' });
    }
  });
});

describeEachDatabase('Apple Wallet not configured', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } });
  });
  afterAll(() => t.close());

  it('leaves the link out of the card answer and answers 404 in Italian on every wallet route', async () => {
    const card = await signupCard(t.app, 'senza.wallet@example.it');
    expect(card).not.toHaveProperty('wallet');
    for (const [method, url] of [
      ['GET', '/api/wallet/apple/pass/abc.pkpass'],
      ['GET', '/api/wallet/apple/v1/devices/d1/registrations/pass.x'],
      ['GET', '/api/wallet/apple/v1/passes/pass.x/serial'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Apple Wallet non è configurato' });
    }
  });
});
