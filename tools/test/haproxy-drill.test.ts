/**
 * The drill behind HAProxy (decision 081): three API processes on one PostgreSQL with Redis, behind
 * Debian's HAProxy running the shipped deploy/haproxy/haproxy.cfg as it is (only its environment differs: the
 * instances' addresses, the bind address, the secret). Under a steady load of reads and points writes:
 *   - api-1 is killed (SIGKILL) and started again, as systemd's Restart=on-failure does;
 *   - api-2 is drained (SIGTERM with SHUTDOWN_DRAIN_MS, as `systemctl restart` does) and started again;
 *   - api-3 is paused (SIGSTOP) for 10 s, then let go.
 * Afterwards: every read answered 200; every write answered 200 is in the ledger exactly once, no write refused
 * (the drain takes the instance out through its health check first: decision 081), and a write without an answer
 * (in flight on the killed instance at the kill) is in it at most once; the card's balance moved by exactly the
 * ledger rows. Figures are printed.
 *
 * Hosts: loopback ports on this machine, not network namespaces. `ip netns add` works here as root, but
 * PostgreSQL and Redis listen on 127.0.0.1 only, which a namespace cannot reach without reconfiguring them; so
 * the network cut of a host is played by SIGSTOP (its sockets stay open and silent, as behind a cut cable).
 * Skipped on a developer machine without haproxy, PostgreSQL or Redis; required on CI (CI set).
 * Ports: DRILL_PORT_BASE (default 6270) +20 HAProxy, +21…+23 the instances, +24 HAProxy's stats.
 */
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../api/src/seed/demo';
import { API_CLOSING_HEADER } from '../../api/src/closing';
import { REDIS_TEST_URL, redisReachable } from '../../api/test/helpers/redis';
import { spawnTs, waitForHttp, type Managed } from '../src/processes';
import { drillEnvironment, postgresAdminClient } from './helpers/postgres-admin';

jest.setTimeout(180_000);

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HAPROXY_CFG = path.join(REPO_ROOT, 'deploy', 'haproxy', 'haproxy.cfg');
const PORT_BASE = Number(process.env.DRILL_PORT_BASE || 6270);
const HAPROXY_PORT = PORT_BASE + 20;
const API_PORTS = [PORT_BASE + 21, PORT_BASE + 22, PORT_BASE + 23];
const STATS_PORT = PORT_BASE + 24;
const LB = `http://127.0.0.1:${HAPROXY_PORT}`;
const DRAIN_MS = 3000;
const PAUSE_MS = 10_000;
const CLIENTS = 6;
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

const figures: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const haproxyInstalled = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

interface Outcome {
  kind: 'read' | 'write';
  status: number | 'error';
  closing: boolean;
  description?: string;
  detail?: string;
  /** When it ended, in ms since the load began. */
  at: number;
}

