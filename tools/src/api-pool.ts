/**
 * Decision 055, rolling restarts: the /api proxy's pool of API instances, kept to the instances that take requests.
 *
 * undici's BalancedPool only lowers the weight of a target that fails, so it keeps sending to an instance that is
 * stopped or draining; and its `removeUpstream` leaves the removed pool in its list until that pool has closed,
 * during which it may still pick it (each such request failed with ClientDestroyedError in this module's test).
 * So the dispatcher here is a small round robin over one undici Pool per instance, whose membership changes at
 * once. Whenever the proxy sees a sign that an instance left (a refused or failed connection,
 * a «riavvio» 503 marked API_CLOSING_HEADER), every instance still in the pool is asked `/api/health` at once, and
 * one that refuses or answers «riavvio» is taken out (its idle connections are closed by this
 * side, after the requests in flight). Instances out are asked again every `probeIntervalMs` and put back on
 * their first 200. The last instance in is never taken out (the proxy then answers as the proxy of one API).
 *
 * Kept-alive connections last at most KEEP_ALIVE_MS: a stopping instance drains for longer than that
 * (`SHUTDOWN_DRAIN_MS`, api/src/server.ts), so by the time it closes no idle connection of this proxy is left for
 * a write to be sent on as it closes (the reset POSTs of a roll without a drain).
 */
import { Dispatcher, Pool, request } from 'undici';
import { API_CLOSING_HEADER } from '../../api/src/closing';

/** How long this proxy keeps an idle connection to an instance; a draining instance waits longer (composition.ts). */
export const KEEP_ALIVE_MS = 1000;
/** The drain `npm start` asks of each of several instances: above KEEP_ALIVE_MS with undici's timer slack. */
export const DEFAULT_DRAIN_MS = 3000;

export type ProbeResult = 'up' | 'closing' | 'down' | 'unhealthy';

export interface ApiPoolOptions {
  /** How often instances that are out are asked again (default 250 ms). */
  probeIntervalMs?: number;
  /** A probe without an answer within this long counts as down (default 1 000 ms). */
  probeTimeoutMs?: number;
  /** Told each time an instance goes out or comes back (logs, tests). */
  onChange?: (origin: string, inPool: boolean, why: ProbeResult) => void;
}

/** Round robin over the instances in; one undici Pool each. reply-from takes any undici Dispatcher. */
class InstancesDispatcher extends Dispatcher {
  private readonly pools = new Map<string, Pool>();
  private order: string[];
  private next = 0;

  constructor(
    origins: string[],
    private readonly options: Pool.Options,
  ) {
    super();
    this.order = [...origins];
    for (const origin of origins) this.pools.set(origin, new Pool(origin, options));
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = this.order[this.next++ % this.order.length];
    return this.pools.get(origin)!.dispatch({ ...options, origin }, handler);
  }

  /** Out: no request picks it from now on; its connections close after the requests in flight. */
  remove(origin: string): void {
    this.order = this.order.filter((o) => o !== origin);
    const pool = this.pools.get(origin);
    this.pools.delete(origin);
    void pool?.close().catch(() => undefined);
  }

  add(origin: string): void {
    if (this.pools.has(origin)) return;
    this.pools.set(origin, new Pool(origin, this.options));
    this.order = [...this.order, origin];
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.destroy()));
  }
}

export interface ApiPool {
  /** What the proxy sends through (reply-from's `undici` option). */
  pool: Dispatcher;
  /** Something failed on some instance: ask every instance in the pool now (one round at a time). */
  suspect(): void;
  /** The instances taken out, waiting for their /api/health to answer 200. */
  out(): string[];
  /** Resolves when the round of probes under way, if any, has ended (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** One /api/health on a connection of its own (never a kept-alive one an instance may just have closed). */
export async function probe(origin: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    const answer = await request(`${origin}/api/health`, { method: 'GET', reset: true, signal: AbortSignal.timeout(timeoutMs) });
    await answer.body.dump();
    if (answer.statusCode === 200) return 'up';
    if (answer.statusCode === 503 && answer.headers[API_CLOSING_HEADER] !== undefined) return 'closing';
    return 'unhealthy'; // it answers (e.g. its database is down): a request may still get a useful error from it
  } catch {
    return 'down';
  }
}

export function createApiPool(origins: readonly string[], options: ApiPoolOptions = {}): ApiPool {
  const targets = [...new Set(origins)];
  const probeIntervalMs = options.probeIntervalMs ?? 250;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1000;
  const pool = new InstancesDispatcher(targets, { keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: KEEP_ALIVE_MS });
  const out = new Set<string>();
  let closed = false;
  let round: Promise<void> | null = null;
  let again = false;
  let recovery: NodeJS.Timeout | null = null;

  const takeOut = (origin: string, why: ProbeResult) => {
    if (out.has(origin) || targets.length - out.size <= 1) return;
    out.add(origin);
    pool.remove(origin);
    options.onChange?.(origin, false, why);
    scheduleRecovery();
  };

  const scheduleRecovery = () => {
    if (recovery || closed || out.size === 0) return;
    recovery = setTimeout(async () => {
      const waiting = [...out];
      const results = await Promise.all(waiting.map((origin) => probe(origin, probeTimeoutMs)));
      recovery = null;
      if (closed) return;
      waiting.forEach((origin, i) => {
        if (results[i] !== 'up' || !out.has(origin)) return;
        out.delete(origin);
        pool.add(origin);
        options.onChange?.(origin, true, 'up');
      });
      scheduleRecovery();
    }, probeIntervalMs);
    recovery.unref();
  };

  const checkAll = async () => {
    do {
      again = false;
      const inPool = targets.filter((origin) => !out.has(origin));
      const results = await Promise.all(inPool.map((origin) => probe(origin, probeTimeoutMs)));
      if (closed) return;
      inPool.forEach((origin, i) => {
        if (results[i] === 'closing' || results[i] === 'down') takeOut(origin, results[i]);
      });
    } while (again && !closed);
  };

  return {
    pool,
    suspect() {
      if (closed) return;
      if (round) {
        again = true; // a failure seen during a round may come from an instance already probed: one more round
        return;
      }
      round = checkAll().finally(() => {
        round = null;
      });
    },
    out: () => [...out],
    settled: async () => {
      while (round) await round;
    },
    async close() {
      closed = true;
      if (recovery) clearTimeout(recovery);
      await round?.catch(() => undefined);
      await pool.close();
    },
  };
}
