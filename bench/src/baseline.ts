/**
 * Section "baseline": this build side by side with the frontends of an earlier commit (default 3b736d8,
 * the build before the prerendered public pages), each built with that commit's own tools and served by that commit's own
 * static servers on other ports, against the same API as the current composition. Compared: the
 * dashboard's time to the overview's tiles at 4× CPU (alternating runs, medians; target: ratio ≤ 1.05),
 * JavaScript bytes of /dashboard and /login, and /login in Lighthouse.
 *
 * The baseline lives in /tmp/bench-baseline/<ref>: `src` (git archive of the ref, then `npm install`:
 * decision 008, the lock is refused by `npm ci`) and `builds/<app>`. A ref never changes, so what exists
 * there is reused; delete the folder to start over.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, runtimeConfigFromEnv, writeRuntimeConfig, type AppName } from '@loyalty/tools';
import { portsEnv } from '../../tools/src/composition';
import { stopAll, waitForHttp, type Managed } from '../../tools/src/processes';
import { apiToken, launchChromium, type BenchComposition } from './browser';
import { timed } from './builds';
import { stopOnExit } from './cleanup';
import { formatCls, lighthouseRun, type Run } from './lighthouse';
import { ROUTES, visit, type VisitResult } from './page-weight';
import { kb, median, ms, seconds, section, target, type SectionReport } from './report';

export const DEFAULT_BASELINE_REF = '3b736d8';
/** The build before issue 39 (the dashboard on a phone): main at the point its work branched off (section 13's «prima»). */
export const BEFORE_ISSUE_39_REF = '47f53aa';
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT || '/tmp/bench-baseline';
const RUNS = Number(process.env.BENCH_BASELINE_RUNS || 7);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_BASELINE_LIGHTHOUSE_RUNS || 5);
const WEIGHT_RUNS = 3;
const CPU_THROTTLE = 4;
/** The baseline's static servers: the composition's ports + 20 (apps), next to its own (+0..+5) and the monolith's (+6). */
const BASELINE_PORT_OFFSET = 20;
const RATIO_GOAL = 1.05;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** `--baseline <ref>` or BENCH_BASELINE_REF, else the build before the prerendered public pages. */
export function baselineRef(argv: string[]): string {
  const i = argv.indexOf('--baseline');
  return (i >= 0 ? argv[i + 1] : undefined) || process.env.BENCH_BASELINE_REF || DEFAULT_BASELINE_REF;
}

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

export interface Baseline {
  ref: string;
  commit: string;
  src: string;
  roots: Record<AppName, string>;
  /** Wall time of what this run had to do (install, build), null when everything was reused. */
  installMs: number | null;
  buildMs: number | null;
}

