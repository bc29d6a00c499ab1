/**
 * Section 4: Lighthouse 13, default (mobile) preset, Debian Chromium through chrome-launcher, 5 runs per
 * page, median of each category score and of the largest contentful paint and layout shift (targets:
 * LCP ≤ 1.5 s, CLS 0 on /login and the signup page, which paint from prerendered HTML). The run itself
 * (lighthouseRun) and the medians' formatting serve section 13 (behind-login.ts) too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type BenchComposition } from './browser';
import { median, ms, section, target, type SectionReport } from './report';

export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 5);
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** The public pages' targets: Lighthouse's audits largest-contentful-paint and cumulative-layout-shift. */
export const LCP_GOAL_MS = 1500;
export const CLS_GOAL = 0;

export interface Run {
  /** Each category's score (0-100); NaN for a category the run was not asked for. */
  scores: Record<Category, number>;
  /** Lighthouse's own measure of this machine's CPU at the time of the run (its docs: ≥ 1300 is a high-end desktop, for which the 4× slowdown is calibrated). */
  benchmarkIndex: number;
  /** Audit largest-contentful-paint (simulated, ms). */
  lcpMs: number;
  /** Audit cumulative-layout-shift. */
  cls: number;
  /** Audit total-blocking-time (simulated, ms). */
  tbtMs: number;
  /** Audit interactive, time to interactive (simulated, ms). */
  ttiMs: number;
  /** Sum of the transferSize (bytes on the wire, compressed) of the network-requests audit's items of resourceType Script. */
  scriptBytes: number;
  /** The page Lighthouse ended on (a redirect to /login shows here). */
  finalUrl: string;
  /** The largest contentful paint's element as Lighthouse labels it (its text or tag), '' when the report has none. */
  lcpElement: string;
}

export interface RunOptions {
  /** The categories to score (default: all four). */
  categories?: readonly Category[];
  /** Lighthouse's flag: keep the origin's storage (a session token put there by `prepare`) and the browser's cache. */
  disableStorageReset?: boolean;
  /** Runs in the freshly launched Chromium, on its debugging port, before Lighthouse connects. */
  prepare?: (port: number) => Promise<void>;
}

/** CLS as Lighthouse shows it (3 decimals): the target 0 means nothing that rounds above 0.000. */
export const formatCls = (cls: number) => (Number.isFinite(cls) ? cls.toFixed(3) : 'n/d');
export const clsMet = (cls: number) => Math.round(cls * 1000) / 1000 <= CLS_GOAL;
/** «median (min–max)» of the runs' figures. */
export const spread = (values: number[], format: (value: number) => string = String) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
/** The 1-minute load average, as the sections print it. */
export const loadAverage = () => os.loadavg()[0].toFixed(2);

interface NetworkRequestItem {
  resourceType?: string;
  transferSize?: number;
}

/** The first node item (type 'node') in an audit's details: the LCP element of the lcp-breakdown insight. */
function firstNodeLabel(details: unknown): string {
  if (!details || typeof details !== 'object') return '';
  const item = details as { type?: string; nodeLabel?: string; snippet?: string };
  if (item.type === 'node') return (item.nodeLabel || item.snippet || '').replace(/\s+/g, ' ').slice(0, 60);
  for (const value of Object.values(details)) {
    const label = firstNodeLabel(value);
    if (label) return label;
  }
  return '';
}

