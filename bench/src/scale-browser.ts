/**
 * Section 7, browser side of the scale goals: 100 000 cards in one shop, the overview's cold load until
 * tiles and first cards are shown, and the longest main-thread task while scrolling the card list.
 * Runs the cards team's own benchmark (bench/src/cards-scale.ts, on PGlite) against this run's
 * production builds and reads its figures, so both commands measure the same thing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AppName } from '@loyalty/tools';
import { ms, section, target, type SectionReport } from './report';

const TITLE = '7. Scala (browser)';
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PORT_BASE = 6400; // 6400-6405, API 6500
const RUNS = 5;

function runScaleScript(roots: Record<AppName, string>, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join('bench', 'src', 'cards-scale.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, BENCH_PORT_BASE: String(PORT_BASE), RUNS: String(RUNS), CARDS: '100000', APP_ROOTS: JSON.stringify(roots) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      for (const line of out.trim().split('\n')) log(`  ${line}`);
      if (code === 0) resolve(out);
      else reject(new Error(`bench/src/cards-scale.ts: exit ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

function figure(output: string, label: string): { value: number; detail: string } {
  const line = output.split('\n').find((l) => l.startsWith(label));
  const match = line?.match(/(\d+) ms(.*)$/);
  if (!line || !match) throw new Error(`riga "${label}" assente nell'output del bench delle carte`);
  return { value: Number(match[1]), detail: match[2].trim() };
}

export async function browserScale(roots: Record<AppName, string>, log: (line: string) => void): Promise<SectionReport> {
  const report = section(TITLE);
  report.method.push(
    'bench/src/cards-scale.ts sui build di produzione di questa esecuzione: PGlite, seed demo + 100 000 carte in "Bar Centrale" (INSERT … generate_series), Chromium di Debian headless, finestra 1280×800',
    `panoramica interattiva: mediana di ${RUNS} caricamenti a freddo (contesto nuovo, cache vuota, token già salvato) da navigazione a /dashboard fino a riquadri con il totale e prime carte visibili`,
    'task più lungo: PerformanceObserver "longtask" (task > 50 ms) durante 60 passi di rotella da 600 px nella lista virtuale, che carica le pagine dal server man mano',
  );
  const output = await runScaleScript(roots, log);
  const interactive = figure(output, 'UI   overview interactive');
  const longest = figure(output, 'UI   longest task scrolling');
  const middle = figure(output, 'UI   scroll to the middle');
  const stats = figure(output, 'API  GET stats');
  const page = figure(output, 'API  GET first page (50)');
  report.tables.push({
    head: ['misura (100 000 carte, PGlite)', 'valore'],
    rows: [
      ['API statistiche (mediana di 5)', ms(stats.value)],
      ['API prima pagina da 50 (mediana di 5)', ms(page.value)],
      ['panoramica interattiva', `${ms(interactive.value)} ${interactive.detail.split(';')[0]})`],
      ['salto a metà lista (carta 50 012 visibile)', ms(middle.value)],
      ['task più lungo scorrendo la lista', `${ms(longest.value)} ${longest.detail}`],
    ],
  });
  report.targets.push(target('panoramica utilizzabile in circa 1 s', interactive.value <= 1200, ms(interactive.value)));
  report.targets.push(target('task più lungo scorrendo la lista ≤ 50 ms', longest.value <= 50, ms(longest.value)));
  return report;
}
