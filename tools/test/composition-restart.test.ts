/**
 * `npm start`'s composition on its defaults — one API on the embedded PGlite — with `npm start`'s watch: the API
 * process killed is started again on its port, with its data and its sessions, while the static servers answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fillWithMigratedDatabase } from '../../api/test/helpers/database-templates';
import { APPS, type AppName } from '../src/apps';
import { startComposition, type Composition } from '../src/composition';
import { superviseStart, type StartSupervision } from '../src/restart-policy';

jest.setTimeout(180_000);

// Above the three-instance composition's ports (INSTANCES_TEST_PORT_BASE +0…+12) and below the drill's.
const PORT_BASE = Number(process.env.INSTANCES_TEST_PORT_BASE || 6250) + 13;
const API_PORT = PORT_BASE + 6;
const SHELL = `http://localhost:${PORT_BASE}`;
const ADMIN = { email: 'titolare@example.it', password: 'Riavvio-2026-prova!' };

describe('npm start composition with its one API on PGlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'composition-restart-'));
  const lines: string[] = [];
  let composition: Composition;
  let supervision: StartSupervision;
  let exit: jest.SpyInstance;
  let before: Record<'SIGINT' | 'SIGTERM', NodeJS.SignalsListener[]>;

  beforeAll(async () => {
    before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    // the watch ends with process.exit, as `npm start` does: here it must only stop the children
    exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    supervision = superviseStart({ apiInstances: 1, appNames: APPS.map((a) => a.name), log: (l) => lines.push(l), error: (l) => lines.push(l) });
    const root = path.join(dir, 'root');
    fs.mkdirSync(root);
    // What is proven is the restart, not a first start: the folder holds the migrated database already.
    fillWithMigratedDatabase(path.join(dir, 'data'));
    composition = await startComposition({
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'development', SUPERADMIN_EMAIL: ADMIN.email, SUPERADMIN_PASSWORD: ADMIN.password },
      ports: Object.fromEntries(APPS.map((a, i) => [a.name, PORT_BASE + i])) as Record<AppName, number>,
      apiPort: API_PORT,
      runtimeConfigFile: path.join(dir, 'runtime-config.json'),
      roots: Object.fromEntries(APPS.map((a) => [a.name, root])),
      onSpawn: supervision.onSpawn,
    });
    supervision.started(composition);
  });
  afterAll(async () => {
    if (supervision && !supervision.stopping) {
      supervision.shutdown(0);
      const deadline = Date.now() + 30_000;
      while (exit.mock.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    }
    jest.restoreAllMocks();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.off(signal, listener); // the watch's only
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = () => fetch(`${SHELL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: JSON.stringify(ADMIN) });

  it('starts the killed API again on its port, with its data and sessions, while the static servers answer', async () => {
    const first = await login();
    expect(first.status).toBe(200);
    const { token } = (await first.json()) as { token: string };
    const killed = composition.processes.get('api')!.child;
    killed.kill('SIGKILL');

    // meanwhile the dashboard's own server answers, and its /api says the API is unreachable
    await new Promise((r) => killed.once('exit', r));
    expect((await fetch(`${SHELL}/runtime-config.json`)).status).toBe(200);
    expect((await fetch(`${SHELL}/api/health`, { headers: { connection: 'close' } })).status).toBeGreaterThanOrEqual(500);

    const deadline = Date.now() + 120_000;
    while (!lines.some((l) => l.startsWith('API di nuovo attiva')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const restarted = composition.processes.get('api')!.child;
    expect(lines).toEqual(["L'API si è fermata (SIGKILL): la riavvio; per qualche secondo la dashboard segnala un errore di connessione.", `API di nuovo attiva (pid ${restarted.pid}).`]);
    expect(restarted.pid).not.toBe(killed.pid);
    expect(exit).not.toHaveBeenCalled();

    // the same database (PGlite reopened after the kill) and the same signing secret
    expect((await login()).status).toBe(200);
    expect((await fetch(`${SHELL}/api/business`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } })).status).toBe(200);
  });
});
