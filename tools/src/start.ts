/**
 * `npm start`: production build of the six frontends (reused when their sources have not changed since the
 * last build, tools/src/build-stamp.ts; progress printed while it runs), then the API and one static server per
 * frontend, each on its own port. The composed dashboard answers at the shell's port; the landing remote alone
 * answers on its own port for customers. A child that stops is started again (tools/src/restart-policy.ts);
 * Ctrl-C stops everything.
 */
import path from 'node:path';
import { APPS, REPO_ROOT, apiInstances, apiPort, appPort, type AppName } from './apps';
import { demoLoginsRefused, readDemoLogins, startBanner, type DemoLogin } from './banner';
import { buildApps } from './build';
import { apiInstancePlan, startComposition } from './composition';
import { restartKind, superviseStart } from './restart-policy';
import { runtimeConfigPath } from './runtime-config';

const APP_NAMES = APPS.map((a) => a.name);

async function main() {
  const env = process.env;
  const ports = Object.fromEntries(APPS.map((a) => [a.name, appPort(a, env)]));
  const api = apiPort(env);
  const instances = apiInstancePlan(env, apiInstances(env));
  if (instances.notice) console.log(instances.notice);

  if (env.SKIP_BUILD !== '1') await buildApps(APPS, { mode: 'production' }, { reuse: true, progress: true });
  console.log(`Avvio dell'API${instances.count > 1 ? ` (${instances.count} istanze)` : ''} e dei sei server statici…`);

  const configFile = runtimeConfigPath(env);
  const supervision = superviseStart({ apiInstances: instances.count, appNames: APP_NAMES, log: (line) => console.log(line), error: (line) => console.error(line) });
  const composition = await startComposition({
    // NODE_ENV as the caller set it: production turns the demo logins off (a local try-out is not production).
    env,
    ports: ports as Record<AppName, number>,
    apiPort: api,
    apiInstances: instances.count,
    runtimeConfigFile: configFile,
    verbose: true,
    onSpawn: supervision.onSpawn,
  });
  supervision.started(composition);
  const { config } = composition;

  let published: DemoLogin[] = [];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    published = (require(path.join(REPO_ROOT, 'api', 'src', 'seed', 'demo.ts')) as { DEMO_ACCOUNTS: DemoLogin[] }).DEMO_ACCOUNTS;
  } catch {
    // no passwords to show: the banner then lists no demo login
  }

  console.log(
    startBanner({
      config,
      apiPort: api,
      apiInstances: instances.count,
      apiPids: [...composition.processes.values()].filter((p) => restartKind(p.name, APP_NAMES) === 'api').map((p) => p.child.pid!),
      runtimeConfigFile: configFile,
      demoLogins: readDemoLogins(composition.demoAccountsFile, published),
      demoLoginsRefused: demoLoginsRefused(composition.demoAccountsFile),
      superAdminEmail: env.SUPERADMIN_EMAIL?.trim() || undefined,
    }),
  );
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
