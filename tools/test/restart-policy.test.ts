/** `npm start`'s rule for a child that stops (tools/src/restart-policy.ts): started again, within a budget. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS } from '../src/apps';
import { spawnTs, stopAll, type Managed } from '../src/processes';
import { createRestartPolicy, restartKind, superviseStart, type ChildKind, type StartSupervision } from '../src/restart-policy';

function setUp(restart: (name: string, kind: ChildKind) => Promise<number | undefined> = async () => 4242, apiInstances = 3) {
  const lines: string[] = [];
  let clock = 1_000_000;
  let stopping = false;
  let ready = true;
  const handle = createRestartPolicy({
    restart,
    stopping: () => stopping,
    ready: () => ready,
    apiInstances,
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    pauseMs: 0,
    now: () => clock,
  });
  return {
    handle,
    lines,
    tick: (ms: number) => (clock += ms),
    stop: () => (stopping = true),
    starting: () => (ready = false),
  };
}

const APP_NAMES = APPS.map((a) => a.name);

describe('npm start restart policy', () => {
  it('starts a crashed static server again and says so in Italian', async () => {
    const started: string[] = [];
    const { handle, lines } = setUp(async (name, kind) => (started.push(`${kind} ${name}`), 77));
    expect(await handle('cards', 'static', 'SIGKILL')).toBe(true);
    expect(started).toEqual(['static cards']);
    expect(lines).toEqual(['Server statico cards fermato (SIGKILL): lo riavvio; la sua parte della dashboard torna tra qualche secondo.', 'Server statico cards di nuovo attivo (pid 77).']);
  });

  it('stops everything at the fourth crash within a minute, not at the fourth within more', async () => {
    const { handle, lines, tick } = setUp();
    for (let i = 0; i < 3; i++) expect(await handle('api-2', 'api', 'exit 1')).toBe(true);
    expect(await handle('api-2', 'api', 'exit 1')).toBe(false);
    expect(lines.at(-1)).toBe("Istanza api-2 dell'API fermata (exit 1) per la quarta volta in un minuto; arresto di tutto. La causa è nei messaggi [api-2] qui sopra.");
    tick(61_000);
    expect(await handle('api-2', 'api', 'SIGKILL')).toBe(true);
    // each child has its own count
    expect(await handle('shell', 'static', 'exit 1')).toBe(true);
  });

  it('starts the only API again, without speaking of other instances, and stops at its fourth crash within a minute', async () => {
    const started: string[] = [];
    const { handle, lines } = setUp(async (name, kind) => (started.push(`${kind} ${name}`), 91), 1);
    expect(await handle('api', 'api', 'SIGKILL')).toBe(true);
    expect(started).toEqual(['api api']);
    expect(lines).toEqual(["L'API si è fermata (SIGKILL): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.", 'API di nuovo attiva (pid 91).']);
    expect(await handle('api', 'api', 'exit 1')).toBe(true);
    expect(await handle('api', 'api', 'exit 1')).toBe(true);
    expect(await handle('api', 'api', 'exit 1')).toBe(false);
    expect(started).toHaveLength(3);
    expect(lines.at(-1)).toBe("L'API si è fermata (exit 1) per la quarta volta in un minuto; arresto di tutto. La causa è nei messaggi [api] qui sopra.");
  });

  it('does not count an asked-for exit (exit 0, a rolling restart)', async () => {
    const { handle, lines } = setUp();
    for (let i = 0; i < 6; i++) expect(await handle('api', 'api', 'exit 0')).toBe(true);
    expect(lines[0]).toBe("Istanza api dell'API arrestata su richiesta (exit 0): la riavvio con il codice attuale, le altre rispondono.");
    expect(await handle('admin', 'static', 'exit 0')).toBe(true);
    expect(lines.at(-2)).toBe('Server statico admin arrestato su richiesta (exit 0): lo riavvio.');
    const alone = setUp(async () => 5, 1);
    expect(await alone.handle('api', 'api', 'exit 0')).toBe(true);
    expect(alone.lines[0]).toBe("L'API si è arrestata su richiesta (exit 0): la riavvio con il codice attuale.");
  });

  it('stops everything when the start fails, and starts nothing once everything is stopping', async () => {
    const failing = setUp(async () => {
      throw new Error('porta occupata');
    });
    expect(await failing.handle('landing', 'static', 'SIGKILL')).toBe(false);
    expect(failing.lines.at(-1)).toBe('Server statico landing non riavviato (porta occupata); arresto di tutto.');

    const started: string[] = [];
    const stopping = setUp(async (name) => (started.push(name), 1));
    stopping.stop();
    expect(await stopping.handle('shell', 'static', 'SIGKILL')).toBe(true);
    expect(started).toEqual([]);
  });

  it('stops everything at once when a child stops before the product is up', async () => {
    const started: string[] = [];
    const early = setUp(async (name) => (started.push(name), 1), 1);
    early.starting();
    expect(await early.handle('api', 'api', 'exit 1')).toBe(false);
    expect(started).toEqual([]);
    expect(early.lines).toEqual(["L'API si è fermata (exit 1) durante l'avvio; arresto di tutto. La causa è nei messaggi [api] qui sopra."]);
  });

  it('watches every API instance, the only one included, and each frontend’s own server', () => {
    expect(restartKind('api', APP_NAMES)).toBe('api');
    expect(restartKind('api-3', APP_NAMES)).toBe('api');
    expect(restartKind('cards', APP_NAMES)).toBe('static');
    expect(restartKind('cards@6300', APP_NAMES)).toBeUndefined(); // a drill's second root of a frontend
    expect(restartKind('apiary', APP_NAMES)).toBeUndefined();
  });
});

describe('npm start supervision of real processes', () => {
  // Each child is a real Node process with tsx: about half a second to start on a quiet machine, more on a busy one.
  jest.setTimeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-policy-'));
  // Stays up until killed; with CRASH=1 it exits with code 1 as soon as it starts.
  const script = path.join(dir, 'child.js');
  fs.writeFileSync(script, "if (process.env.CRASH === '1') process.exit(1);\nsetInterval(() => undefined, 1000);\n");
  const children: Managed[] = [];
  const spawn = (name: string, env: NodeJS.ProcessEnv = {}) => {
    const managed = spawnTs(name, script, [], { ...process.env, ...env });
    children.push(managed);
    return managed;
  };
  let before: Record<'SIGINT' | 'SIGTERM', NodeJS.SignalsListener[]>;
  let exit: jest.SpyInstance;
  let running: StartSupervision | undefined;
  const until = async (what: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!what()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeEach(() => {
    before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    // everything this test started stops as on Ctrl-C, before process.exit is real again
    if (running && !running.stopping) {
      running.shutdown(0);
      await until(() => exit.mock.calls.length > 0);
    }
    running = undefined;
    jest.restoreAllMocks();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.off(signal, listener); // the supervisor's only
    }
    await stopAll(children.splice(0), { killAfterMs: 1000 });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const alive = (m: Managed) => m.child.exitCode === null && m.child.signalCode === null;

  /** `npm start`'s watch, with a composition that starts each child again as the real one does (a new process, watched). */
  function start(crashOnRestart: boolean) {
    const lines: string[] = [];
    const supervision = superviseStart({ apiInstances: 1, appNames: APP_NAMES, log: (l) => lines.push(l), error: (l) => lines.push(l), pauseMs: 50 });
    const restarted: Managed[] = [];
    const again = async (name: string) => {
      const managed = spawn(name, crashOnRestart ? { CRASH: '1' } : {});
      supervision.onSpawn(managed);
      restarted.push(managed);
      return managed;
    };
    const api = spawn('api');
    const shell = spawn('shell');
    supervision.onSpawn(api);
    supervision.onSpawn(shell);
    supervision.started({ restartApi: again, restartApp: again });
    running = supervision;
    return { supervision, lines, restarted, api, shell };
  }

  it('starts the only API process again when it is killed, and everything else keeps running', async () => {
    const { supervision, lines, restarted, api, shell } = start(false);
    api.child.kill('SIGKILL');
    await until(() => lines.some((l) => l.startsWith('API di nuovo attiva')));
    expect(restarted).toHaveLength(1);
    expect(restarted[0].child.pid).not.toBe(api.child.pid);
    expect(alive(restarted[0])).toBe(true);
    expect(alive(shell)).toBe(true);
    expect(lines).toEqual([
      "L'API si è fermata (SIGKILL): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.",
      `API di nuovo attiva (pid ${restarted[0].child.pid}).`,
    ]);
    expect(supervision.stopping).toBe(false);
    expect(exit).not.toHaveBeenCalled();

    // the process started again is watched too
    restarted[0].child.kill('SIGKILL');
    await until(() => restarted.length === 2 && lines.length === 4);
    expect(alive(restarted[1])).toBe(true);
  });

  it('stops everything, saying why, when the API crashes a fourth time within a minute', async () => {
    const { supervision, lines, restarted, api, shell } = start(true);
    const shellExited = new Promise((r) => shell.child.once('exit', r));
    api.child.kill('SIGKILL');
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledWith(1);
    expect(supervision.stopping).toBe(true);
    await shellExited; // the static server is stopped with the rest
    expect(restarted).toHaveLength(3); // started again three times, each crashing at once
    expect(lines.filter((l) => l.startsWith("L'API si è fermata"))).toEqual([
      "L'API si è fermata (SIGKILL): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.",
      "L'API si è fermata (exit 1): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.",
      "L'API si è fermata (exit 1): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.",
      "L'API si è fermata (exit 1) per la quarta volta in un minuto; arresto di tutto. La causa è nei messaggi [api] qui sopra.",
    ]);
  });
});
