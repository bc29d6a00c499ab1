/**
 * Section 11: the API with 1, 2 and 3 instances on one PostgreSQL behind `npm start`'s composition
 * (the static servers' /api proxy, tools/src/api-pool.ts), each count on a fresh database: the hello-world
 * ceiling, the page of 50 cards and the points update, through the proxy, and the same ceiling and page read
 * straight from the instances (one autocannon per instance at once, summed) to show what the proxy costs; and,
 * when Debian's HAProxy is installed, the same through it running the shipped deploy/haproxy/haproxy.cfg (the
 * environment the HAProxy drill gives it), so that "`npm start` keeps the Node proxy" (decision 081) has a figure.
 * Ports: apps BENCH_INSTANCES_PORT_BASE (default 6160) … +5, API instances +10 … +12, HAProxy +25, its stats +26.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { DEMO_ACCOUNTS } from '../../../api/src/seed/demo';
import { APPS, type AppName } from '../../../tools/src/apps';
import { generateProxySecret, startComposition } from '../../../tools/src/composition';
import { haproxyVersion as haproxyVersionLine, startHaproxy, type Haproxy } from '../../../tools/src/haproxy';
import { pct, section, target, type SectionReport, notMeasured } from '../report';
import { BENCH_BUSINESS_ID } from './seed';
import { DATABASE_PREFIX, POSTGRES_ADMIN_URL, postgresReachable, withAdmin } from './bench-server';
import { cannon, json, type Scenario } from './throughput';

const TITLE = '11. Più istanze dell’API (PostgreSQL, dietro il proxy)';
const PORT_BASE = Number(process.env.BENCH_INSTANCES_PORT_BASE || 6160);
const DURATION_S = Number(process.env.BENCH_API_SECONDS || 10);
const WARMUP_S = 2;
const COUNTS = [1, 2, 3];
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const HAPROXY_PORT = PORT_BASE + 25;
const HAPROXY_STATS_PORT = PORT_BASE + 26;
/** HAProxy's version line when it is installed, else null (the HAProxy columns are then left out). */
const haproxyVersion = (() => {
  const line = haproxyVersionLine();
  return line === null ? null : (/HAProxy version \S+/.exec(line)?.[0].replace(' version', '') ?? 'HAProxy');
})();

interface Figures {
  ceiling: number;
  read: number;
  p99Read: number;
  write: number;
}

interface Row {
  instances: number;
  direct: Figures;
  proxy: Figures;
  /** Through HAProxy with the shipped configuration; null when it is not installed. */
  haproxy: Figures | null;
  /** Ledger rows and balance against the 2xx answers of both points runs, in words. */
  writeOk: string;
  /** Both grew by exactly the 2xx count. */
  nothingLost: boolean;
}

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const rps = (r: { '2xx': number; duration: number }) => r['2xx'] / r.duration;

interface Run {
  ok: number;
  rps: number;
  p99: number;
}

/**
 * Runs `scenario` against every target at once (the 50 connections split; with `amount`, the requests too),
 * answers the summed 2xx, 2xx per second and the worst p99.
 */
