/** `npm start`'s banner shows only logins that exist (the API lists them at start). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoLoginsRefused, readDemoLogins, startBanner, type BannerInput } from '../src/banner';
import { runtimeConfigFromEnv } from '../src/runtime-config';

const PUBLISHED = [
  { role: 'super_admin', email: 'superadmin@demo.it', password: 'SuperAdmin2026!' },
  { role: 'admin', email: 'admin@demo.it', password: 'Admin2026!' },
];

const base: Omit<BannerInput, 'demoLogins'> = {
  config: runtimeConfigFromEnv({}),
  apiPort: 3100,
  runtimeConfigFile: '/repo/.run/runtime-config.json',
};

describe('start banner', () => {
  it('prints the demo logins it is given, with their passwords', () => {
    const text = startBanner({ ...base, demoLogins: PUBLISHED });
    expect(text).toContain('Dashboard (shell):        http://localhost:3000');
    expect(text).toContain('    super_admin  superadmin@demo.it / SuperAdmin2026!');
    expect(text).toContain('    admin        admin@demo.it / Admin2026!');
    expect(text).not.toContain('nessuno');
    expect(text).toContain('Iscrizione clienti:       http://localhost:3001/loyalty-cards/create?business_id=default-business-id');
  });

  it('prints no password when no demo account exists, and names the configured super admin', () => {
    const text = startBanner({ ...base, demoLogins: [], superAdminEmail: 'titolare@negozio.example.it' });
    expect(text).not.toContain('@demo.it');
    expect(text).not.toContain('Admin2026!');
    expect(text).toContain('Accessi demo:             nessuno');
    // no demo shop: the link's shape, not a business that does not exist
    expect(text).not.toContain('default-business-id');
    expect(text).toContain("Iscrizione clienti:       http://localhost:3001/loyalty-cards/create?business_id=<id dell'attività>");
    expect(text).toContain('Super admin:              titolare@negozio.example.it (password: SUPERADMIN_PASSWORD)');
  });

  it('says why there is no demo login when the API refuses them (not a local try-out)', () => {
    const text = startBanner({ ...base, demoLogins: [], demoLoginsRefused: true });
    expect(text).not.toContain('@demo.it');
    expect(text).toContain("Accessi demo:             nessuno (disattivati: l'API o i server statici ascoltano oltre questa macchina, o NODE_ENV=production)");
  });
});

describe('start banner: the API process', () => {
  it("names the only API's pid, which `kill` restarts, and nothing when it is not known", () => {
    expect(startBanner({ ...base, demoLogins: [], apiPids: [4321] })).toContain('  API:                      http://127.0.0.1:3100/api  (documentazione: /api/docs; pid 4321)');
    expect(startBanner({ ...base, demoLogins: [] })).toContain('  API:                      http://127.0.0.1:3100/api  (documentazione: /api/docs)\n');
  });
});

describe('demo logins from the API', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banner-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps only the published accounts the API listed', () => {
    const file = path.join(dir, 'demo-accounts.json');
    fs.writeFileSync(file, JSON.stringify({ accounts: [{ role: 'admin', email: 'ADMIN@demo.it' }] }));
    expect(readDemoLogins(file, PUBLISHED)).toEqual([PUBLISHED[1]]);
  });

  it('lists none when the API wrote no list, an empty one or an unreadable one', () => {
    expect(readDemoLogins(path.join(dir, 'missing.json'), PUBLISHED)).toEqual([]);
    const empty = path.join(dir, 'empty.json');
    fs.writeFileSync(empty, JSON.stringify({ accounts: [] }));
    expect(readDemoLogins(empty, PUBLISHED)).toEqual([]);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"accounts": [');
    expect(readDemoLogins(broken, PUBLISHED)).toEqual([]);
  });

  it('tells when the API refuses the published passwords', () => {
    const refused = path.join(dir, 'refused.json');
    fs.writeFileSync(refused, JSON.stringify({ accounts: [], localTryOut: false }));
    expect(demoLoginsRefused(refused)).toBe(true);
    const local = path.join(dir, 'local.json');
    fs.writeFileSync(local, JSON.stringify({ accounts: [], localTryOut: true }));
    expect(demoLoginsRefused(local)).toBe(false);
    expect(demoLoginsRefused(path.join(dir, 'missing.json'))).toBe(false);
  });
});
