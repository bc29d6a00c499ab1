/**
 * What a page's long tasks hold. Lighthouse's blocking time is the sum, over the main thread's tasks between the
 * first paint and the page becoming usable, of each task's time beyond 50 ms: what counts is how the work is cut,
 * as much as how much there is. This traces cold visits (Chromium's own tracing: an empty cache, 4× CPU,
 * Lighthouse's mobile network, signed in as the demo admin) and prints, per page, every main-thread task over
 * 50 ms with its start, its length and its largest pieces by self time — a script's evaluation or a function's
 * run (its file), compiling, style, layout, paint, garbage collection — then the blocking time summed from the
 * first contentful paint, the median of the visits.
 *
 *   npm run build && BENCH_PAGES=/dashboard,/dashboard/loyalty-cards npm run bench:long-tasks -w bench
 *
 * BENCH_LONG_TASKS_PROFILE=1 adds V8's sampling profiler to the trace and prints, under each task, its JavaScript by
 * package (each sample's function located through the served build's source maps; a module's top-level code under
 * its own package), and per page the sum over the long tasks. The profiler lengthens every task: compare blocking
 * times only between runs without it.
 *
 * Serves each app's `dist/` (or BENCH_BUILD_ROOT's `federated/<app>`: `npm run bench`'s builds). BENCH_LONG_TASKS_RUNS
 * visits per page (3), ports BENCH_PORT_BASE… (6300). Figures are printed, never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, type AppName } from '@loyalty/tools';
import type { Browser } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { apiToken, coldPhonePage, launchChromium, newContext, startBenchComposition } from './browser';
import { appRoots } from './builds';
import { median } from './report';
import { addTo, groupOf, packageOf } from './script-origins';

const RUNS = Number(process.env.BENCH_LONG_TASKS_RUNS || 3);
const BASE = Number(process.env.BENCH_PORT_BASE || 6300);
const CPU_THROTTLE = 4;
const SETTLE_MS = Number(process.env.BENCH_LONG_TASKS_SETTLE_MS || 6000);
const PAGES = (process.env.BENCH_PAGES || '/dashboard,/dashboard/loyalty-cards').split(',').map((p) => p.trim()).filter(Boolean);
/** BENCH_LONG_TASKS_PROFILE=1: V8's sampling profiler too, to say whose JavaScript each task runs (its overhead lengthens the tasks). */
const PROFILE = process.env.BENCH_LONG_TASKS_PROFILE === '1';
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel', ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : [])];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
    url?: string;
    fileName?: string;
  };
}

interface LongTask {
  startMs: number;
  durationMs: number;
  pieces: [string, number][];
  /** The JavaScript in it by package (ms of CPU samples whose innermost frame is that package's code). */
  code: [string, number][];
}

/** A script's package at a place in it, from the script's source map in the build served on its port. */
type Locate = (frame: CallFrame) => string;

function locator(folderOfPort: Map<string, string>): Locate {
  const consumers = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    if (!frame.url) return frame.functionName || '(sconosciuto)';
    let file: string | null = null;
    try {
      const u = new URL(frame.url);
      const folder = folderOfPort.get(u.port);
      if (folder) file = path.join(folder, u.pathname);
    } catch {
      return 'altro';
    }
    if (!file) return 'altro';
    if (!consumers.has(file)) {
      const map = `${file}.map`;
      consumers.set(file, fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8')) as RawSourceMap) : null);
    }
    const consumer = consumers.get(file);
    if (!consumer) return `${shortUrl(frame.url)} (senza mappa)`;
    // A sample names the function it was in by where the function starts; a module's factory (its top-level code,
    // run when the module is first required) starts in webpack's unmapped wrapper, so the next mapped place names it.
    const position = { line: frame.lineNumber + 1, column: frame.columnNumber };
    const original = consumer.originalPositionFor(position).source ?? consumer.originalPositionFor({ ...position, bias: SourceMapConsumer.LEAST_UPPER_BOUND }).source;
    return original ? groupOf(packageOf(original)) : 'altro';
  };
}

/** The main thread's CPU samples: when each was taken and the innermost frame it was in. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; weight: number; frame: CallFrame }[] {
  const profiles = new Map<string, { nodes: Map<number, CallFrame>; samples: { ts: number; node: number }[]; last: number }>();
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid && e.id) {
      // `last`: the time of the latest sample; each chunk's deltas count on from it.
      profiles.set(`${e.pid}:${e.id}`, { nodes: new Map(), samples: [], last: e.args?.data?.startTime ?? e.ts });
    }
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    // Profile ids are per process: another renderer's (a browser page of Chromium's own) may use the same.
    const profile = profiles.get(`${e.pid}:${e.id}`);
    const data = e.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((node, i) => {
      profile.last += deltas[i] ?? 0;
      profile.samples.push({ ts: profile.last, node });
    });
  }
  const result: { ts: number; weight: number; frame: CallFrame }[] = [];
  for (const profile of profiles.values()) {
    profile.samples.forEach((sample, i) => {
      const next = profile.samples[i + 1];
      const frame = profile.nodes.get(sample.node);
      if (frame) result.push({ ts: sample.ts, weight: next ? next.ts - sample.ts : 0, frame });
    });
  }
  return result.sort((a, b) => a.ts - b.ts);
}

const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.port}${u.pathname}`;
  } catch {
    return url.slice(0, 60);
  }
};

/** A piece's label: the file for script work, the event's name otherwise. */
function label(event: TraceEvent): string {
  const url = event.args?.data?.url || event.args?.url || event.args?.fileName;
  if (url) {
    const kind = event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule' ? 'eval' : event.name.startsWith('v8.compile') || event.name === 'v8.parseOnBackground' ? 'compile' : 'run';
    return `${kind} ${shortUrl(url)}`;
  }
  return event.name;
}

