const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Italian date (gg/mm/aaaa). A date without time (a birth date) is shown as written, never shifted
 * by the time zone; a timestamp in the browser's zone.
 */
export function formatItalianDate(value: string | null | undefined): string {
  if (!value) return '—';
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** Italian date and time for the points history. */
export function formatItalianDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A points amount typed by a person: '12,5' or '12.5' → 12.5; anything else → null. */
export function parsePointsInput(input: string): number | null {
  const normalized = input.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
