/**
 * Section 1: API throughput with autocannon, each call next to a hello-world ceiling on the same server
 * in the same run, on PGlite and on PostgreSQL.
 */
import autocannon, { type RequestSpec } from 'autocannon';
import { DEMO_ACCOUNTS } from '../../../api/src/seed/demo';
import { ms, notMeasured, pct, section, target, type SectionReport } from '../report';
import { BENCH_BUSINESS_ID } from './seed';
import { postgresReachable, startBenchServer, type DatabaseKind } from './bench-server';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_API_SECONDS || 10);
const WARMUP_S = 2;
const LOGIN_CONNECTIONS = 4;
/** Pause between the login warm-up and its run: the warm-up's last hashes end first. */
const LOGIN_SETTLE_MS = 3000;
/** First port of the two bench servers (PGlite, PostgreSQL); BENCH_API_PORT moves them off a busy range. */
const PORT_BASE = Number(process.env.BENCH_API_PORT || 6150);
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const superAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'super_admin')!;

export interface Scenario {
  name: string;
  kind: 'ceiling' | 'login' | 'read' | 'write';
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  withToken?: boolean;
  /** Varies the path per request (points spread over many cards, as at a real counter). */
  paths?: string[];
  /** Varies the body per request (logins spread over several accounts). */
  bodies?: string[];
  /** A new `Idempotency-Key` per request: each one a new sale (decision 075). */
  keyed?: boolean;
  /** Default: CONNECTIONS. */
  connections?: number;
}

export interface ScenarioResult {
  database: DatabaseKind;
  name: string;
  kind: Scenario['kind'];
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  ratio: number;
}

export async function cannon(baseUrl: string, scenario: Scenario, token: string, seconds: number, amount?: number) {
  const headers: Record<string, string> = {};
  if (scenario.body) headers['content-type'] = 'application/json';
  if (scenario.withToken) headers.authorization = `Bearer ${token}`;
  let next = 0;
  const request: RequestSpec = { method: scenario.method ?? 'GET', path: scenario.path, headers, body: scenario.body };
  if (scenario.paths || scenario.bodies || scenario.keyed) {
    const { paths, bodies, keyed } = scenario;
    const run = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    request.setupRequest = (req) => {
      const i = next++;
      return {
        ...req,
        ...(paths ? { path: paths[i % paths.length] } : {}),
        ...(bodies ? { body: bodies[i % bodies.length] } : {}),
        ...(keyed ? { headers: { ...req.headers, 'idempotency-key': `bench-${run}-${i}` } } : {}),
      };
    };
  }
  // An amount-limited run stops at autocannon's next sample tick (every `sampleInt` ms, 1 000 by default), so with
  // the default its duration is the time taken rounded up to a whole second: a points run of 4.1-5 s read as
  // 10.0% of the ceiling, one of 5.1-6 s as 8.3% (N requests are 5% of the ceiling × 10 s, so ratio = 0.5 / seconds).
  // Ticks every 100 ms make it the time taken to within 0.1 s.
  const size = amount ? { amount, sampleInt: 100 } : { duration: seconds };
  return autocannon({ url: baseUrl, connections: scenario.connections ?? CONNECTIONS, timeout: 30, requests: [request], ...size });
}

/** Accounts the login run spreads over in turn: twice its connections, so one account never has the 4 attempts in flight that the lock refuses. */
const LOGIN_ACCOUNTS = 2 * LOGIN_CONNECTIONS;