function analyse(events: TraceEvent[], locate: Locate): { tasks: LongTask[]; fcpMs: number | null; totalBlockingFromFcp: number; code: Map<string, number> } {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  // The page's renderer: the main thread with the most task time.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    if (threadNames.get(key) !== 'CrRendererMain') continue;
    busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const allCode = new Map<string, number>();
  if (!main) return { tasks: [], fcpMs: null, totalBlockingFromFcp: 0, code: allCode };
  const [mainPid, mainTid] = main.split(':').map(Number);
  const samples = samplesOf(events, mainPid, mainTid);
  /** V8's own entries of a profile, with no script behind them: named as they are. */
  const V8_ENTRIES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navStart = onMain.find((e) => e.name === 'navigationStart')?.ts ?? onMain[0].ts;
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint');
  const fcpMs = fcp ? (fcp.ts - navStart) / 1000 : null;
  const complete = onMain.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const tasks: LongTask[] = [];
  let blocking = 0;
  for (let i = 0; i < complete.length; i++) {
    const task = complete[i];
    if (task.name !== 'RunTask' || task.dur! < 50_000) continue;
    const end = task.ts + task.dur!;
    // Self time of each event inside the task (its time minus its children's), by label.
    const inside: TraceEvent[] = [];
    for (let j = i + 1; j < complete.length && complete[j].ts < end; j++) inside.push(complete[j]);
    const self = new Map<string, number>();
    const stack: { event: TraceEvent; end: number; childTime: number }[] = [];
    const close = (upTo: number) => {
      while (stack.length > 0 && stack[stack.length - 1].end <= upTo) {
        const done = stack.pop()!;
        const own = done.event.dur! - done.childTime;
        addTo(self, label(done.event), own);
      }
    };
    let childOfTask = 0;
    for (const e of inside) {
      close(e.ts);
      if (stack.length > 0) stack[stack.length - 1].childTime += e.dur!;
      else childOfTask += e.dur!;
      stack.push({ event: e, end: e.ts + e.dur!, childTime: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    self.set('(task)', task.dur! - childOfTask);
    const pieces = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => [k, v / 1000] as [string, number]);
    const startMs = (task.ts - navStart) / 1000;
    const code = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts) continue;
      if (sample.ts >= end) break;
      const owner = V8_ENTRIES.has(sample.frame.functionName) && !sample.frame.url ? sample.frame.functionName : locate(sample.frame);
      addTo(code, owner, sample.weight / 1000);
      addTo(allCode, owner, sample.weight / 1000);
    }
    tasks.push({ startMs, durationMs: task.dur! / 1000, pieces, code: [...code.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6) });
    if (fcpMs !== null && startMs + task.dur! / 1000 > fcpMs) blocking += task.dur! / 1000 - 50;
  }
  return { tasks, fcpMs, totalBlockingFromFcp: blocking, code: allCode };
}

async function visit(browser: Browser, shellUrl: string, token: string, pagePath: string, locate: Locate) {
  const context = await newContext(browser, { shellUrl, token });
  try {
    const page = await coldPhonePage(context, CPU_THROTTLE);
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${shellUrl}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return analyse(trace.traceEvents, locate);
  } finally {
    await context.close();
  }
}

async function main() {
  const root = process.env.BENCH_BUILD_ROOT;
  const roots = root
    ? appRoots('federated', root)
    : (Object.fromEntries(APPS.map((a) => [a.name, path.join(__dirname, '..', '..', a.folder, 'dist')])) as Record<AppName, string>);
  console.log(`compiti lunghi (> 50 ms, CPU ${CPU_THROTTLE}×, rete mobile${PROFILE ? ', con il profilo di V8: compiti più lunghi' : ''}), ${RUNS} visite a pagina; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const env = await startBenchComposition(BASE, roots);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const token = await apiToken(env.apiPort);
    const locate = locator(new Map(APPS.map((a) => [String(env.ports[a.name]), roots[a.name]])));
    for (const pagePath of PAGES) {
      const blocking: number[] = [];
      const code = new Map<string, number>();
      for (let run = 1; run <= RUNS; run++) {
        const visitResult = await visit(browser, env.shellUrl, token, pagePath, locate);
        const { tasks, fcpMs, totalBlockingFromFcp } = visitResult;
        for (const [owner, ms] of visitResult.code) addTo(code, owner, ms / RUNS);
        blocking.push(totalBlockingFromFcp);
        console.log(`\n${pagePath}, visita ${run}: FCP ${fcpMs?.toFixed(0) ?? '?'} ms, blocco dopo l’FCP ${totalBlockingFromFcp.toFixed(0)} ms, ${tasks.length} compiti lunghi`);
        for (const t of tasks) {
          console.log(`  ${t.startMs.toFixed(0).padStart(6)} ms  ${t.durationMs.toFixed(0).padStart(4)} ms  ${t.pieces.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' · ')}`);
          if (t.code.length > 0) console.log(`                     js: ${t.code.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' · ')}`);
        }
      }
      console.log(`${pagePath}: blocco dopo l’FCP, mediana ${median(blocking).toFixed(0)} ms (${blocking.map((b) => b.toFixed(0)).join(', ')})`);
      const byOwner = [...code.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
      if (PROFILE) console.log(`${pagePath}: il JavaScript nei compiti lunghi, media a visita: ${byOwner.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(' · ')}`);
    }
  } finally {
    await browser?.close();
    await env.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
