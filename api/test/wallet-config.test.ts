/**
 * The Apple Wallet configuration (all five variables or none; files read and checked at start) and
 * its secrets kept out of the logs: the key, the pass's authentication token, the download link's token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import forge from 'node-forge';
import { DEFAULT_APNS_HOST, DEFAULT_GOOGLE_API_URL, GOOGLE_VARIABLES, parseWalletEnv, WALLET_PUBLIC_URL_MESSAGES, walletStatus } from '../src/config/wallet';
import { DEV_GOOGLE_ISSUER_ID } from '../src/wallet/dev-identity';
import { authHeader, demoAccount, testConfig } from './helpers/app';
import { describeEachDatabase, pgliteVariant } from './helpers/databases';
import { appleConfig, devCertificates, devWalletFiles, pathOf, signupCard } from './helpers/wallet';

/** What parseWalletEnv refuses `env` for, one problem a line (a ConfigError, as at the API's start). */
function problems(env: NodeJS.ProcessEnv): string {
  try {
    parseWalletEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  throw new Error('no error');
}

describe('Apple Wallet configuration', () => {
  const files = devWalletFiles('wallet-config-');

  it('is off when no variable is set', () => {
    expect(parseWalletEnv({})).toEqual({ apple: null, google: null });
  });

  it('reads the development certificates npm run wallet:dev-certs writes (files 600), with Apple’s APNs host by default', () => {
    for (const name of ['ca.pem', 'wwdr.pem', 'signer-cert.pem', 'signer-key.pem', 'google-service-account.json']) {
      expect(fs.statSync(path.join(files.dir, 'wallet-dev', name)).mode & 0o777).toBe(0o600);
    }
    const config = parseWalletEnv(files.variables).apple!;
    expect(config).toMatchObject({ passTypeId: 'pass.it.localhost.fidelity', teamId: 'DEVTEAM001', apnsOrigin: `https://${DEFAULT_APNS_HOST}` });
    expect(config.key).toContain('PRIVATE KEY');
    expect(parseWalletEnv({ ...files.variables, WALLET_APNS_HOST: 'https://127.0.0.1:2197' }).apple!.apnsOrigin).toBe('https://127.0.0.1:2197');
    // loadConfig carries it (the API's start).
    expect(loadConfig({ ...files.variables, DATA_DIR: files.dir }).wallet?.apple?.passTypeId).toBe('pass.it.localhost.fidelity');
  });

  it('stops the start on half a configuration, an unreadable file, a file of the wrong kind or a bad host, naming the variable', () => {
    expect(problems({ WALLET_APPLE_PASS_TYPE_ID: 'pass.it.x' })).toMatch(/WALLET_APPLE_TEAM_ID, WALLET_APPLE_CERT, WALLET_APPLE_KEY, WALLET_APPLE_WWDR missing/);
    expect(problems({ ...files.variables, WALLET_APPLE_CERT: path.join(files.dir, 'nope.pem') })).toMatch(/^WALLET_APPLE_CERT: cannot read .*nope\.pem \(ENOENT\)$/);
    const key = problems({ ...files.variables, WALLET_APPLE_CERT: files.variables.WALLET_APPLE_KEY });
    expect(key).toMatch(/^WALLET_APPLE_CERT: .* is not a valid PEM file/);
    // The message names the file, never its content.
    expect(key).not.toContain('PRIVATE KEY');
    expect(problems({ ...files.variables, WALLET_APPLE_KEY: files.variables.WALLET_APPLE_CERT })).toMatch(/WALLET_APPLE_KEY/);
    expect(problems({ ...files.variables, WALLET_APPLE_TEAM_ID: 'team' })).toMatch(/WALLET_APPLE_TEAM_ID must be/);
    expect(problems({ ...files.variables, WALLET_APNS_HOST: 'http://apns.example' })).toMatch(/WALLET_APNS_HOST/);
  });

  it('reads a signer key kept under a passphrase (WALLET_APPLE_KEY_PASSPHRASE), and refuses a wrong passphrase or a key that is not RSA', () => {
    const plain = crypto.createPrivateKey(fs.readFileSync(files.variables.WALLET_APPLE_KEY!, 'utf8'));
    const encrypted = path.join(files.dir, 'signer-key-encrypted.pem');
    fs.writeFileSync(encrypted, plain.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'segreto' }), { mode: 0o600 });
    const withKey = { ...files.variables, WALLET_APPLE_KEY: encrypted };
    expect(parseWalletEnv({ ...withKey, WALLET_APPLE_KEY_PASSPHRASE: 'segreto' }).apple).toMatchObject({ keyPassphrase: 'segreto' });
    expect(problems({ ...withKey, WALLET_APPLE_KEY_PASSPHRASE: 'sbagliata' })).toMatch(/^WALLET_APPLE_KEY: .* is not a valid PEM file/);
    expect(problems(withKey)).toMatch(/^WALLET_APPLE_KEY: .* is not a valid PEM file/);
    const ec = path.join(files.dir, 'signer-key-ec.pem');
    fs.writeFileSync(ec, crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    expect(problems({ ...files.variables, WALLET_APPLE_KEY: ec })).toMatch(/^WALLET_APPLE_KEY: .* is not a valid PEM file/);
  });
});

