/**
 * The drill behind HAProxy (decision 081): three API processes on one PostgreSQL with Redis, behind
 * Debian's HAProxy running the shipped deploy/haproxy/haproxy.cfg as it is (only its environment differs: the
 * instances' addresses, the bind address, the secret). Under a steady load of reads and points writes:
 *   - api-1 is killed (SIGKILL) and started again, as systemd's Restart=on-failure does;
 *   - api-2 is drained (SIGTERM with SHUTDOWN_DRAIN_MS, as `systemctl restart` does) and started again;
 *   - api-3's network is cut for 10 s (its cable pulled: `ip link set … down` on its veth), then mended.
 * Each write carries its own Idempotency-Key and, like a real client's, is sent again with that key while it gets no
 * answer (in flight on the killed instance, on the silent one, a 502/503/504 of HAProxy's, a timeout).
 * Afterwards: every read answered 200; every write answered 200 in the end and is in the ledger exactly once with
 * its key, however many times it was sent; no write refused by the drain's «riavvio» (the drain takes the
 * instance out through its health check first: decision 081); ledger rows = writes = the card's balance change.
 * Figures are printed (requests, retries, writes, ledger rows), with the mode that ran and the drill's duration.
 *
 * Hosts: network namespaces made here (`ip netns`, root): one per API instance and one for HAProxy, each with a
 * veth on a bridge of the drill's own (names and a private 10.77.N.0/24 derived from DRILL_PORT_BASE, so that
 * parallel drills never collide; what a killed earlier run left is removed at the start, everything in afterAll).
 * PostgreSQL and Redis stay on 127.0.0.1 as configured: the namespaces reach them through TCP forwarders in this
 * process on the bridge's address. Instances that listen beyond loopback get no demo data and refuse its published
 * passwords (decision 060), so one instance started first on loopback migrates and seeds, and the drill gives the
 * admin a password of its own, as an operator would. The load comes from this process through the bridge.
 * Fallback (DRILL_NETNS=0, or `ip netns` not allowed): loopback ports on this machine, the cut played by SIGSTOP
 * (its sockets stay open and silent, as behind a cut cable); the printed figures say which mode ran and why.
 * Skipped on a developer machine without haproxy, PostgreSQL or Redis; required on CI (CI set).
 * Ports: DRILL_PORT_BASE (default 6270) +20 HAProxy, +21…+23 the instances, +24 HAProxy's stats, +25 and +26 the
 * forwarders to PostgreSQL and Redis (namespace mode; +21 is also the preparing instance on loopback).
 */
import crypto from 'node:crypto';
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../api/src/seed/demo';
import { API_CLOSING_HEADER } from '../../api/src/closing';
import { REDIS_TEST_URL, redisReachable } from '../../api/test/helpers/redis';
import { haproxyVersion, startHaproxy, type Haproxy } from '../src/haproxy';
import { spawnTs, waitForHttp, type Managed } from '../src/processes';
import { drillEnvironment, postgresAdminClient } from './helpers/postgres-admin';

jest.setTimeout(180_000);

const PORT_BASE = Number(process.env.DRILL_PORT_BASE || 6270);
const HAPROXY_PORT = PORT_BASE + 20;
const API_PORTS = [PORT_BASE + 21, PORT_BASE + 22, PORT_BASE + 23];
const STATS_PORT = PORT_BASE + 24;
const DRAIN_MS = 3000;
const PAUSE_MS = 10_000;
const CLIENTS = 6;
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

const figures: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const haproxyInstalled = haproxyVersion() !== null;

/*
 * The hosts as network namespaces: names and a private /24 derived from DRILL_PORT_BASE, so that two drills
 * with different bases never share a namespace, a link or an address. The machine's side of the bridge (.1)
 * is where the namespaces reach PostgreSQL and Redis, through forwarders to their 127.0.0.1.
 */
const TAG = `lbd${PORT_BASE}`;
const SUBNET = `10.77.${Math.floor(PORT_BASE / 10) % 256}`;
const BRIDGE = `${TAG}br`;
const MACHINE_ADDR = `${SUBNET}.1`;
const PROXY_HOST = { namespace: `${TAG}-proxy`, link: `${TAG}p`, address: `${SUBNET}.2` };
const API_HOSTS = [1, 2, 3].map((n) => ({ namespace: `${TAG}-api${n}`, link: `${TAG}a${n}`, address: `${SUBNET}.${10 + n}` }));
const PG_FORWARD_PORT = PORT_BASE + 25;
const REDIS_FORWARD_PORT = PORT_BASE + 26;

