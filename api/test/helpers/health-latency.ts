/**
 * Does a flood of one route hold the API's event loop? While N clients send a route's requests as fast as the
 * API answers them, `GET /api/health` is probed every 10 ms on connections of its own and each probe's latency
 * recorded; meanwhile the API's own event-loop delay is measured (`perf_hooks.monitorEventLoopDelay`).
 *
 * The clients and the health probe run in a worker thread: their own event loop, so their work is not counted
 * against the API's, and a probe that waits is waiting for the API, not for the flood's clients. The API runs in
 * this thread (an app from `startTestApp`, listening on a real port): the loop delay measured here is the API's.
 *
 * Requests come from one client address or from a new one each (`X-Forwarded-For` with the proxy's secret, which
 * the API believes: lib/client-ip.ts), so the per-address limits are met as a real flood meets them.
 * Any suite can use it: start the app with `proxySecret: FLOOD_PROXY_SECRET`, `listen`, then `floodAndMeasure` —
 * a flood of an anonymous route, or one long request (a CSV import: `concurrency: 1, total: 1`, an `authorization`
 * header) probed from its start to its answer.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { App } from '../../src/app';
import { PROXY_SECRET_HEADER } from '../../src/lib/client-ip';

/** The proxy secret a flooding suite gives its app (`proxySecret`), so that forwarded addresses count. */
export const FLOOD_PROXY_SECRET = 'flood-proxy-secret-0123456789abcdef';

export interface FloodRequest {
  method: string;
  /** Path and query, e.g. `/api/wallet/logo/1e3a8a.png`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface FloodOptions {
  /** The listening API, e.g. `http://127.0.0.1:41234` (see `listenForFlood`). */
  baseUrl: string;
  /** Sent in turn, round and round: give as many distinct ones as the flood should vary (colours, e-mails…). */
  requests: FloodRequest[];
  /**
   * 'one': every request from the same client address; 'many': each request from an address of its own; 'both':
   * `concurrency` clients of each kind at once (the per-address limits answering one sender while new addresses
   * get past them), so one flood meets both paths.
   */
  from: 'one' | 'many' | 'both';
  /** Clients sending at once (with 'both', of each kind), each its next request as soon as the previous one is answered. Default 8. */
  concurrency?: number;
  /** How long the flood lasts (no request is sent after it). Default 1 500 ms. */
  durationMs?: number;
  /**
   * Send this many requests in all, then stop (within `durationMs`): e.g. one CSV import with `concurrency: 1`,
   * probed from start to finish. Default: as many as fit in `durationMs`.
   */
  total?: number;
  /** A health probe is sent every this many milliseconds, answered or not. Default 10 ms. */
  healthEveryMs?: number;
  /**
   * The flood goes on past `durationMs` until this many probes were sent (at most 10 × `durationMs`): the worker's
   * timers fire late when the worker itself is short of CPU (e.g. reading 200 KB answers on a loaded machine), and a
   * flood with too few probes says nothing about the health check. Default 0 (no minimum).
   */
  minProbes?: number;
  /** The proxy secret the API was started with. Default `FLOOD_PROXY_SECRET`. */
  proxySecret?: string;
  /** Keep the flood's answers (their bodies, in the order answered) in the report: for a few long requests. */
  keepAnswers?: boolean;
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface FloodReport {
  /** Answers the flood got, by status ('error' for a request that got none). */
  statuses: Record<string, number>;
  /** How long the flood's own requests took, milliseconds. */
  requests: LatencyFigures;
  /** Requests answered per second. */
  perSecond: number;
  /** `GET /api/health` during the flood, milliseconds; a probe without an answer counts in `failures`. */
  health: LatencyFigures & { failures: number; non200: number };
  /** The API thread's event-loop delay during the flood, milliseconds. */
  loopDelay: { p99: number; max: number };
  /** With `keepAnswers`: each answer's status and body, in the order answered. */
  answers: { status: number | 'error'; body: string }[];
  /** How long the flood lasted, from its first request to its last answer, milliseconds. */
  elapsedMs: number;
}

/** Milliseconds, to 0.1. */
const round = (ms: number) => Math.round(ms * 10) / 10;

export function latencyFigures(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? NaN : round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]));
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** One line of figures, for a suite's output. */
export function describeReport(name: string, report: FloodReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const { health, loopDelay } = report;
  return (
    `${name}: ${report.perSecond} req/s [${statuses}] (each p50 ${report.requests.p50} p99 ${report.requests.p99} ms) · ` +
    `health p50 ${health.p50} p99 ${health.p99} max ${health.max} ms ` +
    `(${health.count} probes${health.failures ? `, ${health.failures} unanswered` : ''}${health.non200 ? `, ${health.non200} not 200` : ''}) · ` +
    `event-loop delay p99 ${loopDelay.p99} max ${loopDelay.max} ms`
  );
}