describe('Apple Wallet and an http public address', () => {
  const files = devWalletFiles('wallet-http-');
  // A server reachable from other machines (not a local try-out).
  const served = (env: Record<string, string>) => loadConfig({ ...files.variables, DATA_DIR: files.dir, API_HOST: '0.0.0.0', HOST: '0.0.0.0', ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      served(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.join('\n');
    }
    throw new Error('no error');
  };

  it('refuses to start with an Italian message when the passes’ address (PUBLIC_URL, else DASHBOARD_BASE_URL) is http', () => {
    expect(refusal({ DASHBOARD_BASE_URL: 'http://fidelity.example.it', NODE_ENV: 'production' })).toBe(WALLET_PUBLIC_URL_MESSAGES.refused('http://fidelity.example.it'));
    expect(refusal({ DASHBOARD_BASE_URL: 'https://fidelity.example.it', PUBLIC_URL: 'http://api.example.it' })).toMatch(/^Apple Wallet è configurato ma l'indirizzo pubblico dei pass .* è http:\/\/api\.example\.it, in http: gli iPhone non aggiornano/);
    // https: starts, no warning; without Apple the address is not the wallet's business.
    const https = served({ DASHBOARD_BASE_URL: 'http://fidelity.example.it', PUBLIC_URL: 'https://api.example.it' });
    expect(https.wallet?.apple).not.toBeNull();
    expect(https.wallet?.publicUrlWarning).toBeUndefined();
    const { WALLET_GOOGLE_ISSUER_ID, WALLET_GOOGLE_SERVICE_ACCOUNT } = files.variables;
    expect(loadConfig({ WALLET_GOOGLE_ISSUER_ID, WALLET_GOOGLE_SERVICE_ACCOUNT, DATA_DIR: files.dir, API_HOST: '0.0.0.0', DASHBOARD_BASE_URL: 'http://fidelity.example.it' }).wallet?.publicUrlWarning).toBeUndefined();
  });

  it('in development allows it, with a warning printed at start and shown by /api/wallet/status', async () => {
    const development = served({ DASHBOARD_BASE_URL: 'http://192.168.1.20:5173', NODE_ENV: 'development' });
    expect(development.wallet?.publicUrlWarning).toBe(WALLET_PUBLIC_URL_MESSAGES.warning('http://192.168.1.20:5173'));
    // A local try-out (loopback only, not production) is development too.
    const local = loadConfig({ ...files.variables, DATA_DIR: files.dir, DASHBOARD_BASE_URL: 'http://localhost:5173' });
    expect(local.wallet?.publicUrlWarning).toBe(WALLET_PUBLIC_URL_MESSAGES.warning('http://localhost:5173'));

    const database = await pgliteVariant.create();
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    const app = buildApp(testConfig(database.config, { logLevel: 'warn', seedDemo: true, dashboardBaseUrl: 'http://192.168.1.20:5173', wallet: development.wallet, messaging: { worker: { enabled: false } } }), { logStream: stream });
    try {
      await app.ready();
      const warnings = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toContain(WALLET_PUBLIC_URL_MESSAGES.warning('http://192.168.1.20:5173'));
      const admin = await authHeader(app, demoAccount('admin').email, demoAccount('admin').password);
      const status = await app.inject({ method: 'GET', url: '/api/wallet/status', headers: admin });
      expect(status.statusCode).toBe(200);
      expect(status.json().apple).toEqual({ configured: true, development: true, missing: [], warning: WALLET_PUBLIC_URL_MESSAGES.warning('http://192.168.1.20:5173') });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('Google Wallet configuration', () => {
  const files = devWalletFiles('wallet-google-config-');
  // Google's variables only: Apple stays off.
  let variables: Record<string, string>;
  beforeAll(() => {
    variables = { WALLET_GOOGLE_ISSUER_ID: files.variables.WALLET_GOOGLE_ISSUER_ID, WALLET_GOOGLE_SERVICE_ACCOUNT: files.variables.WALLET_GOOGLE_SERVICE_ACCOUNT };
  });

  it('reads the development service account, with Google’s API and token endpoint by default', () => {
    const config = parseWalletEnv(variables);
    expect(config.apple).toBeNull();
    expect(config.google).toMatchObject({
      issuerId: DEV_GOOGLE_ISSUER_ID,
      apiUrl: DEFAULT_GOOGLE_API_URL,
      serviceAccount: { client_email: 'wallet-dev@fidelity-dev.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token' },
    });
    expect(config.google!.serviceAccount.private_key).toContain('PRIVATE KEY');
    expect(parseWalletEnv({ ...variables, WALLET_GOOGLE_API_URL: 'http://127.0.0.1:4010/walletobjects/v1/' }).google!.apiUrl).toBe('http://127.0.0.1:4010/walletobjects/v1');
  });

  it('stops the start on half a configuration, an unreadable file, a file that is not a key, a bad issuer id or a bad URL', () => {
    expect(problems({ WALLET_GOOGLE_ISSUER_ID: DEV_GOOGLE_ISSUER_ID })).toMatch(/Google Wallet is half configured: WALLET_GOOGLE_SERVICE_ACCOUNT missing/);
    expect(problems({ WALLET_GOOGLE_SERVICE_ACCOUNT: variables.WALLET_GOOGLE_SERVICE_ACCOUNT })).toMatch(/WALLET_GOOGLE_ISSUER_ID missing/);
    expect(problems({ ...variables, WALLET_GOOGLE_SERVICE_ACCOUNT: path.join(files.dir, 'nope.json') })).toMatch(/^WALLET_GOOGLE_SERVICE_ACCOUNT: cannot read .*nope\.json \(ENOENT\)$/);
    const notJson = path.join(files.dir, 'not-json.json');
    fs.writeFileSync(notJson, '{ "type": "service_account", ');
    expect(problems({ ...variables, WALLET_GOOGLE_SERVICE_ACCOUNT: notJson })).toMatch(/^WALLET_GOOGLE_SERVICE_ACCOUNT: .*not-json\.json is not a service account JSON key/);
    const account = JSON.parse(fs.readFileSync(variables.WALLET_GOOGLE_SERVICE_ACCOUNT, 'utf8')) as Record<string, string>;
    const badKey = path.join(files.dir, 'bad-key.json');
    fs.writeFileSync(badKey, JSON.stringify({ ...account, private_key: 'not a key' }));
    const message = problems({ ...variables, WALLET_GOOGLE_SERVICE_ACCOUNT: badKey });
    expect(message).toMatch(/bad-key\.json is not a service account JSON key/);
    // The message names the file, never its content.
    expect(problems({ ...variables, WALLET_GOOGLE_SERVICE_ACCOUNT: variables.WALLET_GOOGLE_SERVICE_ACCOUNT, WALLET_GOOGLE_ISSUER_ID: 'issuer' })).not.toContain('PRIVATE KEY');
    expect(problems({ ...variables, WALLET_GOOGLE_ISSUER_ID: 'issuer' })).toMatch(/WALLET_GOOGLE_ISSUER_ID must be the digits/);
    expect(problems({ ...variables, WALLET_GOOGLE_API_URL: 'ftp://example.it' })).toMatch(/WALLET_GOOGLE_API_URL must be/);
  });
});

/** A self-signed certificate named as Apple's WWDR intermediate: not the development CA's. */
function foreignWwdr(): string {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 3600_000);
  const name = [{ name: 'commonName', value: 'Apple Worldwide Developer Relations Certification Authority' }, { name: 'organizationName', value: 'Apple Inc.' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

describe('the wallets’ status: development certificates, and the missing variables for the super admin only', () => {
  const files = devWalletFiles('wallet-status-');

  it('says so when the wallets run on npm run wallet:dev-certs’ certificates', () => {
    const config = parseWalletEnv(files.variables);
    for (const superAdmin of [true, false]) {
      expect(walletStatus(config, { superAdmin })).toEqual({
        apple: { configured: true, development: true, missing: [], warning: null },
        google: { configured: true, development: true, missing: [] },
      });
    }
  });

  it('tells the dev CA apart from the pass type id: another id signed by the dev CA is still development', () => {
    const apple = parseWalletEnv(files.variables).apple!;
    expect(walletStatus({ apple: { ...apple, passTypeId: 'pass.it.negozio.fidelity' } }, { superAdmin: true }).apple.development).toBe(true);
    const production = { ...apple, passTypeId: 'pass.it.negozio.fidelity', wwdr: foreignWwdr() };
    expect(walletStatus({ apple: production }, { superAdmin: true }).apple).toEqual({ configured: true, development: false, missing: [], warning: null });
    // The dev pass type id alone is enough to say it.
    expect(walletStatus({ apple: { ...production, passTypeId: files.variables.WALLET_APPLE_PASS_TYPE_ID } }, { superAdmin: true }).apple.development).toBe(true);
  });

  it('tells Google’s development issuer id or key from a real one', () => {
    const google = parseWalletEnv(files.variables).google!;
    const real = { ...google, issuerId: '3388000000022222222', serviceAccount: { ...google.serviceAccount, client_email: 'wallet@negozio.iam.gserviceaccount.com' } };
    expect(walletStatus({ apple: null, google: real }, { superAdmin: true }).google).toEqual({ configured: true, development: false, missing: [] });
    expect(walletStatus({ apple: null, google: { ...real, issuerId: DEV_GOOGLE_ISSUER_ID } }, { superAdmin: true }).google.development).toBe(true);
  });

  it('names the missing files.variables to the super admin only', () => {
    expect(walletStatus({ apple: null, google: null }, { superAdmin: true }).google).toEqual({ configured: false, development: false, missing: [...GOOGLE_VARIABLES] });
    expect(walletStatus(undefined, { superAdmin: false })).toEqual({
      apple: { configured: false, development: false, missing: [], warning: null },
      google: { configured: false, development: false, missing: [] },
    });
  });
});

describeEachDatabase('Apple Wallet secrets and the logs', (variant) => {
  it('logs neither the download token, the authentication token nor the key', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    const database = await variant.create();
    const apple = appleConfig();
    const app = buildApp(testConfig(database.config, { logLevel: 'trace', seedDemo: true, wallet: { apple }, messaging: { worker: { enabled: false } } }), { logStream: stream });
    try {
      await app.ready();
      const card = await signupCard(app, 'log.wallet@example.it');
      const link = pathOf(card.wallet!.apple!);
      expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const { rows } = await app.db.query<{ serial_number: string; auth_token: string; download_token: string }>('SELECT * FROM wallet_passes WHERE card_id = $1', [card.id]);
      const pass = rows[0];
      await app.inject({
        method: 'POST',
        url: `/api/wallet/apple/v1/devices/dev-log/registrations/${apple.passTypeId}/${pass.serial_number}`,
        headers: { authorization: `ApplePass ${pass.auth_token}` },
        payload: { pushToken: 'push-log' },
      });
      expect(text).toContain('/api/wallet/apple/pass/[redacted]');
      for (const secret of [pass.download_token, pass.auth_token, devCertificates().signer.key.split('\n')[1]]) expect(text).not.toContain(secret);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