function ip(...args: string[]): void {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip ${args.join(' ')}: ${(result.stderr || result.error?.message || `exit ${result.status}`).trim()}`);
}

/** Removes the drill's namespaces (ending what still runs in them: a killed earlier run's instances) and links. */
function removeNetwork(): void {
  const listed = (spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout ?? '').split('\n').map((line) => line.split(' ')[0]);
  for (const { namespace } of [PROXY_HOST, ...API_HOSTS]) {
    if (!listed.includes(namespace)) continue;
    const pids = (spawnSync('ip', ['netns', 'pids', namespace], { encoding: 'utf8' }).stdout ?? '').split(/\s+/).filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    spawnSync('ip', ['netns', 'del', namespace], { stdio: 'ignore' });
  }
  for (const link of [BRIDGE, PROXY_HOST.link, ...API_HOSTS.map((h) => h.link)]) spawnSync('ip', ['link', 'del', link], { stdio: 'ignore' });
}

/** A bridge on the machine (.1), and a namespace per host joined to it by a veth pair (its end is the host's eth0). */
function createNetwork(): void {
  ip('link', 'add', BRIDGE, 'type', 'bridge', 'forward_delay', '0');
  ip('addr', 'add', `${MACHINE_ADDR}/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  for (const host of [PROXY_HOST, ...API_HOSTS]) {
    ip('netns', 'add', host.namespace);
    ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.namespace);
    ip('link', 'set', host.link, 'master', BRIDGE);
    ip('link', 'set', host.link, 'up');
    ip('-n', host.namespace, 'addr', 'add', `${host.address}/24`, 'dev', 'eth0');
    ip('-n', host.namespace, 'link', 'set', 'eth0', 'up');
    ip('-n', host.namespace, 'link', 'set', 'lo', 'up');
  }
}

/** A TCP forwarder on the machine: from `listen` (the bridge's address) to a server listening on 127.0.0.1 only. */
function forwarder(listenHost: string, listenPort: number, target: URL, defaultPort: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || defaultPort), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return {
    listen: () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(listenPort, listenHost, () => resolve())),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One request as sent: a read, or one try of a write. */
interface Attempt {
  status: number | 'error';
  closing: boolean;
  replayed?: boolean;
  detail?: string;
  /** When it ended, in ms since the load began. */
  at: number;
}

interface Outcome {
  kind: 'read' | 'write';
  /** A read is sent once (HAProxy retries it); a write as often as it goes without an answer, with one key. */
  attempts: Attempt[];
  description?: string;
  key?: string;
}

/*
 * A write is sent again, with the same Idempotency-Key, when it got no answer from the API: the connection
 * failed or was reset, HAProxy answered 502/503/504 for it (its instance died or went silent), the drain's
 * «riavvio» (never applied; counted apart and expected never to happen), or no answer within WRITE_TIMEOUT_MS.
 * Any other answer is final. At most WRITE_TRIES tries within WRITE_BUDGET_MS of the first, as a counter's
 * app would before telling the cashier.
 */
