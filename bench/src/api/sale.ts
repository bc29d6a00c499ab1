/**
 * Section 12: recording a sale at the counter (decision 075) beside the points update it replaces, on PostgreSQL,
 * each as a share of the hello-world ceiling of the same server in the same run (the goal: a sale ≥ the points
 * update's share, nothing lost). The same runs as section 1 (throughput.ts), only these three.
 */
import { notMeasured, pct, ms, section, target, type SectionReport } from '../report';
import { postgresReachable } from './bench-server';
import { runOn } from './throughput';

/** The bench server's port (BENCH_SALE_PORT moves it off a busy one). */
const PORT = Number(process.env.BENCH_SALE_PORT || 6152);
export const SALE_SECTION_TITLE = '12. Vendita alla cassa e aggiornamento dei punti (PostgreSQL)';

export async function saleVsPoints(log: (line: string) => void): Promise<SectionReport> {
  const report = section(SALE_SECTION_TITLE);
  const pgProblem = await postgresReachable();
  if (pgProblem) return notMeasured(SALE_SECTION_TITLE, `PostgreSQL non raggiungibile: ${pgProblem}`);
  report.method.push(
    'come la sezione 1 (autocannon, 50 connessioni, stesso server API, log info), solo su PostgreSQL e solo tetto, punti (+1) e vendita (1,00 € a «1 punto ogni 1 €», una Idempotency-Key per richiesta, confermata)',
    'punti e vendita: lo stesso numero fisso di richieste (5% del tetto × durata, minimo 500) a rotazione su 500 carte; poi righe del registro e somma dei saldi (devono crescere esattamente del numero di 2xx)',
  );
  const { results, lost } = await runOn('PostgreSQL', PORT, log, (s) => s.kind === 'ceiling' || s.kind === 'write');
  report.tables.push({
    head: ['chiamata', 'req/s', 'p50', 'p99', 'vs tetto', '2xx', 'altri'],
    rows: results.map((r) => [r.name, r.rps.toFixed(0), ms(r.p50), ms(r.p99), r.kind === 'ceiling' ? '100%' : pct(r.ratio), String(r.ok), String(r.failed)]),
  });
  report.notes.push(lost);
  const points = results.find((r) => r.name.startsWith('POST punti'));
  const sale = results.find((r) => r.name.startsWith('POST vendita'));
  const saleLost = lost.split('; ').find((line) => line.includes('vendita')) ?? '';
  if (!points || !sale) {
    report.targets.push(target('vendita ≥ quota dei punti, nulla perso', null, 'una delle due chiamate non misurata'));
    return report;
  }
  report.notes.push(`vendita / punti: ${(sale.ratio / points.ratio).toFixed(2)} (rapporto delle quote del tetto)`);
  report.targets.push(
    target(
      'PostgreSQL vendita ≥ quota del tetto dei punti, nulla perso',
      sale.ratio >= points.ratio && sale.failed === 0 && saleLost.includes('nulla perso'),
      `vendita ${pct(sale.ratio)}, punti ${pct(points.ratio)}; ${saleLost}`,
    ),
  );
  return report;
}
