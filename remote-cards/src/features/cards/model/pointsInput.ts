/** A points amount typed by a person: '12,5' or '12.5' → 12.5; anything else → null. */
export function parsePointsInput(input: string): number | null {
  const normalized = input.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
