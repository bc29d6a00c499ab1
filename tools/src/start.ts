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
  // With several API instances, one that stops is started again while the others answer (the proxy skips
  // it meanwhile); one that cannot be started again stops everything, as a single API's exit always does.
  let composition: Composition | undefined = undefined;
  const restarts = new Map<string, number[]>();
  const restartInstance = async (name: string, how: string): Promise<boolean> => {
    if (!composition) return false; // stopped while starting: as a single API's start failing
    // An instance that exits 0 was asked to (SIGTERM: a rolling restart, README «Distribuzione») and closed
    // cleanly: started again, not counted. Crashes and kills count: a fourth within a minute stops everything.
    const asked = how === 'exit 0';
    const recent = (restarts.get(name) ?? []).filter((t) => t > Date.now() - 60_000);
    if (!asked && recent.length >= 3) {
      console.error(`Istanza ${name} dell'API fermata (${how}) per la quarta volta in un minuto; arresto di tutto.`);
      return false;
    }
    if (!asked) restarts.set(name, [...recent, Date.now()]);
    console.error(
      asked
        ? `Istanza ${name} dell'API arrestata su richiesta (exit 0): la riavvio con il codice attuale, le altre rispondono.`
        : `Istanza ${name} dell'API fermata (${how}): le altre rispondono, la riavvio.`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    if (supervisor.stopping) return true;
    try {
      const restarted = await composition.restartApi(name);
      console.log(`Istanza ${name} dell'API di nuovo attiva (pid ${restarted.child.pid}).`);
      return true;
    } catch (err) {
      console.error(`Istanza ${name} dell'API non riavviata (${(err as Error).message}); arresto di tutto.`);
      return false;
    }
  };
  composition = await startComposition({
    env: { ...env, NODE_ENV: 'production' },
    ports: ports as Record<AppName, number>,
    apiPort: api,
    apiInstances: instances.count,
    runtimeConfigFile: configFile,
    verbose: true,
    onSpawn: (managed) =>
      supervisor.add(managed, instances.count > 1 && isApiInstance(managed.name) ? (how) => restartInstance(managed.name, how) : undefined),
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