async function run(targets: string[], scenario: Scenario, token: string, amount?: number): Promise<Run> {
  const each = { ...scenario, connections: Math.max(1, Math.round(50 / targets.length)) };
  if (!amount) await Promise.all(targets.map((url) => cannon(url, each, token, WARMUP_S)));
  const results = await Promise.all(targets.map((url) => cannon(url, each, token, DURATION_S, amount ? Math.ceil(amount / targets.length) : undefined)));
  return {
    ok: results.reduce((sum, r) => sum + r['2xx'], 0),
    rps: results.reduce((sum, r) => sum + rps(r), 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

/** The ceiling, the page read and (a fixed number of) points updates against `targets`; answers the figures and the points' 2xx. */
async function figures(targets: string[], scenarios: { hello: Scenario; read: Scenario; write: Scenario }, token: string): Promise<{ f: Figures; writes: number }> {
  const ceiling = await run(targets, scenarios.hello, token);
  const read = await run(targets, scenarios.read, token);
  const write = await run(targets, scenarios.write, token, Math.max(500, Math.round(ceiling.rps * DURATION_S * 0.05)));
  return { f: { ceiling: ceiling.rps, read: read.rps, p99Read: read.p99, write: write.rps }, writes: write.ok };
}

async function measure(count: number, redis: boolean, log: (line: string) => void): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instances-'));
  const name = `${DATABASE_PREFIX}_inst_${crypto.randomBytes(5).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const root = path.join(dir, 'root');
  fs.mkdirSync(root);
  const apiPorts = Array.from({ length: count }, (_, i) => PORT_BASE + 10 + i);
  // One secret for the static servers' proxy and HAProxy: the instances believe the X-Forwarded-For of both.
  const secret = generateProxySecret();
  const composition = await startComposition({
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      NODE_ENV: 'development',
      PROXY_SECRET: secret,
      ...(redis ? { REDIS_URL, REDIS_NAMESPACE: `loyalty-bench-${crypto.randomBytes(4).toString('hex')}:` } : {}),
    },
    ports: Object.fromEntries(APPS.map((a, i) => [a.name, PORT_BASE + i])) as Record<AppName, number>,
    apiPort: apiPorts[0],
    apiInstances: count,
    apiEntry: path.join('bench', 'src', 'api', 'server.ts'),
    runtimeConfigFile: path.join(dir, 'runtime-config.json'),
    roots: Object.fromEntries(APPS.map((a) => [a.name, root])),
  });
  let haproxy: Haproxy | null = null;
  try {
    const proxy = `http://localhost:${PORT_BASE}`;
    const instances = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    const { token } = await json<{ token: string }>(`${proxy}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const page = await json<{ items: { id: string }[] }>(`${proxy}/api/loyalty-cards/business/${BENCH_BUSINESS_ID}?limit=500`, { headers: { authorization: `Bearer ${token}` } });
    const hello: Scenario = { name: 'hello', kind: 'ceiling', path: '/api/bench/hello' };
    const read: Scenario = { name: 'pagina di 50 carte', kind: 'read', path: `/api/loyalty-cards/business/${BENCH_BUSINESS_ID}?limit=50&offset=0`, withToken: true };
    const write: Scenario = {
      name: 'POST punti (+1)',
      kind: 'write',
      method: 'POST',
      path: `/api/loyalty-cards/${page.items[0].id}/points`,
      paths: page.items.map((c) => `/api/loyalty-cards/${c.id}/points`),
      body: JSON.stringify({ points: 1, description: 'bench istanze' }),
      withToken: true,
    };
    const totals = () => json<{ ledger: number; points: number }>(`${instances[0]}/bench/totals`);
    const before = await totals();
    const direct = await figures(instances, { hello, read, write }, token);
    const proxied = await figures([proxy], { hello, read, write }, token);
    let throughHaproxy: Awaited<ReturnType<typeof figures>> | null = null;
    if (haproxyVersion) {
      // The shipped file, only its environment ours; its request log (one line per request) to /dev/null.
      haproxy = await startHaproxy({
        servers: apiPorts.map((port) => `127.0.0.1:${port}`),
        secret,
        bind: `127.0.0.1:${HAPROXY_PORT}`,
        statsBind: `127.0.0.1:${HAPROXY_STATS_PORT}`,
        socket: path.join(dir, 'haproxy.sock'),
      });
      throughHaproxy = await figures([`http://127.0.0.1:${HAPROXY_PORT}`], { hello, read, write }, token);
    }
    const after = await totals();
    const writes = direct.writes + proxied.writes + (throughHaproxy?.writes ?? 0);
    const rows = after.ledger - before.ledger;
    const points = Math.round(after.points - before.points);
    const nothingLost = rows === writes && points === writes;
    const writeOk = `${writes} 2xx → ${rows} righe, +${points} punti${nothingLost ? '' : ' (DISCREPANZA)'}`;
    const row: Row = { instances: count, direct: direct.f, proxy: proxied.f, haproxy: throughHaproxy?.f ?? null, writeOk, nothingLost };
    const line = (f: Figures) => `tetto ${f.ceiling.toFixed(0)} req/s, pagina ${f.read.toFixed(0)} (${pct(f.read / f.ceiling)}), punti ${f.write.toFixed(0)} (${pct(f.write / f.ceiling)})`;
    const viaHaproxy = throughHaproxy ? `; HAProxy ${line(throughHaproxy.f)}` : '';
    log(`  ${count} istanz${count === 1 ? 'a' : 'e'}: diretto ${line(direct.f)}; proxy ${line(proxied.f)}${viaHaproxy}; ${writeOk}; carico ${os.loadavg()[0].toFixed(2)}`);
    return row;
  } finally {
    if (haproxy) await haproxy.stop();
    await composition.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function instancesScale(log: (line: string) => void): Promise<SectionReport> {
  const problem = await postgresReachable();
  if (problem) return notMeasured(TITLE, problem);
  const redis = await redisReachable();
  const report = section(TITLE);
  report.method.push(
    `per 1, 2 e 3 istanze: database PostgreSQL nuovo, la composizione di \`npm start\` (API_INSTANCES) con il server del bench come API (buildApp + /api/bench/hello), ${redis ? 'REDIS_URL impostato' : 'senza Redis (non raggiungibile)'}, seed demo + 2 000 carte`,
    `autocannon 50 connessioni, ${DURATION_S} s dopo ${WARMUP_S} s di riscaldamento; punti: numero fisso di richieste (5% del tetto × durata, minimo 500; durata a 0,1 s), poi righe del registro e saldi contati`,
    'proxy: lo stesso attraverso il proxy /api del server statico della shell (un processo Node, il pool di tools/src/api-pool.ts)',
    'diretto: un autocannon per istanza nello stesso momento (50 connessioni e richieste divise), req/s sommati: quello che le istanze danno senza il proxy (come un bilanciatore esterno)',
    haproxyVersion
      ? `HAProxy: lo stesso attraverso ${haproxyVersion} con deploy/haproxy/haproxy.cfg così com'è (l'ambiente dell'esercitazione: API_n, PROXY_SECRET, HAPROXY_BIND; il log di ogni richiesta su /dev/null), sulla stessa macchina, dopo il proxy`
      : 'HAProxy: non installato (apt-get install haproxy), colonne omesse',
    'rapporto = req/s ÷ tetto (hello world) con lo stesso numero di istanze, nella stessa esecuzione',
  );
  report.notes.push(`macchina: ${os.cpus().length} core; carico medio all'inizio ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  const rows: Row[] = [];
  for (const count of COUNTS) {
    try {
      rows.push(await measure(count, redis, log));
    } catch (error) {
      report.notes.push(`${count} istanze non misurate: ${(error as Error).message}`);
    }
  }
  if (rows.length === 0) return notMeasured(TITLE, report.notes.join('; '));
  const first = rows[0];
  const cells = (f: Figures) => [f.ceiling.toFixed(0), f.read.toFixed(0), pct(f.read / f.ceiling), `${f.p99Read} ms`, f.write.toFixed(0), pct(f.write / f.ceiling)];
  report.tables.push({
    head: ['istanze', 'tetto', 'pagina 50', 'vs tetto', 'p99', 'punti', 'vs tetto', 'pagina vs 1 ist.', '| proxy: tetto', 'pagina 50', 'vs tetto', 'p99', 'punti', 'vs tetto'],
    rows: rows.map((r) => [String(r.instances), ...cells(r.direct), `×${(r.direct.read / first.direct.read).toFixed(2)}`, ...cells(r.proxy)]),
  });
  if (rows.some((r) => r.haproxy)) {
    // Each pass-through against the direct figures of the same run: what each front costs.
    const of = (f: Figures, direct: Figures) => [f.ceiling.toFixed(0), pct(f.ceiling / direct.ceiling), f.read.toFixed(0), pct(f.read / direct.read), `${f.p99Read} ms`, f.write.toFixed(0), pct(f.write / direct.write)];
    report.tables.push({
      head: ['istanze', 'proxy Node: tetto', 'vs diretto', 'pagina 50', 'vs diretto', 'p99', 'punti', 'vs diretto', '| HAProxy: tetto', 'vs diretto', 'pagina 50', 'vs diretto', 'p99', 'punti', 'vs diretto'],
      rows: rows.filter((r) => r.haproxy).map((r) => [String(r.instances), ...of(r.proxy, r.direct), ...of(r.haproxy!, r.direct)]),
    });
  }
  for (const r of rows) report.notes.push(`${r.instances} istanze, punti: ${r.writeOk}`);
  report.notes.push(`carico medio alla fine ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  const one = rows.find((r) => r.instances === 1);
  if (one) report.targets.push(target('punti con 1 istanza, diretto: ≥ 10% del tetto, nulla perso', one.direct.write / one.direct.ceiling >= 0.1 && one.nothingLost, `${pct(one.direct.write / one.direct.ceiling)}; ${one.writeOk}`));
  report.targets.push(target('nessun punto perso con 2 e 3 istanze', rows.every((r) => r.nothingLost), rows.map((r) => `${r.instances}: ${r.writeOk}`).join('; ')));
  return report;
}