/** The servers HAProxy counts UP, from its stats page (CSV). */
async function serversUp(): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${STATS_PORT}/stats;csv`);
  const rows = (await res.text()).split('\n').map((line) => line.split(','));
  return rows.filter((r) => r[0] === 'api' && r[1].startsWith('api-') && r[17] === 'UP').map((r) => r[1]);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

describe('drill: three API instances behind HAProxy with the shipped configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-drill-'));
  const dbName = `loyalty_lbdrill_${crypto.randomBytes(6).toString('hex')}`;
  let adminDb: (pg.Client & { adminUrl: string }) | null = null;
  let db: pg.Client | null = null;
  let haproxy: ChildProcess | null = null;
  let haproxyLog = '';
  const instances: (Managed | null)[] = [null, null, null];
  let apiEnv: NodeJS.ProcessEnv = {};
  let ready = false;

  const startInstance = async (i: number) => {
    instances[i] = spawnTs(`lb-api-${i + 1}`, path.join('api', 'src', 'server.ts'), [], { ...apiEnv, API_PORT: String(API_PORTS[i]) }, { quiet: true });
    await waitForHttp(`http://127.0.0.1:${API_PORTS[i]}/api/health`, 60_000);
  };
  const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)));
  /** Waits for a child to exit, SIGKILLing it after `ms`; no timer left behind. */
  const stopped = async (child: ChildProcess, ms: number) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    await exited(child);
    clearTimeout(timer);
  };

  beforeAll(async () => {
    adminDb = await postgresAdminClient();
    const redis = redisReachable();
    if (!adminDb || !redis || !haproxyInstalled) {
      const state = `haproxy ${haproxyInstalled ? 'ok' : 'not installed (apt-get install haproxy)'}, PostgreSQL ${adminDb ? 'ok' : 'unreachable'}, Redis ${redis ? 'ok' : `unreachable at ${REDIS_TEST_URL}`}`;
      if (process.env.CI) throw new Error(`The HAProxy drill needs haproxy, PostgreSQL and Redis when CI is set (${state})`);
      process.stdout.write(`\n# Esercitazione HAProxy saltata: ${state}\n`);
      return;
    }
    const started = Date.now();
    const secret = crypto.randomBytes(24).toString('hex');
    apiEnv = {
      ...(await drillEnvironment(adminDb, { database: dbName, dir, redisUrl: REDIS_TEST_URL, namespace: 'loyalty-lbdrill' })),
      PROXY_SECRET: secret,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // no messages are sent in this drill: the instances serve requests only
      WORKER_ENABLED: 'false',
    };
    // The first alone (migrations, demo data), then the others: what deploy/systemd's units do with After=.
    await startInstance(0);
    await Promise.all([startInstance(1), startInstance(2)]);

    haproxy = spawn('haproxy', ['-db', '-f', HAPROXY_CFG], {
      env: {
        PATH: process.env.PATH,
        API_1: `127.0.0.1:${API_PORTS[0]}`,
        API_2: `127.0.0.1:${API_PORTS[1]}`,
        API_3: `127.0.0.1:${API_PORTS[2]}`,
        PROXY_SECRET: secret,
        HAPROXY_BIND: `127.0.0.1:${HAPROXY_PORT}`,
        HAPROXY_STATS_BIND: `127.0.0.1:${STATS_PORT}`,
        HAPROXY_RUNTIME_SOCKET: path.join(dir, 'haproxy.sock'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // HAProxy's log (one line per request, and the servers' state changes): what was not a 200, kept for DRILL_VERBOSE.
    const keep = (chunk: Buffer) => {
      const notOk = chunk
        .toString()
        .split('\n')
        .filter((line) => line && !/ 200 \d+ /.test(line));
      haproxyLog = (haproxyLog + notOk.map((line) => `${line}\n`).join('')).slice(-50_000);
    };
    haproxy.stdout?.on('data', keep);
    haproxy.stderr?.on('data', keep);
    await waitUntil('HAProxy counts the three instances up', async () => (await serversUp()).length === 3);
    figures.push(`3 istanze dell'API e HAProxy avviati in ${((Date.now() - started) / 1000).toFixed(1)} s (porte su loopback: ${API_PORTS.join(', ')}; HAProxy ${HAPROXY_PORT})`);
    db = new pg.Client({ connectionString: apiEnv.DATABASE_URL });
    await db.connect();
    ready = true;
  });

  afterAll(async () => {
    for (const managed of instances) {
      if (!managed) continue;
      managed.child.kill('SIGCONT');
      managed.child.kill('SIGINT');
    }
    await Promise.all(instances.map((m) => (m ? stopped(m.child, 5000) : undefined)));
    if (haproxy) {
      haproxy.kill('SIGTERM');
      await stopped(haproxy, 3000);
    }
    await db?.end().catch(() => undefined);
    if (adminDb) {
      await adminDb.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await adminDb.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (figures.length > 0) process.stdout.write(`\n# Esercitazione dietro HAProxy (deploy/haproxy/haproxy.cfg), carico medio ${os.loadavg()[0].toFixed(2)}\n${figures.map((f) => `  - ${f}`).join('\n')}\n\n`);
  });

  it("answers /api only; a body over the API's limit gets the API's own Italian 413 through HAProxy", async () => {
    if (!ready) return;
    const big = await fetch(`${LB}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Richiesta troppo grande' });
    const outside = await fetch(`${LB}/index.html`);
    expect(outside.status).toBe(404);
    expect((await fetch(`${LB}/api/health`)).status).toBe(200);
  });

  it('under steady reads and writes, one instance killed, one drained and restarted, one paused 10 s: every read answered, every write applied once', async () => {
    if (!ready || !db) return;
    const login = await fetch(`${LB}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;
    const { rows } = await db.query<{ id: string; points: string }>(`SELECT id, points FROM loyalty_cards WHERE business_id = 'default-business-id' ORDER BY card_number LIMIT 1`);
    const card = rows[0];
    const auth = { authorization: `Bearer ${token}` };

    let running = true;
    const outcomes: Outcome[] = [];
    let sequence = 0;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const write = (i + n) % 2 === 0;
        const description = write ? `Esercitazione HAProxy ${++sequence}` : undefined;
        try {
          const res = write
            ? await fetch(`${LB}/api/loyalty-cards/${card.id}/points`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ points: 1, description }) })
            : await fetch(`${LB}/api/loyalty-cards/${card.id}`, { headers: auth });
          const text = await res.text();
          outcomes.push({ kind: write ? 'write' : 'read', status: res.status, closing: res.headers.has(API_CLOSING_HEADER), description, detail: res.status === 200 ? undefined : text.slice(0, 200), at: performance.now() - started });
        } catch (error) {
          const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
          const at = ((performance.now() - started) / 1000).toFixed(1);
          outcomes.push({ kind: write ? 'write' : 'read', status: 'error', closing: false, description, detail: `${(error as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''} a ${at} s`, at: performance.now() - started });
        }
      }
    };
    const started = performance.now();
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    const steps: string[] = [];
    const step = async (what: string, action: () => Promise<void>) => {
      const at = performance.now();
      await action();
      steps.push(`${what} ${((performance.now() - at) / 1000).toFixed(1)} s`);
    };

    await sleep(2000);
    steps.push(`inizio a ${((performance.now() - started) / 1000).toFixed(1)} s`);
    let killedAt = 0;
    await step('api-1 SIGKILL → riavviata e di nuovo in HAProxy in', async () => {
      const victim = instances[0]!.child;
      killedAt = performance.now() - started;
      victim.kill('SIGKILL');
      await exited(victim);
      await sleep(1000); // systemd's RestartSec=1
      await startInstance(0);
      await waitUntil('api-1 back in HAProxy', async () => (await serversUp()).includes('api-1'));
    });
    await sleep(1000);
    await step(`api-2 SIGTERM (drenaggio ${DRAIN_MS / 1000} s) → riavviata e di nuovo in HAProxy in`, async () => {
      const leaving = instances[1]!.child;
      leaving.kill('SIGTERM');
      await waitUntil('api-2 out of HAProxy', async () => !(await serversUp()).includes('api-2'), 5000);
      await exited(leaving);
      await startInstance(1);
      await waitUntil('api-2 back in HAProxy', async () => (await serversUp()).includes('api-2'));
    });
    await sleep(1000);
    await step(`api-3 SIGSTOP ${PAUSE_MS / 1000} s → di nuovo in HAProxy in`, async () => {
      const paused = instances[2]!.child;
      paused.kill('SIGSTOP');
      await waitUntil('api-3 out of HAProxy', async () => !(await serversUp()).includes('api-3'), 5000);
      await sleep(PAUSE_MS);
      paused.kill('SIGCONT');
      await waitUntil('api-3 back in HAProxy', async () => (await serversUp()).includes('api-3'));
    });
    await sleep(1000);
    running = false;
    await Promise.all(clients);
    const elapsed = performance.now() - started;

    const reads = outcomes.filter((o) => o.kind === 'read');
    const writes = outcomes.filter((o) => o.kind === 'write');
    const failedReads = reads.filter((o) => o.status !== 200);
    const applied = writes.filter((o) => o.status === 200);
    const refused = writes.filter((o) => o.status === 503 && o.closing);
    const unknown = writes.filter((o) => o.status !== 200 && !(o.status === 503 && o.closing));

    const ledger = await db.query<{ description: string; n: number }>(
      `SELECT description, count(*)::int AS n FROM points_ledger WHERE card_id = $1 AND description LIKE 'Esercitazione HAProxy %' GROUP BY description`,
      [card.id],
    );
    const rowsOf = new Map(ledger.rows.map((r) => [r.description, r.n]));
    const ledgerRows = ledger.rows.reduce((sum, r) => sum + r.n, 0);
    const balance = Number((await db.query<{ points: string }>(`SELECT points FROM loyalty_cards WHERE id = $1`, [card.id])).rows[0].points);
    const unknownApplied = unknown.filter((o) => rowsOf.get(o.description!) === 1).length;

    // Every read answered.
    expect(failedReads.map((o) => `${o.status} ${o.detail}`)).toEqual([]);
    // Every write answered 200 is in the ledger exactly once; every «riavvio» 503 is not in it; one without an
    // answer at most once; nothing else is in it.
    expect(applied.filter((o) => rowsOf.get(o.description!) !== 1).map((o) => o.description)).toEqual([]);
    expect(refused.filter((o) => rowsOf.has(o.description!)).map((o) => o.description)).toEqual([]);
    expect(unknown.filter((o) => (rowsOf.get(o.description!) ?? 0) > 1).map((o) => o.description)).toEqual([]);
    expect(ledgerRows).toBe(applied.length + unknownApplied);
    // No write met the drain's «riavvio»: HAProxy took the instance out while only its health check said so.
    expect(refused.length).toBe(0);
    // A write without an answer can only be one in flight on the instance killed, at the moment of the kill.
    expect(unknown.length).toBeLessThanOrEqual(CLIENTS);
    expect(unknown.filter((o) => o.at < killedAt || o.at > killedAt + 3000).map((o) => o.detail)).toEqual([]);
    expect(balance - Number(card.points)).toBe(ledgerRows);

    figures.push(`${steps.join('; ')}`);
    figures.push(
      `${outcomes.length} richieste da ${CLIENTS} client in ${(elapsed / 1000).toFixed(1)} s: ${reads.length} letture (non riuscite: ${failedReads.length}), ` +
        `${writes.length} aggiornamenti di punti — ${applied.length} risposti 200, ${refused.length} rifiutati col 503 «riavvio» (non applicati), ` +
        `${unknown.length} senza risposta (in corso sull'istanza uccisa; ${unknownApplied} applicati) — righe del registro ${ledgerRows}, saldo +${balance - Number(card.points)}`,
    );
    if (unknown.length > 0) figures.push(`senza risposta: ${unknown.map((o) => `${o.status} ${o.detail ?? ''}`.trim()).join(' | ')}`);
    if (process.env.DRILL_VERBOSE) process.stdout.write(haproxyLog);
  });
});
