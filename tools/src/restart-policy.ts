/**
 * `npm start`'s rule for a child that stops (decision 055): an API instance among several, or a static server,
 * is started again while the rest answers. An exit 0 was asked for (SIGTERM: a rolling restart, README
 * «Distribuzione») and is not counted; crashes and kills are: a fourth within a minute stops everything, as does
 * a start that fails.
 */

export type ChildKind = 'api' | 'static';

export interface RestartPolicyOptions {
  /** Starts the child of that name again; resolves with its pid once it answers. */
  restart(name: string, kind: ChildKind): Promise<number | undefined>;
  /** True once everything is stopping (Ctrl-C): nothing is started again. */
  stopping(): boolean;
  log(line: string): void;
  error(line: string): void;
  /** Before starting again (default 1 s): a child that crashes at once does not spin. */
  pauseMs?: number;
  now?: () => number;
}

const what = (name: string, kind: ChildKind) => (kind === 'api' ? `Istanza ${name} dell'API` : `Server statico ${name}`);

/** Returns the handler for one child's exit: true when it was started again (or everything is stopping). */
export function createRestartPolicy(options: RestartPolicyOptions) {
  const now = options.now ?? Date.now;
  const restarts = new Map<string, number[]>();
  return async (name: string, kind: ChildKind, how: string): Promise<boolean> => {
    const asked = how === 'exit 0';
    const recent = (restarts.get(name) ?? []).filter((t) => t > now() - 60_000);
    const subject = what(name, kind);
    const api = kind === 'api';
    if (!asked && recent.length >= 3) {
      options.error(`${subject} ${api ? 'fermata' : 'fermato'} (${how}) per la quarta volta in un minuto; arresto di tutto.`);
      return false;
    }
    if (!asked) restarts.set(name, [...recent, now()]);
    options.error(
      asked
        ? api
          ? `${subject} arrestata su richiesta (exit 0): la riavvio con il codice attuale, le altre rispondono.`
          : `${subject} arrestato su richiesta (exit 0): lo riavvio.`
        : api
          ? `${subject} fermata (${how}): le altre rispondono, la riavvio.`
          : `${subject} fermato (${how}): lo riavvio; la sua parte della dashboard torna tra qualche secondo.`,
    );
    await new Promise((r) => setTimeout(r, options.pauseMs ?? 1000));
    if (options.stopping()) return true;
    try {
      const pid = await options.restart(name, kind);
      options.log(`${subject} di nuovo ${api ? 'attiva' : 'attivo'} (pid ${pid}).`);
      return true;
    } catch (err) {
      options.error(`${subject} non ${api ? 'riavviata' : 'riavviato'} (${(err as Error).message}); arresto di tutto.`);
      return false;
    }
  };
}