/** LOGIN_ACCOUNTS admins made by the demo super admin through the API; their login bodies. */
async function loginAccounts(base: string): Promise<string[]> {
  const { token } = await json<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: superAdmin.email, password: superAdmin.password }) });
  const bodies: string[] = [];
  for (let i = 1; i <= LOGIN_ACCOUNTS; i++) {
    const account = { email: `bench-login-${i}@example.it`, password: `Bench-login-${i}-2026!` };
    await json(`${base}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...account, full_name: `Bench login ${i}`, role: 'admin' }),
    });
    bodies.push(JSON.stringify(account));
  }
  return bodies;
}

export async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Runs the scenarios (those `pick` keeps, all by default; the hello-world ceiling must be among them, first) on a
 * fresh bench server of `database`.
 */
export async function runOn(
  database: DatabaseKind,
  port: number,
  log: (line: string) => void,
  pick: (scenario: Scenario) => boolean = () => true,
): Promise<{ results: ScenarioResult[]; lost: string }> {
  const server = await startBenchServer(database, port);
  try {
    const base = server.url;
    const { token } = await json<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const auth = { authorization: `Bearer ${token}` };
    const page = await json<{ items: { id: string }[] }>(`${base}/api/loyalty-cards/business/${BENCH_BUSINESS_ID}?limit=500`, { headers: auth });
    const cardIds = page.items.map((c) => c.id);
    // The login accounts cost a production argon2 hash each: made only when the login run is kept.
    const logins = pick({ name: 'POST /auth/login', kind: 'login', path: '/api/auth/login' }) ? await loginAccounts(base) : [];

    const allScenarios: Scenario[] = [
      { name: 'hello world (tetto)', kind: 'ceiling', path: '/bench/hello' },
      { name: 'GET /auth/me', kind: 'read', path: '/api/auth/me', withToken: true },
      { name: 'pagina di 50 carte', kind: 'read', path: `/api/loyalty-cards/business/${BENCH_BUSINESS_ID}?limit=50&offset=0`, withToken: true },
      { name: 'statistiche panoramica', kind: 'read', path: `/api/loyalty-cards/business/${BENCH_BUSINESS_ID}/stats`, withToken: true },
      {
        name: 'POST punti (+1)',
        kind: 'write',
        method: 'POST',
        path: `/api/loyalty-cards/${cardIds[0]}/points`,
        paths: cardIds.map((id) => `/api/loyalty-cards/${id}/points`),
        body: JSON.stringify({ points: 1, description: 'bench' }),
        withToken: true,
      },
      // A sale at the counter (decision 075): 1,00 € at «1 punto ogni 1 €» is +1 point, so the same count proves
      // nothing lost; confirmed, since the cards are few and a card's sales come seconds apart.
      {
        name: 'POST vendita (1,00 €)',
        kind: 'write',
        method: 'POST',
        path: `/api/loyalty-cards/${cardIds[0]}/sales`,
        paths: cardIds.map((id) => `/api/loyalty-cards/${id}/sales`),
        body: JSON.stringify({ amount: '1.00', confirm: true }),
        keyed: true,
        withToken: true,
      },
      // Last, so the hashes still queued when it ends cannot slow another call; as many connections as
      // argon2 runs at once (libuv's 4 threads), more would only queue. Over LOGIN_ACCOUNTS accounts: one address
      // counts each attempt as a failure until it succeeds (3 failures lock the address for 5 minutes, features/users/login.ts), so 4 logins at once
      // to one account would measure the lock's 429s, not the hashing.
      {
        name: 'POST /auth/login',
        kind: 'login',
        method: 'POST',
        path: '/api/auth/login',
        body: logins[0],
        bodies: logins,
        connections: LOGIN_CONNECTIONS,
      },
    ];
    const scenarios = allScenarios.filter(pick);

    // The sale scenario's rule: «1 punto ogni 1 €», and no promotion (the demo's doubles Tuesdays' points), so a sale
    // is +1 point whatever the day and the balances prove nothing lost.
    await json(`${base}/api/rewards/business/${BENCH_BUSINESS_ID}/program`, { method: 'PUT', headers: auth, body: JSON.stringify({ earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 }) });
    for (const promotion of await json<{ id: string }[]>(`${base}/api/rewards/business/${BENCH_BUSINESS_ID}/promotions`, { headers: auth })) {
      const gone = await fetch(`${base}/api/rewards/promotions/${promotion.id}`, { method: 'DELETE', headers: auth });
      if (!gone.ok) throw new Error(`DELETE promozione ${promotion.id}: ${gone.status} ${await gone.text()}`);
    }
    const results: ScenarioResult[] = [];
    let ceiling = NaN;
    let lost = '';
    for (const scenario of scenarios) {
      const before = scenario.kind === 'write' ? await json<{ ledger: number; points: number }>(`${base}/bench/totals`) : null;
      if (scenario.kind !== 'write') await cannon(base, scenario, token, WARMUP_S);
      // The warm-up ends with logins still hashing or queued on the server (autocannon only closes its sockets):
      // measured at once, the run's first attempts found this address's place in the hashing queue taken and got
      // 429 (48 of 133 in a trial; none after a 3 s pause).
      if (scenario.kind === 'login') await new Promise((r) => setTimeout(r, LOGIN_SETTLE_MS));
      // Points: a fixed count sized from the reads, so no request is still in flight when the ledger is counted.
      const amount = scenario.kind === 'write' ? Math.max(500, Math.round(ceiling * DURATION_S * 0.05)) : undefined;
      const r = await cannon(base, scenario, token, DURATION_S, amount);
      const rps = r['2xx'] / r.duration;
      if (scenario.kind === 'ceiling') ceiling = rps;
      const result: ScenarioResult = {
        database,
        name: scenario.name,
        kind: scenario.kind,
        rps,
        p50: r.latency.p50,
        p99: r.latency.p99,
        ok: r['2xx'],
        failed: r.non2xx + r.errors + r.timeouts,
        ratio: rps / ceiling,
      };
      results.push(result);
      log(`  ${database} ${scenario.name}: ${rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${pct(result.ratio)} del tetto, ${result.failed} non-2xx/errori`);
      if (before) {
        const after = await json<{ ledger: number; points: number }>(`${base}/bench/totals`);
        const rows = after.ledger - before.ledger;
        const points = Math.round(after.points - before.points);
        const exact = rows === r['2xx'] && points === r['2xx'];
        lost += `${lost ? '; ' : ''}${database} ${scenario.name}: ${r['2xx']} risposte 2xx → ${rows} righe nel registro, saldo +${points} ${exact ? '(nulla perso)' : '(DISCREPANZA)'}`;
      }
    }
    return { results, lost };
  } finally {
    await server.stop();
  }
}

export async function apiThroughput(log: (line: string) => void): Promise<{ report: SectionReport; results: ScenarioResult[] }> {
  const title = '1. Throughput API (autocannon)';
  const report = section(title);
  report.method.push(
    `autocannon, ${CONNECTIONS} connessioni (login: ${LOGIN_CONNECTIONS}, quanti hash argon2 girano insieme; misurato per ultimo), timeout 30 s, ${DURATION_S} s per chiamata dopo ${WARMUP_S} s di riscaldamento (non per i punti), stesso processo API (buildApp + route /bench/hello solo del bench), log 'info' come in produzione`,
    `dati: seed demo + ${2000} carte in ${BENCH_BUSINESS_ID}; argon2id di produzione (64 MiB, t=3, p=4); limite login per IP alzato (altrimenti 429); login a turno su ${LOGIN_ACCOUNTS} account admin creati dal super admin (4 tentativi insieme sullo stesso indirizzo trovano il blocco dopo 3 errori)`,
    'req/s = risposte 2xx / durata; p50/p99 = latenze autocannon; rapporto = req/s ÷ req/s di hello world nella stessa esecuzione',
    'punti: +1 a rotazione su 500 carte, un numero fisso di richieste (5% del tetto × durata, minimo 500), durata fino all’ultima risposta a 0,1 s (campioni di autocannon ogni 100 ms); poi si contano le righe del registro e la somma dei saldi (devono crescere esattamente del numero di 2xx)',
  );
  const all: ScenarioResult[] = [];
  const lostLines: string[] = [];
  const databases: DatabaseKind[] = ['PGlite', 'PostgreSQL'];
  const pgProblem = await postgresReachable();
  for (const [i, database] of databases.entries()) {
    if (database === 'PostgreSQL' && pgProblem) {
      report.notes.push(`PostgreSQL non misurato: ${pgProblem}`);
      continue;
    }
    try {
      const { results, lost } = await runOn(database, PORT_BASE + i, log);
      all.push(...results);
      lostLines.push(lost);
    } catch (error) {
      report.notes.push(`${database} non misurato: ${(error as Error).message}`);
    }
  }
  if (all.length === 0) return { report: notMeasured(title, report.notes.join('; ') || 'nessun database'), results: all };
  report.tables.push({
    head: ['database', 'chiamata', 'req/s', 'p50', 'p99', 'vs tetto', '2xx', 'altri'],
    rows: all.map((r) => [r.database, r.name, r.rps.toFixed(0), ms(r.p50), ms(r.p99), r.kind === 'ceiling' ? '100%' : pct(r.ratio), String(r.ok), String(r.failed)]),
  });
  report.notes.push(...lostLines);
  const pgResults = all.filter((r) => r.database === 'PostgreSQL');
  if (pgResults.length === 0) {
    report.targets.push(target('PostgreSQL: letture ≥ 25% del tetto, p99 ≤ 50 ms; punti ≥ 10%', null, pgProblem ?? 'PostgreSQL non misurato'));
  }
  for (const r of pgResults.filter((x) => x.kind === 'read')) {
    report.targets.push(target(`PostgreSQL ${r.name}: ≥ 25% del tetto e p99 ≤ 50 ms`, r.ratio >= 0.25 && r.p99 <= 50 && r.failed === 0, `${pct(r.ratio)}, p99 ${ms(r.p99)}`));
  }
  for (const r of pgResults.filter((x) => x.kind === 'write')) {
    const lost = lostLines.find((l) => l.startsWith('PostgreSQL')) ?? '';
    report.targets.push(target(`PostgreSQL ${r.name}: ≥ 10% del tetto, nulla perso`, r.ratio >= 0.1 && r.failed === 0 && lost.includes('nulla perso'), `${pct(r.ratio)}; ${lost}`));
  }
  return { report, results: all };
}
