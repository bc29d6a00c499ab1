/**
 * `npm run bench`: every figure measured in this one run, printed side by side with how it was measured.
 *   npm run bench                       all sections
 *   npm run bench -- --only api,build   some sections (api, build, weight, lighthouse, federation, scale, audience, baseline, import, instances, sale, behind-login, floor)
 *   npm run bench -- --only behind-login   section 13: Lighthouse on /dashboard, the cards, the QR add-points page and campaigns
 *                                       logged in as the demo admin, and a sale at the counter from the tap to the confirmation
 *   npm run bench -- --only behind-login,floor   section 14 besides: the same Lighthouse on a page with the counter's first
 *                                       screen and none of our code (HTML alone, React, React + federation), the floor those pages stand on
 *   npm run bench -- --only baseline --baseline <ref>   this build side by side with another commit's (default 3b736d8)
 * Not part of `npm test`. Ports used: 6100-6199 (BENCH_PORT_BASE moves the composition's: apps base..base+5, monolith
 * base+6, API base+10, the baseline's apps base+20..base+25, the floor's pages base+30..base+33; API section: 6150-6151, or BENCH_API_PORT and the next one; CSV import: 6180),
 * 6300-6399 and 6400-6500; several API instances (section 11): 6160-6165, 6170-6172 and HAProxy 6185-6186 (BENCH_INSTANCES_PORT_BASE); scale, API side: 6160
 * (BENCH_SCALE_PORT); sale vs points (section 12): 6152 (BENCH_SALE_PORT). Builds go under /tmp/bench-*, the baseline under /tmp/bench-baseline/<ref>. PostgreSQL databases: bench_<random>
 * and bench_inst_<random> (BENCH_DATABASE_PREFIX instead of bench), dropped at the end.
 */
import os from 'node:os';
import { apiThroughput } from './api/throughput';
import { apiScale } from './api/scale';
import { audienceScale } from './api/audience';
import { cardImportScale } from './api/card-import';
import { instancesScale } from './api/instances';
import { SALE_SECTION_TITLE, saleVsPoints } from './api/sale';
import { browserScale } from './scale-browser';
import { buildTimes } from './build';
import { federationOverhead } from './federation';
import { lighthouseScores } from './lighthouse';
import { BEHIND_LOGIN_TITLE, behindLogin } from './behind-login';
import { FLOOR_TITLE, floorPages } from './floor';
import { baselineComparison, baselineRef } from './baseline';
import { pageWeight } from './page-weight';
import { formatSection, notMeasured, type SectionReport } from './report';
import { prepareBuilds, type PreparedBuilds } from './builds';
import { startBenchComposition, type BenchComposition } from './browser';

// BENCH_PORT_BASE moves the composition (apps base..base+5, API base+10) off the default ports.
const COMPOSITION_PORT_BASE = Number(process.env.BENCH_PORT_BASE || 6100);

const SECTIONS = ['api', 'build', 'weight', 'lighthouse', 'federation', 'scale', 'audience', 'baseline', 'import', 'instances', 'sale', 'behind-login', 'floor'] as const;
type SectionName = (typeof SECTIONS)[number];

function selectedSections(argv: string[]): Set<SectionName> {
  const i = argv.indexOf('--only');
  if (i < 0) return new Set(SECTIONS);
  const names = (argv[i + 1] ?? '').split(',').map((s) => s.trim()) as SectionName[];
  for (const n of names) if (!SECTIONS.includes(n)) throw new Error(`--only: sezione sconosciuta "${n}" (note: ${SECTIONS.join(', ')})`);
  return new Set(names);
}

const log = (line: string) => console.log(line);

