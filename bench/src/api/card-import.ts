/**
 * A CSV import of 100 000 cards on PGlite (the embedded database, the slower of the two), over real
 * HTTP: the preview (dry_run=true), the import (dry_run=false, a transaction per batch on PGlite) and the same file again
 * (every row "già presente", nothing written). Rows per second and total time printed; the target is
 * ≤ 30 s for the import.
 */
import { DEMO_ACCOUNTS } from '../../../api/src/seed/demo';
import { section, seconds, target, type SectionReport } from '../report';
import { startBenchServer } from './bench-server';
import { call } from './scale';

const TITLE = '10. Importazione CSV (100 000 carte, PGlite)';
const ROWS = 100_000;
const PORT = 6180;
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

interface Outcome {
  valid: number;
  invalid_count: number;
  imported: number;
  skipped: number;
}

/** A file as Italian Excel writes it: BOM, `;`, CRLF, decimal comma; every row a new customer. */
function csvFile(rows: number): Buffer {
  const lines = ['\uFEFFNome;Email;Telefono;Punti;Data di nascita'];
  for (let i = 0; i < rows; i++) {
    lines.push(`Cliente Import ${i};cliente.${i}@example.it;333 ${String(1_000_000 + i).padStart(7, '0')};${i % 100},5;${String((i % 28) + 1).padStart(2, '0')}/05/1980`);
  }
  return Buffer.from(lines.join('\r\n'));
}

export async function cardImportScale(log: (line: string) => void): Promise<SectionReport> {
  const report = section(TITLE);
  const file = csvFile(ROWS);
  report.method.push(
    `PGlite, database nuovo con il seed demo; un file di ${ROWS.toLocaleString('it-IT')} righe (${(file.length / 2 ** 20).toFixed(1)} MB: nome, email, telefono, punti con decimali, data di nascita), tutte nuove`,
    'POST /api/loyalty-cards/business/{id}/import (text/csv) su HTTP: anteprima (dry_run=true), importazione (dry_run=false, INSERT … SELECT da unnest a blocchi di 250 righe, una transazione per blocco su PGlite) e lo stesso file una seconda volta',
  );
  const server = await startBenchServer('PGlite', PORT);
  try {
    const { body: session } = await call<{ token: string; user: { id: string } }>(`${server.url}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { body: businesses } = await call<{ id: string }[]>(`${server.url}/api/business`, { token: session.token });
    const url = `${server.url}/api/loyalty-cards/business/${businesses[0].id}/import`;
    const send = async (dryRun: boolean) => {
      const started = performance.now();
      const res = await fetch(`${url}?dry_run=${dryRun}`, { method: 'POST', headers: { 'content-type': 'text/csv', authorization: `Bearer ${session.token}` }, body: new Uint8Array(file) });
      const text = await res.text();
      const elapsed = performance.now() - started;
      if (!res.ok) throw new Error(`import dry_run=${dryRun}: ${res.status} ${text.slice(0, 200)}`);
      return { outcome: JSON.parse(text) as Outcome, ms: elapsed };
    };
    const preview = await send(true);
    log(`  anteprima: ${seconds(preview.ms)} (${preview.outcome.valid} valide)`);
    const imported = await send(false);
    log(`  importazione: ${seconds(imported.ms)} (${imported.outcome.imported} importate)`);
    const again = await send(false);
    log(`  di nuovo: ${seconds(again.ms)} (${again.outcome.skipped} già presenti, ${again.outcome.imported} importate)`);
    const rate = (ms: number) => `${Math.round(ROWS / (ms / 1000)).toLocaleString('it-IT')} righe/s`;
    report.tables.push({
      head: ['richiesta', 'tempo', 'righe/s', 'esito'],
      rows: [
        ['anteprima', seconds(preview.ms), rate(preview.ms), `${preview.outcome.valid} valide, ${preview.outcome.invalid_count} scartate`],
        ['importazione', seconds(imported.ms), rate(imported.ms), `${imported.outcome.imported} importate`],
        ['stesso file di nuovo', seconds(again.ms), rate(again.ms), `${again.outcome.imported} importate, ${again.outcome.skipped} già presenti`],
      ],
    });
    report.targets.push(
      target('importazione di 100 000 righe ≤ 30 s (PGlite)', imported.ms <= 30_000 && imported.outcome.imported === ROWS, seconds(imported.ms)),
      target('seconda importazione: nulla cambia', again.outcome.imported === 0 && again.outcome.skipped === ROWS, `${again.outcome.skipped} già presenti`),
    );
  } finally {
    await server.stop();
  }
  return report;
}
