/**
 * `npm start`: production build of the six frontends (reused when their sources have not changed since the
 * last build, tools/src/build-stamp.ts), then the API and one static server per frontend, each on its own port. The composed dashboard answers at the shell's port; the landing remote alone
 * answers on its own port for customers. Ctrl-C stops everything.
 */
import path from 'node:path';
import { APPS, REPO_ROOT, apiInstances, apiPort, appPort, type AppName } from './apps';
import { readDemoLogins, startBanner, type DemoLogin } from './banner';
import { buildApps } from './build';
import { apiInstancePlan, startComposition, type Composition } from './composition';
import { createSupervisor } from './processes';
import { createRestartPolicy } from './restart-policy';
import { runtimeConfigPath } from './runtime-config';

/** The composition names its API processes `api`, `api-2`, … (tools/src/composition.ts). */
const isApiInstance = (name: string) => /^api(-\d+)?$/.test(name);

async function main() {
  const env = process.env;
  const ports = Object.fromEntries(APPS.map((a) => [a.name, appPort(a, env)]));
  const api = apiPort(env);
  const instances = apiInstancePlan(env, apiInstances(env));
  if (instances.notice) console.log(instances.notice);

  if (env.SKIP_BUILD !== '1') {
    console.log('Build di produzione delle sei applicazioni frontend (riusata se i sorgenti non sono cambiati)…');
    await buildApps(APPS, { mode: 'production' }, { reuse: true });
  }

  const configFile = runtimeConfigPath(env);
  const supervisor = createSupervisor();
  // A static server that stops, or an API instance among several, is started again while the rest answers
  // (tools/src/restart-policy.ts); one that cannot be started again stops everything, as the only API's exit does.
  let composition: Composition | undefined = undefined;
  const restartChild = createRestartPolicy({
    async restart(name, kind) {
      if (!composition) throw new Error('avvio non ancora concluso');
      const restarted = kind === 'api' ? await composition.restartApi(name) : await composition.restartApp(name as AppName);
      return restarted.child.pid;
    },
    stopping: () => supervisor.stopping,
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  });
  composition = await startComposition({
    env: { ...env, NODE_ENV: 'production' },
    ports: ports as Record<AppName, number>,
    apiPort: api,
    apiInstances: instances.count,
    runtimeConfigFile: configFile,
    verbose: true,
    onSpawn: (managed) => {
      // static servers: `name` or `name@port` (a second root); only the first kind is the frontend's own
      const app = APPS.find((a) => a.name === managed.name);
      if (app) return supervisor.add(managed, (how) => restartChild(app.name, 'static', how));
      return supervisor.add(managed, instances.count > 1 && isApiInstance(managed.name) ? (how) => restartChild(managed.name, 'api', how) : undefined);
    },
  });
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
      apiPids: [...composition.processes.values()].filter((p) => isApiInstance(p.name)).map((p) => p.child.pid!),
      runtimeConfigFile: configFile,
      demoLogins: readDemoLogins(composition.demoAccountsFile, published),
      superAdminEmail: env.SUPERADMIN_EMAIL?.trim() || undefined,
    }),
  );
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