const WRITE_TRIES = 10;
const WRITE_BUDGET_MS = 30_000;
const WRITE_TIMEOUT_MS = 8000;
const noAnswer = (a: Attempt) => a.status === 'error' || a.status === 502 || a.status === 503 || a.status === 504;

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
  let haproxy: Haproxy | null = null;
  let haproxyLog = '';
  const instances: (Managed | null)[] = [null, null, null];
  let apiEnv: NodeJS.ProcessEnv = {};
  let ready = false;
  const drillStarted = Date.now();
  /** Network namespaces as hosts, or (DRILL_NETNS=0, or `ip netns` not allowed) ports on loopback. */
  let namespaces = false;
  let modeLine = '';
  let forwarders: ReturnType<typeof forwarder>[] = [];
  let adminPassword = admin.password;
  let LB = `http://127.0.0.1:${HAPROXY_PORT}`;
  const instanceAddress = (i: number) => (namespaces ? API_HOSTS[i].address : '127.0.0.1');

  /** The servers HAProxy counts UP, from its stats page (CSV). */
  const serversUp = async (): Promise<string[]> => (haproxy ? haproxy.serversUp() : []);

  const startInstance = async (i: number) => {
    const env = { ...apiEnv, API_PORT: String(API_PORTS[i]) };
    if (namespaces) {
      // Through the forwarders on the machine's side of the bridge; listening on the host's own address.
      const database = new URL(apiEnv.DATABASE_URL!);
      database.hostname = MACHINE_ADDR;
      database.port = String(PG_FORWARD_PORT);
      const redis = new URL(apiEnv.REDIS_URL!);
      redis.hostname = MACHINE_ADDR;
      redis.port = String(REDIS_FORWARD_PORT);
      Object.assign(env, { DATABASE_URL: database.toString(), REDIS_URL: redis.toString(), API_HOST: API_HOSTS[i].address });
    }
    const via = namespaces ? ['ip', 'netns', 'exec', API_HOSTS[i].namespace] : undefined;
    instances[i] = spawnTs(`lb-api-${i + 1}`, path.join('api', 'src', 'server.ts'), [], env, { quiet: true, via });
    await waitForHttp(`http://${instanceAddress(i)}:${API_PORTS[i]}/api/health`, 60_000);
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
    if (process.env.DRILL_NETNS === '0') {
      modeLine = 'host: porte su loopback (ripiego scelto con DRILL_NETNS=0); taglio di rete simulato con SIGSTOP';
    } else {
      try {
        removeNetwork(); // what a killed earlier run with the same DRILL_PORT_BASE left
        createNetwork();
        namespaces = true;
        modeLine = `host: namespace di rete (ip netns) ${[PROXY_HOST, ...API_HOSTS].map((h) => `${h.namespace} ${h.address}`).join(', ')} sul bridge ${BRIDGE} ${MACHINE_ADDR}/24; taglio di rete vero (ip link set … down)`;
      } catch (error) {
        removeNetwork();
        modeLine = `host: porte su loopback (ripiego: ip netns non consentito qui — ${(error as Error).message}); taglio di rete simulato con SIGSTOP`;
      }
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
    if (namespaces) {
      // PostgreSQL and Redis listen on 127.0.0.1 only; the namespaces reach them through the bridge's address.
      forwarders = [
        forwarder(MACHINE_ADDR, PG_FORWARD_PORT, new URL(apiEnv.DATABASE_URL!), 5432),
        forwarder(MACHINE_ADDR, REDIS_FORWARD_PORT, new URL(apiEnv.REDIS_URL!), 6379),
      ];
      await Promise.all(forwarders.map((f) => f.listen()));
      // Instances listening beyond loopback neither seed the demo data nor accept its published passwords
      // (decision 060), as on real hosts: one start on this machine's loopback migrates and seeds, and the admin
      // gets a password of its own, as an operator gives it before opening the instances to the network (before
      // they start: each ends the sessions of the accounts that still have a published one). The hosts start
      // while it stops.
      const preparing = spawnTs('lb-prepare', path.join('api', 'src', 'server.ts'), [], { ...apiEnv, API_PORT: String(API_PORTS[0]) }, { quiet: true });
      const local = `http://127.0.0.1:${API_PORTS[0]}`;
      const ownPassword = async () => {
        const login = await fetch(`${local}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
        const { token } = (await login.json()) as { token: string };
        adminPassword = `Esercitazione-${crypto.randomBytes(9).toString('hex')}`;
        const changed = await fetch(`${local}/api/auth/change-password`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ currentPassword: admin.password, newPassword: adminPassword }),
        });
        if (changed.status !== 200) throw new Error(`change-password: ${changed.status} ${await changed.text()}`);
      };
      const stopPreparing = () => {
        preparing.child.kill('SIGINT');
        return stopped(preparing.child, 5000);
      };
      try {
        await waitForHttp(`${local}/api/health`, 60_000);
        await ownPassword();
      } catch (error) {
        await stopPreparing();
        throw error;
      }
      await Promise.all([stopPreparing(), startInstance(0), startInstance(1), startInstance(2)]);
    } else {
      // The first alone (migrations, demo data), then the others: what deploy/systemd's units do with After=.
      await startInstance(0);
      await Promise.all([startInstance(1), startInstance(2)]);
    }
    const proxyAddress = namespaces ? PROXY_HOST.address : '127.0.0.1';
    LB = `http://${proxyAddress}:${HAPROXY_PORT}`;
    // HAProxy's log (one line per request, and the servers' state changes): what was not a 200, kept for DRILL_VERBOSE.
    const keep = (chunk: Buffer) => {
      const notOk = chunk
        .toString()
        .split('\n')
        .filter((line) => line && !/ 200 \d+ /.test(line));
      haproxyLog = (haproxyLog + notOk.map((line) => `${line}\n`).join('')).slice(-50_000);
    };
    haproxy = await startHaproxy({
      servers: API_PORTS.map((port, i) => `${instanceAddress(i)}:${port}`),
      secret,
      bind: `${proxyAddress}:${HAPROXY_PORT}`,
      statsBind: `${proxyAddress}:${STATS_PORT}`,
      socket: path.join(dir, 'haproxy.sock'),
      via: namespaces ? ['ip', 'netns', 'exec', PROXY_HOST.namespace] : [],
      onOutput: keep,
    });
    figures.push(modeLine);
    figures.push(`3 istanze dell'API e HAProxy avviati in ${((Date.now() - started) / 1000).toFixed(1)} s (istanze ${API_PORTS.map((port, i) => `${instanceAddress(i)}:${port}`).join(', ')}; HAProxy ${proxyAddress}:${HAPROXY_PORT})`);
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
      await haproxy.stop();
    }
    await Promise.all(forwarders.map((f) => f.close()));
    if (namespaces) removeNetwork();
    await db?.end().catch(() => undefined);
    if (adminDb) {
      await adminDb.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await adminDb.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (figures.length > 0) figures.push(`durata dell'esercitazione ${((Date.now() - drillStarted) / 1000).toFixed(1)} s`);
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
    const login = await fetch(`${LB}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: adminPassword }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;
    const { rows } = await db.query<{ id: string; points: string }>(`SELECT id, points FROM loyalty_cards WHERE business_id = 'default-business-id' ORDER BY card_number LIMIT 1`);
    const card = rows[0];
    const auth = { authorization: `Bearer ${token}` };

    let running = true;
    const outcomes: Outcome[] = [];
    let sequence = 0;
    const run = crypto.randomBytes(6).toString('hex');
    const attempt = async (send: (signal?: AbortSignal) => Promise<Response>, timeoutMs?: number): Promise<Attempt> => {
      try {
        const res = await send(timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs));
        const text = await res.text();
        return {
          status: res.status,
          closing: res.headers.has(API_CLOSING_HEADER),
          replayed: res.headers.get('idempotent-replay') === 'true',
          detail: res.status === 200 ? undefined : text.slice(0, 200),
          at: performance.now() - started,
        };
      } catch (error) {
        const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
        const at = ((performance.now() - started) / 1000).toFixed(1);
        return { status: 'error', closing: false, detail: `${(error as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''} a ${at} s`, at: performance.now() - started };
      }
    };
    /** One write as a client makes it: its own key, sent again with that key until it gets an answer. */
    const write = async (): Promise<Outcome> => {
      const n = ++sequence;
      const outcome: Outcome = { kind: 'write', attempts: [], description: `Esercitazione HAProxy ${n}`, key: `esercitazione-${run}-${n}` };
      const body = JSON.stringify({ points: 1, description: outcome.description });
      const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': outcome.key! };
      const first = performance.now();
      for (let tries = 0; tries < WRITE_TRIES; tries++) {
        const left = WRITE_BUDGET_MS - (performance.now() - first);
        if (left <= 0) break;
        const tried = await attempt((signal) => fetch(`${LB}/api/loyalty-cards/${card.id}/points`, { method: 'POST', headers, body, signal }), Math.min(WRITE_TIMEOUT_MS, left));
        outcome.attempts.push(tried);
        if (!noAnswer(tried)) break;
        await sleep(Math.min(2000, 100 * 2 ** tries)); // a short backoff: HAProxy takes a silent instance out within a second
      }
      return outcome;
    };
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        if ((i + n) % 2 === 0) outcomes.push(await write());
        else outcomes.push({ kind: 'read', attempts: [await attempt(() => fetch(`${LB}/api/loyalty-cards/${card.id}`, { headers: auth }))] });
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
    await step('api-1 SIGKILL → riavviata e di nuovo in HAProxy in', async () => {
      const victim = instances[0]!.child;
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
    await step(`api-3 ${namespaces ? 'rete tagliata (ip link set down)' : 'SIGSTOP'} ${PAUSE_MS / 1000} s → di nuovo in HAProxy in`, async () => {
      const paused = instances[2]!.child;
      // A real cut of the host's cable: its connections stay open and silent, and TCP resends once it is back.
      const cut = namespaces ? () => ip('link', 'set', API_HOSTS[2].link, 'down') : () => paused.kill('SIGSTOP');
      const mend = namespaces ? () => ip('link', 'set', API_HOSTS[2].link, 'up') : () => paused.kill('SIGCONT');
      cut();
      try {
        await waitUntil('api-3 out of HAProxy', async () => !(await serversUp()).includes('api-3'), 5000);
        await sleep(PAUSE_MS);
      } finally {
        mend();
      }
      await waitUntil('api-3 back in HAProxy', async () => (await serversUp()).includes('api-3'));
    });
    await sleep(1000);
    running = false;
    await Promise.all(clients);
    const elapsed = performance.now() - started;

    const reads = outcomes.filter((o) => o.kind === 'read');
    const writes = outcomes.filter((o) => o.kind === 'write');
    const last = (o: Outcome) => o.attempts[o.attempts.length - 1];
    const failedReads = reads.filter((o) => last(o).status !== 200);
    const unanswered = writes.filter((o) => last(o).status !== 200);
    const retried = writes.filter((o) => o.attempts.length > 1);
    const tries = writes.flatMap((o) => o.attempts);
    const retries = tries.length - writes.length;
    const refused = tries.filter((a) => a.status === 503 && a.closing);
    const replayed = writes.filter((o) => last(o).replayed);
    const requests = reads.length + tries.length;

    const ledger = await db.query<{ description: string; idempotency_key: string | null; n: number }>(
      `SELECT description, idempotency_key, count(*)::int AS n FROM points_ledger
        WHERE card_id = $1 AND description LIKE 'Esercitazione HAProxy %' GROUP BY description, idempotency_key`,
      [card.id],
    );
    const rowsOf = new Map<string, { key: string | null; n: number }[]>();
    for (const r of ledger.rows) rowsOf.set(r.description, [...(rowsOf.get(r.description) ?? []), { key: r.idempotency_key, n: r.n }]);
    const ledgerRows = ledger.rows.reduce((sum, r) => sum + r.n, 0);
    const balance = Number((await db.query<{ points: string }>(`SELECT points FROM loyalty_cards WHERE id = $1`, [card.id])).rows[0].points);

    // Every read answered.
    expect(failedReads.map((o) => `${last(o).status} ${last(o).detail}`)).toEqual([]);
    // Every write answered 200 in the end, sent again with its key while it had no answer.
    expect(unanswered.map((o) => `${o.description}: ${o.attempts.map((a) => `${a.status} ${a.detail ?? ''}`.trim()).join(' → ')}`)).toEqual([]);
    // Each write in the ledger exactly once, with its key, however many times it was sent; nothing else in it.
    const notOnce = writes.filter((o) => {
      const rows = rowsOf.get(o.description!) ?? [];
      return rows.length !== 1 || rows[0].n !== 1 || rows[0].key !== o.key;
    });
    expect(notOnce.map((o) => `${o.description}: ${JSON.stringify(rowsOf.get(o.description!) ?? [])} after ${o.attempts.length} tries`)).toEqual([]);
    expect(ledgerRows).toBe(writes.length);
    expect(balance - Number(card.points)).toBe(ledgerRows);
    // No write met the drain's «riavvio»: HAProxy took the instance out while only its health check said so.
    expect(refused.length).toBe(0);

    const reasons = new Map<string, number>();
    for (const a of tries.filter(noAnswer)) {
      const reason = a.status === 'error' ? (/aborted|timeout/i.test(a.detail ?? '') ? `nessuna risposta in ${WRITE_TIMEOUT_MS / 1000} s` : 'connessione interrotta') : `${a.status}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    figures.push(`${steps.join('; ')}`);
    figures.push(
      `${requests} richieste da ${CLIENTS} client in ${(elapsed / 1000).toFixed(1)} s: ${reads.length} letture (non riuscite: ${failedReads.length}), ` +
        `${writes.length} aggiornamenti di punti con la loro Idempotency-Key in ${tries.length} invii — ${retries} ripetuti con la stessa chiave ` +
        `(${retried.length} aggiornamenti; invii senza risposta: ${[...reasons].map(([r, n]) => `${n} ${r}`).join(', ') || 'nessuno'}), ` +
        `${replayed.length} risposti come già registrati (idempotent-replay), ${refused.length} col 503 «riavvio» — ` +
        `tutti risposti 200: ${writes.length - unanswered.length}; righe del registro ${ledgerRows}, saldo +${balance - Number(card.points)}`,
    );
    if (retried.length > 0) {
      figures.push(`ripetuti: ${retried.map((o) => `${o.description}: ${o.attempts.map((a) => `${a.status}${a.replayed ? ' (già registrato)' : ''} a ${(a.at / 1000).toFixed(1)} s`).join(' → ')}`).join(' | ')}`);
    }
    if (process.env.DRILL_VERBOSE) process.stdout.write(haproxyLog);
  });
});
