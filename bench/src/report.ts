/** What every section returns, and how the run prints it: figures, how they were measured, targets. */

export interface Target {
  name: string;
  /** null: the figure it depends on was not measured. */
  met: boolean | null;
  detail: string;
}

export interface SectionReport {
  title: string;
  /** How the figures were measured, one line each. */
  method: string[];
  tables: { head: string[]; rows: string[][] }[];
  notes: string[];
  targets: Target[];
  /** Set when the section could not run: printed instead of figures. */
  notMeasured?: string;
}

export function section(title: string): SectionReport {
  return { title, method: [], tables: [], notes: [], targets: [] };
}

export function notMeasured(title: string, reason: string): SectionReport {
  return { ...section(title), notMeasured: reason };
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/d');
export const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
export const pct = (ratio: number) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : 'n/d');

export function target(name: string, met: boolean | null, detail: string): Target {
  return { name, met, detail };
}

function formatTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatSection(report: SectionReport): string {
  const out = [`\n## ${report.title}`];
  if (report.notMeasured) {
    out.push(`non misurato: ${report.notMeasured}`);
    return out.join('\n');
  }
  if (report.method.length) out.push(...report.method.map((m) => `  come: ${m}`));
  for (const t of report.tables) out.push('', formatTable(t.head, t.rows));
  if (report.notes.length) out.push('', ...report.notes.map((n) => `  ${n}`));
  if (report.targets.length) {
    out.push('', 'obiettivi:');
    for (const t of report.targets) {
      const mark = t.met === null ? 'NON MISURATO' : t.met ? 'OK' : 'MANCATO';
      out.push(`  [${mark}] ${t.name}: ${t.detail}`);
    }
  }
  return out.join('\n');
}
