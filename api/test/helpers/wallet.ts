/** Apple Wallet configured with development certificates, and a card to make passes of. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../src/config/wallet';
import { makeDevCertificates, makeDevServiceAccount, writeDevCertificates, type DevCertificates } from '../../src/wallet/dev-certs';
import { DEV_PASS_TYPE_ID, DEV_TEAM_ID } from '../../src/wallet/dev-identity';
import type { App } from '../../src/app';
import { authHeader, demoAccount } from './app';

/** Made once per test file (RSA keys take a moment). */
let certs: DevCertificates | null = null;
export function devCertificates(): DevCertificates {
  certs ??= makeDevCertificates();
  return certs;
}

/**
 * The files `npm run wallet:dev-certs` writes (in `dir`/wallet-dev) and the variables naming them, for the tests
 * of the describe block this is called in: written in a fresh temporary folder before them, removed after them.
 * Read `dir` and `variables` inside the tests (they are set when the block starts).
 */
export function devWalletFiles(prefix: string): { dir: string; variables: Record<string, string> } {
  const files = { dir: '', variables: {} as Record<string, string> };
  beforeAll(() => {
    files.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    files.variables = writeDevCertificates(path.join(files.dir, 'wallet-dev'));
  });
  afterAll(() => fs.rmSync(files.dir, { recursive: true, force: true }));
  return files;
}

export function appleConfig(apnsOrigin = 'https://127.0.0.1:9'): AppleWalletConfig {
  const c = devCertificates();
  return { passTypeId: DEV_PASS_TYPE_ID, teamId: DEV_TEAM_ID, cert: c.signer.cert, key: c.signer.key, wwdr: c.wwdr.cert, apnsOrigin };
}

export const WALLET_BUSINESS = DEMO_BUSINESSES[0];

let ip = 0;
/** A public signup (as the landing makes it): the card answer, with its wallet links. */
export async function signupCard(app: App, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/loyalty-cards/create',
    remoteAddress: `10.9.0.${++ip}`,
    payload: { email, full_name: 'Giulia Bianchi', phone: '+39 333 7654321', business_id: WALLET_BUSINESS.id, privacy_ack: true },
  });
  if (response.statusCode !== 200) throw new Error(`signup answered ${response.statusCode}: ${response.body}`);
  return response.json() as { id: string; user_id: string; card_number: string; wallet?: { apple?: string; google?: string } };
}

/** The path of a download link (inject takes paths). */
export const pathOf = (link: string) => new URL(link).pathname;

/** A Google service account (as `npm run wallet:dev-certs` writes it), made once per test file. */
let serviceAccount: Record<string, string> | null = null;
export function devServiceAccount(): Record<string, string> {
  serviceAccount ??= makeDevServiceAccount();
  return serviceAccount;
}

export const TEST_GOOGLE_ISSUER_ID = '3388000000000000042';

/** Google Wallet configured against a stand-in: its REST API at `apiUrl`, its token endpoint at `tokenUri`. */
export function googleConfig(apiUrl: string, tokenUri: string): GoogleWalletConfig {
  const account = devServiceAccount();
  return {
    issuerId: TEST_GOOGLE_ISSUER_ID,
    serviceAccount: { client_email: account.client_email, private_key: account.private_key, private_key_id: account.private_key_id, token_uri: tokenUri },
    apiUrl,
  };
}

/** The demo admin adds `points` to a card through the route (a balance change: passes and objects follow). */
export async function addPoints(app: App, cardId: string, points: number): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/loyalty-cards/${cardId}/points`,
    headers: await authHeader(app, demoAccount('admin').email, demoAccount('admin').password),
    payload: { points, description: 'Spesa' },
  });
  expect(response.statusCode).toBe(200);
}