/** One Lighthouse run on `url` in a Chromium of its own (a new profile: empty cache and storage), killed after. */
export async function lighthouseRun(url: string, options: RunOptions = {}): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const categories = options.categories ?? CATEGORIES;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    await options.prepare?.(chrome.port);
    // BENCH_LH_GATHER=<folder>: each run's artifacts (trace, DevTools log) kept in a folder of its own, for
    // `npm run bench:lantern -w bench -- <folder>/<run>` (where the simulated LCP goes, bench/src/lantern-graph.ts).
    const gatherDir = process.env.BENCH_LH_GATHER ? path.join(process.env.BENCH_LH_GATHER, String(Date.now())) : undefined;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(options.disableStorageReset ? { disableStorageReset: true } : {}),
      ...(gatherDir ? { gatherMode: gatherDir, auditMode: gatherDir } : {}),
    });
    if (!result) throw new Error(`Lighthouse did not return a result for ${url}`);
    const lhr = result.lhr;
    // BENCH_LIGHTHOUSE_SAVE=<folder>: each run's whole report kept there, to read where a page's time goes.
    if (process.env.BENCH_LIGHTHOUSE_SAVE) {
      fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_SAVE, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? []) as NetworkRequestItem[];
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, categories.includes(c) ? Math.round((lhr.categories[c]?.score ?? NaN) * 100) : NaN])) as Record<Category, number>,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      ttiMs: lhr.audits['interactive']?.numericValue ?? NaN,
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: firstNodeLabel(lhr.audits['lcp-breakdown-insight']?.details),
    };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseScores(env: BenchComposition, log: (line: string) => void): Promise<SectionReport> {
  const report = section('4. Lighthouse (mobile)');
  report.method.push(
    `Lighthouse 13 con la configurazione predefinita (mobile: Moto G Power emulato, rete 4G lenta e CPU 4× simulate), Chromium ${CHROMIUM_PATH} via chrome-launcher con i flag di e2e/src/env.ts`,
    `${RUNS} esecuzioni per pagina, ognuna in un Chromium nuovo; mediana di ogni categoria; build di produzione servite da startComposition (compressione attiva)`,
    "LCP e CLS = numericValue degli audit largest-contentful-paint (simulato) e cumulative-layout-shift di Lighthouse, mediane delle stesse esecuzioni; CLS con 3 decimali come li mostra Lighthouse",
  );
  const pages = [
    { name: '/login (shell)', url: `${env.shellUrl}/login` },
    { name: 'iscrizione (origine del remote landing)', url: `${env.originOf('landing')}/loyalty-cards/create?business_id=default-business-id` },
  ];
  const rows: string[][] = [];
  const loadAtStart = loadAverage();
  for (const p of pages) {
    const lighthouseRuns: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouseRun(p.url);
      lighthouseRuns.push(run);
      log(`  ${p.name} #${i + 1}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}, LCP ${ms(run.lcpMs)}, CLS ${formatCls(run.cls)}, benchmarkIndex ${run.benchmarkIndex}`);
    }
    const runs = lighthouseRuns.map((r) => r.scores);
    report.notes.push(`${p.name}: benchmarkIndex di Lighthouse per esecuzione ${lighthouseRuns.map((r) => r.benchmarkIndex).join(', ')} (una macchina carica ne ha uno più basso e punteggi più bassi)`);
    const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Record<Category, number>;
    const lcps = lighthouseRuns.map((r) => r.lcpMs);
    const clss = lighthouseRuns.map((r) => r.cls);
    const lcp = median(lcps);
    const cls = median(clss);
    rows.push([
      p.name,
      ...CATEGORIES.map((c) => spread(runs.map((r) => r[c]))),
      spread(lcps, ms),
      spread(clss, formatCls),
    ]);
    for (const c of CATEGORIES) report.targets.push(target(`${p.name} ${c} ≥ ${GOALS[c]}`, med[c] >= GOALS[c], String(med[c])));
    report.targets.push(target(`${p.name} LCP ≤ ${LCP_GOAL_MS / 1000} s`, lcp <= LCP_GOAL_MS, ms(lcp)));
    report.targets.push(target(`${p.name} CLS ${CLS_GOAL}`, clsMet(cls), formatCls(cls)));
  }
  report.tables.push({ head: ['pagina', ...CATEGORIES.map((c) => `${c} (min–max)`), 'LCP (min–max)', 'CLS (min–max)'], rows });
  report.notes.push(`carico medio (1 min) all'inizio della sezione ${loadAtStart}, alla fine ${loadAverage()}`);
  return report;
}
