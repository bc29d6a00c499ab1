/**
 * What `npm start` prints once everything answers. The logins it shows are the ones that work: the API
 * writes, at start, the demo accounts of its database that still have their published password
 * (`DEMO_ACCOUNTS_FILE`, see api/src/seed/initial-data.ts); the start script never opens the database
 * (PGlite allows one process).
 */
import fs from 'node:fs';
import type { RuntimeConfigFile } from './runtime-config';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export interface BannerInput {
  config: Pick<RuntimeConfigFile, 'dashboardBaseUrl' | 'landingBaseUrl' | 'remotes'>;
  apiPort: number;
  /** API processes on ports apiPort, apiPort+1, … (`API_INSTANCES`). Default 1. */
  apiInstances?: number;
  /** Their process ids, in port order: what an operator signals to restart one (docs/deployment.md). */
  apiPids?: number[];
  runtimeConfigFile: string;
  /** Demo accounts that exist in the database with the password shown. */
  demoLogins: DemoLogin[];
  /** The API refuses published passwords here: not a local try-out (`demoLoginsRefused`). */
  demoLoginsRefused?: boolean;
  /** `SUPERADMIN_EMAIL`, when set: that account exists (the API creates it at start). */
  superAdminEmail?: string;
}

/**
 * The demo logins named in the API's file, with their published passwords from `published`
 * (`DEMO_ACCOUNTS`). A missing or unreadable file means none: better no line than a login that fails.
 */
export function readDemoLogins(file: string, published: readonly DemoLogin[]): DemoLogin[] {
  let existing: { email: string }[];
  try {
    existing = (JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: { email: string }[] }).accounts;
  } catch {
    return [];
  }
  const emails = new Set(existing.map((a) => a.email.toLowerCase()));
  return published.filter((a) => emails.has(a.email.toLowerCase()));
}

/**
 * True when the API wrote that this is no local try-out (something listens beyond this machine, or
 * NODE_ENV=production): the demo passwords are refused even where the database still has the accounts.
 */
export function demoLoginsRefused(file: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { localTryOut?: unknown }).localTryOut === false;
  } catch {
    return false;
  }
}

export function startBanner(input: BannerInput): string {
  const { config } = input;
  const lines = [
    'Piattaforma carte fedeltà avviata.',
    `  Dashboard (shell):        ${config.dashboardBaseUrl}`,
    // The demo shop's link only where demo data exists; otherwise the link's shape, with the business's id.
    `  Iscrizione clienti:       ${config.landingBaseUrl}/loyalty-cards/create?business_id=${input.demoLogins.length > 0 ? 'default-business-id' : "<id dell'attività>"}`,
    `  API:                      http://127.0.0.1:${input.apiPort}/api  (documentazione: /api/docs${(input.apiInstances ?? 1) <= 1 && input.apiPids?.length ? `; pid ${input.apiPids[0]}` : ''})`,
    ...((input.apiInstances ?? 1) > 1
      ? [
          `  Istanze API:              ${input.apiInstances} (porte ${input.apiPort}–${input.apiPort + input.apiInstances! - 1}), il proxy /api le alterna`,
          ...(input.apiPids?.length
            ? [`                            pid ${input.apiPids.join(', ')}: \`kill <pid>\` ne riavvia una, le altre rispondono`]
            : []),
        ]
      : []),
    `  Remote:                   ${Object.entries(config.remotes)
      .map(([n, u]) => `${n} ${u}`)
      .join('\n                            ')}`,
    `  Configurazione run-time:  ${input.runtimeConfigFile}`,
  ];
  if (input.superAdminEmail) {
    lines.push(`  Super admin:              ${input.superAdminEmail} (password: SUPERADMIN_PASSWORD)`);
  }
  if (input.demoLogins.length > 0) {
    lines.push('  Accessi demo:', ...input.demoLogins.map((a) => `    ${a.role.padEnd(12)} ${a.email} / ${a.password}`));
  } else if (input.demoLoginsRefused) {
    lines.push("  Accessi demo:             nessuno (disattivati: l'API o i server statici ascoltano oltre questa macchina, o NODE_ENV=production)");
  } else {
    lines.push('  Accessi demo:             nessuno (dati demo non creati: vedi SEED_DEMO in api/README.md)');
  }
  lines.push('Ctrl-C per fermare tutto.');
  return `\n${lines.join('\n')}`;
}