async function guarded(title: string, fn: () => Promise<SectionReport>): Promise<SectionReport> {
  const started = Date.now();
  log(`\n>> ${title}…`);
  try {
    const report = await fn();
    log(`<< ${title}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return report;
  } catch (error) {
    log(`<< ${title}: errore ${(error as Error).stack ?? (error as Error).message}`);
    return notMeasured(title, `errore durante la misura: ${(error as Error).message.split('\n')[0]}`);
  }
}

async function main(): Promise<void> {
  const only = selectedSections(process.argv.slice(2));
  const ref = baselineRef(process.argv.slice(2));
  const loadAtStart = os.loadavg()[0];
  const skipped = (title: string) => notMeasured(title, 'sezione esclusa con --only');
  const started = Date.now();
  const reports: SectionReport[] = [];

  reports.push(only.has('api') ? await guarded('1. Throughput API (autocannon)', async () => (await apiThroughput(log)).report) : skipped('1. Throughput API (autocannon)'));

  // The build section produces the folders the browser sections serve.
  let builds: PreparedBuilds | null = null;
  const needComposition = only.has('weight') || only.has('lighthouse') || only.has('federation') || only.has('baseline') || only.has('behind-login');
  const needBuilds = needComposition || only.has('scale');
  if (only.has('build') || needBuilds) {
    const buildReport = await guarded('2. Build di produzione', async () => {
      builds = await prepareBuilds(log, { measure: only.has('build') });
      return buildTimes(builds);
    });
    reports.push(only.has('build') ? buildReport : skipped('2. Build di produzione'));
  } else reports.push(skipped('2. Build di produzione'));

  // One production composition of the federated builds serves sections 3-5, 9 and 13.
  let composition: BenchComposition | null = null;
  const baselineTitle = `9. Confronto con ${ref} (la build prima delle pagine pubbliche prerenderizzate)`;
  let baselineReport = skipped(baselineTitle);
  let behindLoginReport = skipped(BEHIND_LOGIN_TITLE);
  let compositionProblem = 'build di produzione non disponibile (vedi sezione 2)';
  if (builds && needComposition) {
    try {
      log(`\n>> composizione di produzione sulle porte ${COMPOSITION_PORT_BASE}…`);
      composition = await startBenchComposition(COMPOSITION_PORT_BASE, (builds as PreparedBuilds).roots);
    } catch (error) {
      compositionProblem = `composizione non avviata: ${(error as Error).message}`;
    }
  }
  const withComposition = (title: string, fn: (env: BenchComposition, b: PreparedBuilds) => Promise<SectionReport>) =>
    composition && builds ? guarded(title, () => fn(composition!, builds!)) : Promise.resolve(notMeasured(title, compositionProblem));
  try {
    reports.push(only.has('weight') ? await withComposition('3. Peso delle pagine', (env) => pageWeight(env, log)) : skipped('3. Peso delle pagine'));
    reports.push(only.has('lighthouse') ? await withComposition('4. Lighthouse (mobile)', (env) => lighthouseScores(env, log)) : skipped('4. Lighthouse (mobile)'));
    reports.push(only.has('federation') ? await withComposition('5. Costo della federazione', (env, b) => federationOverhead(env, b, log)) : skipped('5. Costo della federazione'));
    if (only.has('baseline')) baselineReport = await withComposition(baselineTitle, (env) => baselineComparison(env, ref, log));
    // Last on the composition: its sales change the demo shop's figures.
    if (only.has('behind-login')) behindLoginReport = await withComposition(BEHIND_LOGIN_TITLE, (env) => behindLogin(env, log));
  } finally {
    await composition?.stop();
  }
  reports.push(only.has('scale') ? await guarded('6. Scala (API)', () => apiScale(log)) : skipped('6. Scala (API)'));
  reports.push(
    only.has('scale') && builds
      ? await guarded('7. Scala (browser)', () => browserScale((builds as PreparedBuilds).roots, log))
      : only.has('scale')
        ? notMeasured('7. Scala (browser)', 'build di produzione non disponibile (vedi sezione 2)')
        : skipped('7. Scala (browser)'),
  );
  reports.push(only.has('audience') ? await guarded('8. Destinatari (100 000 carte)', () => audienceScale(log)) : skipped('8. Destinatari (100 000 carte)'));
  reports.push(baselineReport);
  reports.push(only.has('import') ? await guarded('10. Importazione CSV (100 000 carte, PGlite)', () => cardImportScale(log)) : skipped('10. Importazione CSV (100 000 carte, PGlite)'));
  const instancesTitle = '11. Più istanze dell’API (PostgreSQL, dietro il proxy)';
  reports.push(only.has('instances') ? await guarded(instancesTitle, () => instancesScale(log)) : skipped(instancesTitle));
  reports.push(only.has('sale') ? await guarded(SALE_SECTION_TITLE, () => saleVsPoints(log)) : skipped(SALE_SECTION_TITLE));
  reports.push(behindLoginReport);
  reports.push(only.has('floor') ? await guarded(FLOOR_TITLE, () => floorPages(log, COMPOSITION_PORT_BASE)) : skipped(FLOOR_TITLE));

  console.log('\n# Risultati di `npm run bench`');
  console.log(`macchina: ${os.cpus().length} core (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, carico medio all'avvio ${loadAtStart.toFixed(2)}, alla fine ${os.loadavg()[0].toFixed(2)}`);
  for (const r of reports) console.log(formatSection(r));
  console.log(`\ndurata totale: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
