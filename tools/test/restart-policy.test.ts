/** `npm start`'s rule for a child that stops (tools/src/restart-policy.ts): started again, within a budget. */
import { createRestartPolicy, type ChildKind } from '../src/restart-policy';

function setUp(restart: (name: string, kind: ChildKind) => Promise<number | undefined> = async () => 4242) {
  const lines: string[] = [];
  let clock = 1_000_000;
  let stopping = false;
  const handle = createRestartPolicy({
    restart,
    stopping: () => stopping,
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
  };
}

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
    expect(lines.at(-1)).toBe("Istanza api-2 dell'API fermata (exit 1) per la quarta volta in un minuto; arresto di tutto.");
    tick(61_000);
    expect(await handle('api-2', 'api', 'SIGKILL')).toBe(true);
    // each child has its own count
    expect(await handle('shell', 'static', 'exit 1')).toBe(true);
  });

  it('does not count an asked-for exit (exit 0, a rolling restart)', async () => {
    const { handle, lines } = setUp();
    for (let i = 0; i < 6; i++) expect(await handle('api', 'api', 'exit 0')).toBe(true);
    expect(lines[0]).toBe("Istanza api dell'API arrestata su richiesta (exit 0): la riavvio con il codice attuale, le altre rispondono.");
    expect(await handle('admin', 'static', 'exit 0')).toBe(true);
    expect(lines.at(-2)).toBe('Server statico admin arrestato su richiesta (exit 0): lo riavvio.');
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
});
