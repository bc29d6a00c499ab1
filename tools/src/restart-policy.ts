/**
 * `npm start`'s rule for a child that stops: every API instance (the only one, or one of several) and each
 * frontend's static server is started again while the rest goes on answering. An exit 0 was asked for (SIGTERM:
 * a rolling restart, docs/deployment.md) and is not counted; crashes and kills are: a fourth within a minute
 * stops everything with a message saying so, as does a start that fails. A child that stops before the whole
 * product is up stops everything at once: there is nothing yet to keep answering.
 */
import type { AppName } from './apps';
import type { Composition } from './composition';
import { createSupervisor, type Managed } from './processes';

export type ChildKind = 'api' | 'static';

export interface RestartPolicyOptions {
  /** Starts the child of that name again; resolves with its pid once it answers. */
  restart(name: string, kind: ChildKind): Promise<number | undefined>;
  /** True once everything is stopping (Ctrl-C): nothing is started again. */
  stopping(): boolean;
  /** False until every child has answered once (default: always true). */
  ready?: () => boolean;
  /** API processes this start runs: with one, its messages do not speak of "the others". */
  apiInstances: number;
  log(line: string): void;
  error(line: string): void;
  /** Before starting again (default 1 s): a child that crashes at once does not spin. */
  pauseMs?: number;
  now?: () => number;
}

/** The children `npm start` starts again, by the name the composition gives them (tools/src/composition.ts). */
export function restartKind(name: string, appNames: readonly string[]): ChildKind | undefined {
  if (/^api(-\d+)?$/.test(name)) return 'api';
  // a frontend's own server; a second root of one (`name@port`, only the drills start those) is not watched
  if (appNames.includes(name)) return 'static';
  return undefined;
}

/** The Italian sentences about one child, agreed in gender with their subject. */
function wording(name: string, kind: ChildKind, apiInstances: number) {
  if (kind === 'static') {
    const subject = `Server statico ${name}`;
    return {
      stopped: (how: string) => `${subject} fermato (${how})`,
      restarting: (how: string) => `${subject} fermato (${how}): lo riavvio; la sua parte della dashboard torna tra qualche secondo.`,
      asked: `${subject} arrestato su richiesta (exit 0): lo riavvio.`,
      back: (pid: number | undefined) => `${subject} di nuovo attivo (pid ${pid}).`,
      notRestarted: (why: string) => `${subject} non riavviato (${why}); arresto di tutto.`,
    };
  }
  if (apiInstances > 1) {
    const subject = `Istanza ${name} dell'API`;
    return {
      stopped: (how: string) => `${subject} fermata (${how})`,
      restarting: (how: string) => `${subject} fermata (${how}): le altre rispondono, la riavvio.`,
      asked: `${subject} arrestata su richiesta (exit 0): la riavvio con il codice attuale, le altre rispondono.`,
      back: (pid: number | undefined) => `${subject} di nuovo attiva (pid ${pid}).`,
      notRestarted: (why: string) => `${subject} non riavviata (${why}); arresto di tutto.`,
    };
  }
  return {
    stopped: (how: string) => `L'API si è fermata (${how})`,
    restarting: (how: string) => `L'API si è fermata (${how}): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.`,
    asked: "L'API si è arrestata su richiesta (exit 0): la riavvio con il codice attuale.",
    back: (pid: number | undefined) => `API di nuovo attiva (pid ${pid}).`,
    notRestarted: (why: string) => `L'API non è ripartita (${why}); arresto di tutto.`,
  };
}

/** Returns the handler for one child's exit: true when it was started again (or everything is stopping). */
export function createRestartPolicy(options: RestartPolicyOptions) {
  const now = options.now ?? Date.now;
  const restarts = new Map<string, number[]>();
  return async (name: string, kind: ChildKind, how: string): Promise<boolean> => {
    const say = wording(name, kind, options.apiInstances);
    if (options.ready && !options.ready()) {
      options.error(`${say.stopped(how)} durante l'avvio; arresto di tutto. La causa è nei messaggi [${name}] qui sopra.`);
      return false;
    }
    const asked = how === 'exit 0';
    const recent = (restarts.get(name) ?? []).filter((t) => t > now() - 60_000);
    if (!asked && recent.length >= 3) {
      options.error(`${say.stopped(how)} per la quarta volta in un minuto; arresto di tutto. La causa è nei messaggi [${name}] qui sopra.`);
      return false;
    }
    if (!asked) restarts.set(name, [...recent, now()]);
    options.error(asked ? say.asked : say.restarting(how));
    await new Promise((r) => setTimeout(r, options.pauseMs ?? 1000));
    if (options.stopping()) return true;
    try {
      const pid = await options.restart(name, kind);
      options.log(say.back(pid));
      return true;
    } catch (err) {
      options.error(say.notRestarted((err as Error).message));
      return false;
    }
  };
}

export interface StartSupervision {
  /** Watches each child as the composition starts it (`startComposition`'s `onSpawn`). */
  onSpawn(managed: Managed): void;
  /** Once everything answers: from then on a child that stops is started again through `composition`. */
  started(composition: Pick<Composition, 'restartApi' | 'restartApp'>): void;
  readonly stopping: boolean;
  /** Stops every child, then exits with `code` (what Ctrl-C does). */
  shutdown(code: number): void;
}

/**
 * `npm start`'s watch over its children: the supervisor (Ctrl-C stops everything) with the restart rule above.
 * Printing goes to `log`/`error` (the console in `npm start`).
 */
export function superviseStart(options: Pick<RestartPolicyOptions, 'apiInstances' | 'log' | 'error' | 'pauseMs'> & { appNames: readonly AppName[] }): StartSupervision {
  const supervisor = createSupervisor();
  let composition: Pick<Composition, 'restartApi' | 'restartApp'> | undefined;
  const restartChild = createRestartPolicy({
    ...options,
    async restart(name, kind) {
      if (!composition) throw new Error('avvio non ancora concluso');
      const restarted = kind === 'api' ? await composition.restartApi(name) : await composition.restartApp(name as AppName);
      return restarted.child.pid;
    },
    stopping: () => supervisor.stopping,
    ready: () => composition !== undefined,
  });
  return {
    onSpawn(managed) {
      const kind = restartKind(managed.name, options.appNames);
      supervisor.add(managed, kind ? (how) => restartChild(managed.name, kind, how) : undefined);
    },
    started(ready) {
      composition = ready;
    },
    get stopping() {
      return supervisor.stopping;
    },
    shutdown: (code) => supervisor.shutdown(code),
  };
}
