/**
 * Issue 21: the wallets' configuration, read once at start (like src/messaging/config.ts). Apple Wallet is
 * configured when every WALLET_APPLE_* variable of a pass is set; none set: no Apple Wallet, nothing breaks.
 * Half a configuration, an unreadable file or a PEM that does not parse stops the start naming the variable.
 * The certificates and the key are read here and kept in memory only: never logged, never answered.
 */
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { ConfigError } from '../config';

/** Apple's production APNs host; the sandbox is api.sandbox.push.apple.com. */
export const DEFAULT_APNS_HOST = 'api.push.apple.com';

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** The pass certificate (PEM), also the TLS client certificate of the APNs pushes. */
  cert: string;
  key: string;
  keyPassphrase?: string;
  /** Apple's WWDR intermediate certificate (PEM). */
  wwdr: string;
  /** APNs origin, e.g. https://api.push.apple.com (a bare host means https on port 443). */
  apnsOrigin: string;
}

export interface WalletConfig {
  apple: AppleWalletConfig | null;
}

export const APPLE_VARIABLES = ['WALLET_APPLE_PASS_TYPE_ID', 'WALLET_APPLE_TEAM_ID', 'WALLET_APPLE_CERT', 'WALLET_APPLE_KEY', 'WALLET_APPLE_WWDR'] as const;

/** What is missing of the Apple Wallet configuration (the settings screen's list); empty when complete. */
export function missingAppleVariables(env: NodeJS.ProcessEnv): string[] {
  return APPLE_VARIABLES.filter((name) => !env[name]?.trim());
}

function apnsOrigin(value: string | undefined, problems: string[]): string {
  const raw = value?.trim() || DEFAULT_APNS_HOST;
  const withScheme = /^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' || url.pathname !== '/' || url.search) throw new Error('not an origin');
    return url.origin;
  } catch {
    problems.push('WALLET_APNS_HOST must be a host name (api.push.apple.com) or an https:// origin');
    return `https://${DEFAULT_APNS_HOST}`;
  }
}

function readPem(name: string, file: string, cwd: string, problems: string[], check: (pem: string) => void): string {
  let pem: string;
  try {
    pem = fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return '';
  }
  try {
    check(pem);
  } catch {
    problems.push(`${name}: ${file} is not a valid PEM file of the expected kind`);
  }
  return pem;
}

/** Parses the WALLET_* variables and reads the PEM files. Throws a ConfigError listing every problem. */
export function parseWalletEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): WalletConfig {
  const { config, problems } = checkWalletEnv(env, cwd);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function checkWalletEnv(env: NodeJS.ProcessEnv, cwd: string): { config: WalletConfig; problems: string[] } {
  const problems: string[] = [];
  const missing = missingAppleVariables(env);
  const origin = apnsOrigin(env.WALLET_APNS_HOST, problems);
  if (missing.length === APPLE_VARIABLES.length) return { config: { apple: null }, problems };
  if (missing.length > 0) {
    problems.push(`Apple Wallet is half configured: ${missing.join(', ')} missing (set all of ${APPLE_VARIABLES.join(', ')}, or none)`);
    return { config: { apple: null }, problems };
  }
  const passTypeId = env.WALLET_APPLE_PASS_TYPE_ID!.trim();
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeId)) problems.push('WALLET_APPLE_PASS_TYPE_ID must look like pass.it.example.fidelity');
  const teamId = env.WALLET_APPLE_TEAM_ID!.trim();
  if (!/^[A-Z0-9]{10}$/.test(teamId)) problems.push('WALLET_APPLE_TEAM_ID must be the 10 letters and digits of the Apple team');
  const passphrase = env.WALLET_APPLE_KEY_PASSPHRASE || undefined;
  const certificate = (pem: string) => forge.pki.certificateFromPem(pem);
  const cert = readPem('WALLET_APPLE_CERT', env.WALLET_APPLE_CERT!.trim(), cwd, problems, certificate);
  const wwdr = readPem('WALLET_APPLE_WWDR', env.WALLET_APPLE_WWDR!.trim(), cwd, problems, certificate);
  const key = readPem('WALLET_APPLE_KEY', env.WALLET_APPLE_KEY!.trim(), cwd, problems, (pem) => {
    const parsed = passphrase ? forge.pki.decryptRsaPrivateKey(pem, passphrase) : forge.pki.privateKeyFromPem(pem);
    if (!parsed) throw new Error('wrong passphrase');
  });
  return { config: { apple: { passTypeId, teamId, cert, key, keyPassphrase: passphrase, wwdr, apnsOrigin: origin } }, problems };
}
