/**
 * Development certificates for the wallets, made with node-forge (works wherever Node does, no
 * `openssl` needed). A self-signed CA, a stand-in of Apple's WWDR intermediate signed by it, a pass signer
 * certificate and key signed by that (what Apple would issue for a pass type id) and, for Google Wallet, a
 * service-account JSON key. Phones do not accept passes signed this way: they trust Apple's CA only.
 *
 * `npm run wallet:dev-certs` writes them to `<DATA_DIR>/wallet-dev/` and prints the variables to set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { DEV_CA_NAME, DEV_GOOGLE_CLIENT_EMAIL, DEV_GOOGLE_ISSUER_ID, DEV_PASS_TYPE_ID, DEV_TEAM_ID } from './dev-identity';

export interface Issued {
  cert: string;
  key: string;
}

function rsaKeys(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.PrivateKey; privatePem: string } {
  // node:crypto makes the key (fast, native); forge signs the certificates.
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey;
  return { publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), privateKey: forgeKey, privatePem };
}

interface CertificateOptions {
  subject: forge.pki.CertificateField[];
  issuer?: { cert: forge.pki.Certificate; key: forge.pki.PrivateKey };
  extensions: object[];
  years?: number;
}

function issue(options: CertificateOptions): { cert: forge.pki.Certificate; key: forge.pki.PrivateKey; pem: Issued } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + (options.years ?? 5) * 365 * 24 * 3600_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : options.subject);
  cert.setExtensions([{ name: 'subjectKeyIdentifier' }, ...options.extensions]);
  cert.sign((options.issuer?.key ?? keys.privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey, pem: { cert: forge.pki.certificateToPem(cert), key: keys.privatePem } };
}

export interface DevCertificates {
  ca: Issued;
  wwdr: Issued;
  signer: Issued;
  /** Signs TLS server certificates (tests: a local stand-in of APNs); the CA itself. */
  issueServer(hostNames: string[]): Issued;
}

/** A CA, a WWDR stand-in and a pass signer for `passTypeId` / `teamId`, all in memory. */
export function makeDevCertificates(passTypeId = DEV_PASS_TYPE_ID, teamId = DEV_TEAM_ID): DevCertificates {
  const caAuthority = [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }];
  const ca = issue({
    subject: [{ name: 'commonName', value: DEV_CA_NAME }, { name: 'organizationName', value: 'Fidelity Dev' }],
    extensions: caAuthority,
    years: 10,
  });
  const wwdr = issue({
    subject: [{ name: 'commonName', value: 'Fidelity Dev WWDR stand-in' }, { name: 'organizationalUnitName', value: 'G4' }, { name: 'organizationName', value: 'Fidelity Dev' }],
    issuer: ca,
    extensions: caAuthority,
  });
  const signer = issue({
    // As Apple issues them: UID = pass type id, OU = team id.
    subject: [
      { type: '0.9.2342.19200300.100.1.1', value: passTypeId },
      { name: 'commonName', value: `Pass Type ID: ${passTypeId}` },
      { name: 'organizationalUnitName', value: teamId },
      { name: 'organizationName', value: 'Fidelity Dev' },
    ],
    issuer: wwdr,
    extensions: [{ name: 'keyUsage', digitalSignature: true, critical: true }, { name: 'extKeyUsage', clientAuth: true, emailProtection: true }],
  });
  return {
    ca: ca.pem,
    wwdr: wwdr.pem,
    signer: signer.pem,
    issueServer(hostNames) {
      return issue({
        subject: [{ name: 'commonName', value: hostNames[0] }],
        issuer: ca,
        extensions: [
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: hostNames.map((h) => (/^[\d.]+$/.test(h) ? { type: 7, ip: h } : { type: 2, value: h })) },
        ],
      }).pem;
    },
  };
}

/** A Google service-account JSON key (for Google Wallet): the shape Google's console downloads. */
export function makeDevServiceAccount(): Record<string, string> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    type: 'service_account',
    project_id: 'fidelity-dev',
    private_key_id: crypto.randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: DEV_GOOGLE_CLIENT_EMAIL,
    client_id: String(BigInt(`0x${crypto.randomBytes(8).toString('hex')}`)),
    token_uri: 'https://oauth2.googleapis.com/token',
  };
}

/** Writes the files (600) to `dir` and answers the variables that point at them. */
export function writeDevCertificates(dir: string): Record<string, string> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certs = makeDevCertificates();
  const files: Record<string, string> = {
    'ca.pem': certs.ca.cert,
    'wwdr.pem': certs.wwdr.cert,
    'signer-cert.pem': certs.signer.cert,
    'signer-key.pem': certs.signer.key,
    'google-service-account.json': `${JSON.stringify(makeDevServiceAccount(), null, 2)}\n`,
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content, { mode: 0o600 });
  return {
    WALLET_APPLE_PASS_TYPE_ID: DEV_PASS_TYPE_ID,
    WALLET_APPLE_TEAM_ID: DEV_TEAM_ID,
    WALLET_APPLE_CERT: path.join(dir, 'signer-cert.pem'),
    WALLET_APPLE_KEY: path.join(dir, 'signer-key.pem'),
    WALLET_APPLE_WWDR: path.join(dir, 'wwdr.pem'),
    WALLET_GOOGLE_ISSUER_ID: DEV_GOOGLE_ISSUER_ID,
    WALLET_GOOGLE_SERVICE_ACCOUNT: path.join(dir, 'google-service-account.json'),
  };
}