function run(command: string, args: string[], cwd: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'a');
    const child = spawn(command, args, { cwd, stdio: ['ignore', out, out], env: { ...process.env, NODE_ENV: undefined } });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} in ${cwd}: uscita ${code} (log: ${logFile})`));
    });
  });
}

/** The ref's frontends, built by its own tools (buildVariants, as `tools/src/build.ts --all`), each into builds/<app>. */
export async function prepareBaseline(ref: string, log: (line: string) => void): Promise<Baseline> {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dir = path.join(BASELINE_ROOT, ref);
  const src = path.join(dir, 'src');
  const roots = Object.fromEntries(APPS.map((a) => [a.name, path.join(dir, 'builds', a.name)])) as Record<AppName, string>;
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(src, 'package.json'))) {
    log(`  git archive ${ref} (${commit.slice(0, 10)}) in ${src}…`);
    fs.rmSync(src, { recursive: true, force: true });
    fs.mkdirSync(src, { recursive: true });
    const archive = path.join(dir, 'src.tar');
    execFileSync('git', ['archive', '--output', archive, commit], { cwd: REPO_ROOT });
    execFileSync('tar', ['-xf', archive, '-C', src]);
    fs.rmSync(archive);
  }
  let installMs: number | null = null;
  if (!fs.existsSync(path.join(src, 'node_modules', '.package-lock.json'))) {
    log(`  npm install in ${src} (decision 008: npm ci rifiuta il lock)…`);
    installMs = await timed(() => run('npm', ['install', '--no-audit', '--no-fund'], src, path.join(dir, 'npm-install.log')));
  }
  let buildMs: number | null = null;
  if (!Object.values(roots).every((root) => fs.existsSync(path.join(root, 'index.html')))) {
    const script = path.join(src, 'bench-build-baseline.ts');
    fs.writeFileSync(
      script,
      [
        "// Written by the bench (bench/src/baseline.ts): this ref's six frontends built with its own tools.",
        "import path from 'node:path';",
        "import { APPS, buildVariants } from './tools/src/index';",
        '',
        'const out = process.argv[2];',
        "buildVariants(APPS.map((app) => ({ app, env: { mode: 'production' as const, outputPath: path.join(out, app.name) } }))).then(",
        '  () => process.exit(0),',
        '  (error: Error) => {',
        '    console.error(error.message);',
        '    process.exit(1);',
        '  },',
        ');',
        '',
      ].join('\n'),
    );
    log(`  build dei sei frontend di ${ref} con i suoi strumenti in ${path.join(dir, 'builds')}…`);
    buildMs = await timed(() => run(process.execPath, [path.join(src, 'node_modules', 'tsx', 'dist', 'cli.mjs'), script, path.join(dir, 'builds')], src, path.join(dir, 'build.log')));
  }
  return { ref, commit, src, roots, installMs, buildMs };
}

/** The ref's own static servers (its serve-app.ts), with their own runtime config, proxying /api to the composition's API. */
export async function serveBaseline(baseline: Baseline, env: BenchComposition): Promise<{ shellUrl: string; origins: Record<AppName, string>; stop: () => Promise<void> }> {
  const ports = Object.fromEntries(APPS.map((a) => [a.name, env.ports[a.name] + BASELINE_PORT_OFFSET])) as Record<AppName, number>;
  const runtimeConfigFile = path.join(BASELINE_ROOT, baseline.ref, `runtime-config-${ports.shell}.json`);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...portsEnv(ports, env.apiPort),
    RUNTIME_CONFIG: runtimeConfigFile,
    API_URL: `http://127.0.0.1:${env.apiPort}`,
  };
  writeRuntimeConfig(runtimeConfigFile, runtimeConfigFromEnv(serverEnv));
  const tsx = path.join(baseline.src, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const servers: Managed[] = APPS.map((app) => ({
    name: `${app.name}@${baseline.ref}`,
    child: spawn(process.execPath, [tsx, path.join('tools', 'src', 'serve-app.ts'), app.name, '--port', String(ports[app.name]), '--root', baseline.roots[app.name]], {
      cwd: baseline.src,
      env: serverEnv,
      stdio: 'ignore',
    }),
  }));
  const stop = stopOnExit(() => stopAll(servers));
  try {
    await Promise.all(APPS.map((app) => waitForHttp(`http://localhost:${ports[app.name]}/runtime-config.json`)));
  } catch (error) {
    await stop();
    throw error;
  }
  const origins = Object.fromEntries(APPS.map((a) => [a.name, `http://localhost:${ports[a.name]}`])) as Record<AppName, string>;
  return { shellUrl: origins.shell, origins, stop };
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/d');

export async function baselineComparison(env: BenchComposition, ref: string, log: (line: string) => void): Promise<SectionReport> {
  const report = section(`9. Confronto con ${ref} (la build prima delle pagine pubbliche prerenderizzate)`);
  const loadAtStart = loadAverage();
  const baseline = await prepareBaseline(ref, log);
  const served = await serveBaseline(baseline, env);
  report.method.push(
    `base = ${ref} (${baseline.commit.slice(0, 10)}): git archive in ${baseline.src}, npm install, i sei frontend costruiti con i suoi strumenti (buildVariants, produzione) e serviti dai suoi server statici (tools/src/serve-app.ts di quel commit) su ${served.shellUrl} e seguenti, con /api verso la stessa API della composizione attuale (${env.shellUrl})` +
      `${baseline.installMs === null ? '' : `; npm install ${seconds(baseline.installMs)}`}${baseline.buildMs === null ? '; build riusate (un ref non cambia)' : `; build ${seconds(baseline.buildMs)}`}`,
    `/dashboard da loggato (stesso token), prima visita (cache disattivata), Chromium con CPU ${CPU_THROTTLE}×, rete locale; ${RUNS} coppie alternate attuale/base, mediane; tempo = da page.goto al primo valore dei riquadri della panoramica (come la sezione 5)`,
    `peso: JS sul filo prima di pronto e totale, ${WEIGHT_RUNS} visite per build e pagina senza rallentamento; Lighthouse /login: ${LIGHTHOUSE_RUNS} esecuzioni alternate per build, come la sezione 4`,
  );
  const browser = await launchChromium();
  try {
    const token = await apiToken(env.apiPort);
    const dashboard = ROUTES.find((r) => r.path === '/dashboard')!;
    const current: VisitResult[] = [];
    const before: VisitResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      current.push(await visit(browser, env, dashboard, { token, cpuThrottle: CPU_THROTTLE }));
      before.push(await visit(browser, env, dashboard, { token, cpuThrottle: CPU_THROTTLE, shellUrl: served.shellUrl }));
      log(`  coppia ${i + 1}: attuale ${ms(current[i].readyMs)} / ${kb(current[i].jsBeforeReady)}, base ${ms(before[i].readyMs)} / ${kb(before[i].jsBeforeReady)}`);
    }
    const m = (runs: VisitResult[], f: (v: VisitResult) => number) => median(runs.map(f));
    const rows: string[][] = [];
    const timeRatio = m(current, (v) => v.readyMs) / m(before, (v) => v.readyMs);
    rows.push([
      `/dashboard, CPU ${CPU_THROTTLE}×: tempo ai riquadri`,
      `${ms(m(current, (v) => v.readyMs))} (${ms(Math.min(...current.map((v) => v.readyMs)))}–${ms(Math.max(...current.map((v) => v.readyMs)))})`,
      `${ms(m(before, (v) => v.readyMs))} (${ms(Math.min(...before.map((v) => v.readyMs)))}–${ms(Math.max(...before.map((v) => v.readyMs)))})`,
      timeRatio.toFixed(2),
    ]);
    rows.push(['/dashboard: JS prima dei riquadri', kb(m(current, (v) => v.jsBeforeReady)), kb(m(before, (v) => v.jsBeforeReady)), ratio(m(current, (v) => v.jsBeforeReady), m(before, (v) => v.jsBeforeReady))]);
    rows.push(['/dashboard: JS totale', kb(m(current, (v) => v.jsTotal)), kb(m(before, (v) => v.jsTotal)), ratio(m(current, (v) => v.jsTotal), m(before, (v) => v.jsTotal))]);

    const login = ROUTES.find((r) => r.path === '/login')!;
    const loginCurrent: VisitResult[] = [];
    const loginBefore: VisitResult[] = [];
    for (let i = 0; i < WEIGHT_RUNS; i++) {
      loginCurrent.push(await visit(browser, env, login));
      loginBefore.push(await visit(browser, env, login, { shellUrl: served.shellUrl }));
    }
    rows.push(['/login: JS prima del modulo', kb(m(loginCurrent, (v) => v.jsBeforeReady)), kb(m(loginBefore, (v) => v.jsBeforeReady)), ratio(m(loginCurrent, (v) => v.jsBeforeReady), m(loginBefore, (v) => v.jsBeforeReady))]);
    rows.push(['/login: pronto in (senza rallentamento)', ms(m(loginCurrent, (v) => v.readyMs)), ms(m(loginBefore, (v) => v.readyMs)), ratio(m(loginCurrent, (v) => v.readyMs), m(loginBefore, (v) => v.readyMs))]);

    if (LIGHTHOUSE_RUNS > 0) {
      const lhCurrent: Run[] = [];
      const lhBefore: Run[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        lhCurrent.push(await lighthouseRun(`${env.shellUrl}/login`));
        lhBefore.push(await lighthouseRun(`${served.shellUrl}/login`));
        const show = (r: Run) => `performance ${r.scores.performance}, LCP ${ms(r.lcpMs)}, CLS ${formatCls(r.cls)}, benchmarkIndex ${r.benchmarkIndex}`;
        log(`  Lighthouse /login #${i + 1}: attuale ${show(lhCurrent[i])}; base ${show(lhBefore[i])}`);
      }
      const lm = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
      rows.push(['/login Lighthouse performance', String(lm(lhCurrent, (r) => r.scores.performance)), String(lm(lhBefore, (r) => r.scores.performance)), '']);
      rows.push(['/login Lighthouse LCP', ms(lm(lhCurrent, (r) => r.lcpMs)), ms(lm(lhBefore, (r) => r.lcpMs)), ratio(lm(lhCurrent, (r) => r.lcpMs), lm(lhBefore, (r) => r.lcpMs))]);
      rows.push(['/login Lighthouse CLS', formatCls(lm(lhCurrent, (r) => r.cls)), formatCls(lm(lhBefore, (r) => r.cls)), '']);
      report.notes.push(`benchmarkIndex di Lighthouse per esecuzione: attuale ${lhCurrent.map((r) => r.benchmarkIndex).join(', ')}; base ${lhBefore.map((r) => r.benchmarkIndex).join(', ')}`);
    }
    report.tables.push({ head: ['misura', 'attuale', `base ${ref}`, 'attuale / base'], rows });
    report.notes.push(`carico medio (1 / 5 / 15 min) all'inizio della sezione ${loadAtStart}, alla fine ${loadAverage()}: la macchina è condivisa, i tempi sono rumorosi; si confrontano le coppie alternate della stessa esecuzione`);
    report.targets.push(target(`/dashboard attuale / base ≤ ${RATIO_GOAL.toFixed(2)} per il tempo ai riquadri (CPU ${CPU_THROTTLE}×)`, timeRatio <= RATIO_GOAL, timeRatio.toFixed(2)));
    return report;
  } finally {
    await browser.close();
    await served.stop();
  }
}
