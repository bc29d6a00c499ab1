/**
 * `npm start`: production build of the six frontends, then the API and one static server per frontend,
 * each on its own port. The composed dashboard answers at the shell's port; the landing remote alone
 * answers on its own port for customers. Ctrl-C stops everything.
 */
import path from 'node:path';
import { APPS, REPO_ROOT, apiPort, appPort, type AppName } from './apps';
import { buildApps } from './build';
import { startComposition } from './composition';
import { createSupervisor } from './processes';
import { runtimeConfigPath } from './runtime-config';

async function main() {
  const env = process.env;
  const ports = Object.fromEntries(APPS.map((a) => [a.name, appPort(a, env)]));
  const api = apiPort(env);

  if (env.SKIP_BUILD !== '1') {
    console.log('Build di produzione delle sei applicazioni frontend…');
    await buildApps(APPS, { mode: 'production' });
  }

  const configFile = runtimeConfigPath(env);
  const supervisor = createSupervisor();
  const composition = await startComposition({
    env: { ...env, NODE_ENV: 'production' },
    ports: ports as Record<AppName, number>,
    apiPort: api,
    runtimeConfigFile: configFile,
    verbose: true,
    onSpawn: (managed) => supervisor.add(managed),
  });
  const { config } = composition;

  let accounts: string;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { DEMO_ACCOUNTS } = require(path.join(REPO_ROOT, 'api', 'src', 'seed', 'demo.ts')) as {
      DEMO_ACCOUNTS: { role: string; email: string; password: string }[];
    };
    accounts = DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(12)} ${a.email} / ${a.password}`).join('\n');
  } catch {
    accounts = '    (vedi api/README.md)';
  }

  console.log(`
Piattaforma carte fedeltà avviata.
  Dashboard (shell):        ${config.dashboardBaseUrl}
  Iscrizione clienti:       ${config.landingBaseUrl}/loyalty-cards/create?business_id=default-business-id
  API:                      http://127.0.0.1:${api}/api  (documentazione: /api/docs)
  Remote:                   ${Object.entries(config.remotes).map(([n, u]) => `${n} ${u}`).join('\n                            ')}
  Configurazione run-time:  ${configFile}
  Accessi demo:
${accounts}
Ctrl-C per fermare tutto.`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
