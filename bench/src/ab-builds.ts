/**
 * Two builds of the six frontends side by side, for one change, on a host too slow or noisy for Lighthouse's
 * simulation to tell them apart (its CPU figures multiply the host's own). Each build is served by a composition of
 * its own (its API on the demo seed); the pages are visited alternately, A then B, in a real Chromium at 4× CPU with
 * Lighthouse's mobile network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up), a fresh context and an empty cache
 * each time, signed in as the demo admin. Printed, per page, the medians and the ratio B ÷ A of:
 *   - ready: from the navigation to the page's content on screen (the overview's first tile, the first card row);
 *   - LCP: the page's own largest-contentful-paint entry, when it came before ready + 1 s;
 *   - blocking: the sum over long tasks of their time beyond 50 ms, until ready + 1 s (Lighthouse's TBT, observed).
 *
 *   BENCH_AB_BUILDS=/tmp/bench-A,/tmp/bench-B BENCH_AB_RUNS=8 npm run bench:ab -w bench
 *
 * BENCH_AB_PAGES=/dashboard/loyalty-cards visits only the pages named (comma-separated; both by default).
 * BENCH_AB_VIEWPORT=412x823 visits at a phone's size (Lighthouse's mobile screen) instead of Chromium's 1280 × 720: what a
 * screen draws only on a wide window (the cards screen's open tools) then stays out of the measure.
 *
 * Each folder is a BENCH_BUILD_ROOT of `npm run bench` (its `federated/<app>` builds). Ports 6100-6115 and 6200-6215
 * (BENCH_PORT_BASE moves the first, the second is 100 above). Figures are printed, never asserted.
 */
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { apiToken, coldPhonePage, launchChromium, newContext, startBenchComposition, type BenchComposition } from './browser';
import { appRoots } from './builds';
import { ROUTES } from './page-weight';
import { seenAt, type SeenAt } from './ready';
import { median, ms } from './report';

const RUNS = Number(process.env.BENCH_AB_RUNS || 8);
const BASE = Number(process.env.BENCH_PORT_BASE || 6100);
const CPU_THROTTLE = 4;
const AFTER_READY_MS = 1000;
const VIEWPORT = /^(\d+)x(\d+)$/.exec(process.env.BENCH_AB_VIEWPORT ?? '');

interface PageSpec {
  name: string;
  path: string;
  ready: (page: Page) => Promise<SeenAt>;
}

const PAGES: PageSpec[] = [
  // The overview's first tile, as section 3 waits for it.
  { name: '/dashboard', path: '/dashboard', ready: ROUTES.find((r) => r.path === '/dashboard')!.ready },
  { name: '/dashboard/loyalty-cards', path: '/dashboard/loyalty-cards', ready: (page) => seenAt(page, { kind: 'button', name: '^Aggiorna ' }) },
];

interface Visit {
  readyMs: number;
  lcpMs: number | null;
  blockingMs: number;
}

/** Before any script of the page: observers of long tasks and LCP, kept on window for the read at the end. */
const OBSERVE = `(() => {
  const seen = { long: [], lcp: null };
  window.__abSeen = seen;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function visit(browser: Browser, env: BenchComposition, token: string, spec: PageSpec): Promise<Visit> {
  const context = await newContext(browser, { shellUrl: env.shellUrl, token });
  try {
    await context.addInitScript(OBSERVE);
    const page = await coldPhonePage(context, CPU_THROTTLE);
    if (VIEWPORT) await page.setViewportSize({ width: Number(VIEWPORT[1]), height: Number(VIEWPORT[2]) });
    await page.goto(`${env.shellUrl}${spec.path}`, { waitUntil: 'commit' });
    const readyMs = (await spec.ready(page)).pageMs;
    await page.waitForTimeout(AFTER_READY_MS);
    const seen = await page.evaluate(() => (window as unknown as { __abSeen: { long: [number, number][]; lcp: number | null } }).__abSeen);
    const until = readyMs + AFTER_READY_MS;
    const blockingMs = seen.long.filter(([start]) => start < until).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { readyMs, lcpMs: seen.lcp, blockingMs };
  } finally {
    await context.close();
  }
}

async function main() {
  const folders = (process.env.BENCH_AB_BUILDS ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  if (folders.length !== 2) throw new Error('BENCH_AB_BUILDS=<cartella A>,<cartella B>: due build di `npm run bench` (BENCH_BUILD_ROOT)');
  console.log(`A = ${folders[0]}, B = ${folders[1]}; ${RUNS} coppie per pagina, alternate; CPU ${CPU_THROTTLE}×, rete 150 ms / 1,6 Mbit/s; finestra ${VIEWPORT ? VIEWPORT[0] : '1280x720'}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const envs: BenchComposition[] = [];
  try {
    envs.push(await startBenchComposition(BASE, appRoots('federated', folders[0])));
    envs.push(await startBenchComposition(BASE + 100, appRoots('federated', folders[1])));
    const tokens = await Promise.all(envs.map((env) => apiToken(env.apiPort)));
    const browser = await launchChromium();
    try {
      const only = (process.env.BENCH_AB_PAGES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
      for (const spec of PAGES.filter((p) => only.length === 0 || only.includes(p.path))) {
        const runs: [Visit[], Visit[]] = [[], []];
        // One visit each first, not counted: the compositions' first answers (a cold API, the servers' caches).
        for (const i of [0, 1]) await visit(browser, envs[i], tokens[i], spec);
        for (let run = 0; run < RUNS; run++) {
          for (const i of [0, 1]) runs[i].push(await visit(browser, envs[i], tokens[i], spec));
          console.log(`  ${spec.name} #${run + 1}: ${runs.map((r, i) => `${'AB'[i]} pronto ${ms(r[run].readyMs)}, LCP ${r[run].lcpMs === null ? '—' : ms(r[run].lcpMs!)}, blocco ${ms(r[run].blockingMs)}`).join(' | ')}`);
        }
        const m = (i: 0 | 1, f: (v: Visit) => number | null) => median(runs[i].map(f).filter((v): v is number => v !== null));
        for (const [label, f] of [['pronto', (v: Visit) => v.readyMs], ['LCP', (v: Visit) => v.lcpMs], ['blocco (TBT osservato)', (v: Visit) => v.blockingMs]] as const) {
          const a = m(0, f);
          const b = m(1, f);
          console.log(`${spec.name} ${label}: A ${ms(a)}, B ${ms(b)}, B ÷ A ${(b / a).toFixed(2)}`);
        }
      }
    } finally {
      await browser.close();
    }
    console.log(`load alla fine: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    for (const env of envs) await env.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
