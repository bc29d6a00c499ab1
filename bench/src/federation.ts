/**
 * Section 5: what federation costs. The shell is built a second way (BuildEnv `monolith: true`: every
 * remote's exposed modules bundled into it, same source) and /dashboard's first load is compared with
 * the federated composition under 4× CPU throttling, alternating runs.
 */
import path from 'node:path';
import { appByName, buildVariants } from '@loyalty/tools';
import { apiToken, launchChromium, type BenchComposition } from './browser';
import { BUILD_ROOT, timed, type PreparedBuilds } from './builds';
import { ROUTES, visit, type VisitResult } from './page-weight';
import { kb, median, ms, seconds, section, target, type SectionReport } from './report';

const RUNS = Number(process.env.BENCH_FEDERATION_RUNS || 5);
const CPU_THROTTLE = 4;
/** The monolith shell's own static server, next to the composition's six. */
const MONOLITH_PORT_OFFSET = 6;

export async function federationOverhead(env: BenchComposition, _builds: PreparedBuilds, log: (line: string) => void): Promise<SectionReport> {
  const report = section('5. Costo della federazione');
  const out = path.join(BUILD_ROOT, 'monolith', 'shell');
  log(`  build monolitica della shell in ${out}…`);
  const buildMs = await timed(() => buildVariants([{ app: appByName('shell'), env: { mode: 'production', outputPath: out, monolith: true } }]));
  const monolithPort = env.ports.shell + MONOLITH_PORT_OFFSET;
  await env.composition.startApp('shell', out, monolithPort);
  const monolithUrl = `http://localhost:${monolithPort}`;
  report.method.push(
    `monolite = stessa shell costruita con createAppConfig BuildEnv { monolith: true } (tools/src/monolith.ts: i moduli esposti dei 5 remote inclusi nella shell, caricati con import() pigri; build ${seconds(buildMs)}), servita da un server statico della stessa composizione (${monolithUrl})`,
    `/dashboard da loggato, prima visita (cache disattivata), Chromium con Emulation.setCPUThrottlingRate ${CPU_THROTTLE}×, rete locale senza limiti; ${RUNS} coppie alternate federato/monolite, mediane`,
    "tempo = da page.goto ai riquadri della panoramica visibili (il primo valore del <dl> dei riquadri, 'Carte totali'), controllati nella pagina a ogni frame e letti con il suo orologio (bench/src/ready.ts: non il waitFor di Playwright, che dopo 0,8 s guarda ogni 500 ms); byte = JS sul filo (compresso) richiesto prima di quel momento; richieste = tutte quelle partite prima",
  );
  const dashboard = ROUTES.find((r) => r.path === '/dashboard')!;
  const browser = await launchChromium();
  try {
    const token = await apiToken(env.apiPort);
    const federated: VisitResult[] = [];
    const monolith: VisitResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      federated.push(await visit(browser, env, dashboard, { token, cpuThrottle: CPU_THROTTLE }));
      monolith.push(await visit(browser, env, dashboard, { token, cpuThrottle: CPU_THROTTLE, shellUrl: monolithUrl }));
      log(`  coppia ${i + 1}: federato ${ms(federated[i].readyMs)} / ${kb(federated[i].jsBeforeReady)}, monolite ${ms(monolith[i].readyMs)} / ${kb(monolith[i].jsBeforeReady)}`);
    }
    const m = (runs: VisitResult[], f: (v: VisitResult) => number) => median(runs.map(f));
    const figures = [
      { name: 'JS compresso prima dei riquadri', f: (v: VisitResult) => v.jsBeforeReady, fmt: kb },
      { name: 'richieste prima dei riquadri', f: (v: VisitResult) => v.requestsBeforeReady, fmt: (n: number) => String(n) },
      { name: 'tempo ai riquadri visibili', f: (v: VisitResult) => v.readyMs, fmt: ms },
      { name: 'JS compresso totale (rete ferma)', f: (v: VisitResult) => v.jsTotal, fmt: kb },
    ];
    report.tables.push({
      head: ['/dashboard, CPU 4×', 'federato', 'monolite', 'rapporto'],
      rows: figures.map(({ name, f, fmt }) => [name, fmt(m(federated, f)), fmt(m(monolith, f)), (m(federated, f) / m(monolith, f)).toFixed(2)]),
    });
    const bytesRatio = m(federated, (v) => v.jsBeforeReady) / m(monolith, (v) => v.jsBeforeReady);
    const timeRatio = m(federated, (v) => v.readyMs) / m(monolith, (v) => v.readyMs);
    report.targets.push(target('federato / monolite ≤ 1,10 per i byte', bytesRatio <= 1.1, bytesRatio.toFixed(2)));
    report.targets.push(target('federato / monolite ≤ 1,15 per il tempo', timeRatio <= 1.15, timeRatio.toFixed(2)));
    report.notes.push(`remote scaricati dal monolite: ${monolith[0].remotesFetched.join(', ') || 'nessuno'}; copie del renderer: federato ${federated[0].rendererCopies}, monolite ${monolith[0].rendererCopies}`);
    return report;
  } finally {
    // The monolith's server is one of the composition's processes: stopped with it.
    await browser.close();
  }
}