/** Starts the app on a free loopback port; answers its base URL. */
export async function listenForFlood(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The worker's code (plain JavaScript: a worker thread does not go through Jest's TypeScript transform). It sends
 * the flood through one keep-alive agent and the probes through another, and posts back what it saw.
 */
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, requests, from, concurrency, durationMs, total, healthEveryMs, minProbes, secretHeader, secret, keepAnswers } = workerData;
const base = new URL(baseUrl);
const floodAgent = new http.Agent({ keepAlive: true, maxSockets: from === 'both' ? 2 * concurrency : concurrency });
const probeAgent = new http.Agent({ keepAlive: true });
const statuses = {};
const took = [];
const health = [];
const answers = [];
let sent = 0;
let flooding = true;
let healthFailures = 0;
let healthNon200 = 0;
let next = 0;
let address = 0;
let probesSent = 0;

function send(agent, request, headers, keep) {
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const answered = (status, text) => {
      if (keep) answers.push({ status, body: text });
      resolve(status);
    };
    const req = http.request(
      { host: base.hostname, port: base.port, agent, method: request.method, path: request.path,
        headers: { ...(request.headers || {}), ...headers, ...(body ? { 'content-length': body.length } : {}) } },
      (res) => {
        const chunks = [];
        if (keep) res.on('data', (chunk) => chunks.push(chunk));
        else res.resume();
        res.on('end', () => answered(res.statusCode, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => answered('error', ''));
      },
    );
    req.setTimeout(300000, () => req.destroy(new Error('timeout')));
    req.on('error', () => answered('error', ''));
    req.end(body);
  });
}

function clientAddress(fromOne) {
  if (fromOne) return '203.0.113.7';
  address += 1;
  return '10.' + ((address >> 16) & 255) + '.' + ((address >> 8) & 255) + '.' + (address & 255);
}

async function client(until, latest, fromOne) {
  while ((Date.now() < until || (probesSent < minProbes && Date.now() < latest)) && (total === undefined || sent < total)) {
    sent += 1;
    const request = requests[next++ % requests.length];
    const started = process.hrtime.bigint();
    const status = await send(floodAgent, request, { [secretHeader]: secret, 'x-forwarded-for': clientAddress(fromOne) }, keepAnswers);
    took.push(Number(process.hrtime.bigint() - started) / 1e6);
    statuses[status] = (statuses[status] || 0) + 1;
  }
}

// A probe every healthEveryMs, whether the previous one was answered or not (a stalled API does not slow the
// probing down: the probes waiting are counted, each with its whole wait), until the flood's last answer.
async function probe() {
  const probes = [];
  while (flooding) {
    probesSent += 1;
    const started = process.hrtime.bigint();
    probes.push(
      send(probeAgent, { method: 'GET', path: '/api/health' }, { [secretHeader]: secret, 'x-forwarded-for': '192.0.2.1' }).then((status) => {
        if (status === 'error') healthFailures += 1;
        else {
          if (status !== 200) healthNon200 += 1;
          health.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, healthEveryMs));
  }
  await Promise.all(probes);
}

(async () => {
  const started = Date.now();
  const until = started + durationMs;
  const latest = started + 10 * durationMs;
  const probing = probe();
  const clients = Array.from({ length: concurrency }, () => client(until, latest, from === 'one'));
  if (from === 'both') clients.push(...Array.from({ length: concurrency }, () => client(until, latest, true)));
  await Promise.all(clients);
  const elapsed = Date.now() - started;
  flooding = false;
  await probing;
  floodAgent.destroy();
  probeAgent.destroy();
  parentPort.postMessage({ statuses, took, health, healthFailures, healthNon200, elapsed, answers });
})();
`;

interface WorkerResult {
  statuses: Record<string, number>;
  took: number[];
  health: number[];
  healthFailures: number;
  healthNon200: number;
  elapsed: number;
  answers: { status: number | 'error'; body: string }[];
}

/** Floods the route of `requests` and measures `/api/health` and the event loop meanwhile (see the top of this file). */
export async function floodAndMeasure(options: FloodOptions): Promise<FloodReport> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      baseUrl: options.baseUrl,
      requests: options.requests,
      from: options.from,
      concurrency: options.concurrency ?? 8,
      durationMs: options.durationMs ?? 1500,
      total: options.total,
      healthEveryMs: options.healthEveryMs ?? 10,
      minProbes: options.minProbes ?? 0,
      secretHeader: PROXY_SECRET_HEADER,
      secret: options.proxySecret ?? FLOOD_PROXY_SECRET,
      keepAnswers: options.keepAnswers ?? false,
    },
  });
  loop.enable();
  try {
    const result = await new Promise<WorkerResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the flood's worker exited (${code}) before reporting`)));
    });
    loop.disable();
    const answered = Object.entries(result.statuses).reduce((sum, [status, count]) => (status === 'error' ? sum : sum + count), 0);
    return {
      statuses: result.statuses,
      requests: latencyFigures(result.took),
      perSecond: Math.round(answered / (result.elapsed / 1000)),
      health: { ...latencyFigures(result.health), failures: result.healthFailures, non200: result.healthNon200 },
      loopDelay: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
      answers: result.answers,
      elapsedMs: result.elapsed,
    };
  } finally {
    loop.disable();
    await worker.terminate();
  }
}
