/**
 * Money as it reads on screen. Kept apart from the sale's input rules (`sale.ts`), which bring shared's form rules and
 * zod with them: the overview's sales report and charts only write amounts, and must not pull 12 KB of form code onto
 * `/dashboard` before its tiles (decision 107: form rules on intent).
 */
import { formatDecimal } from '@loyalty/shared';

/** Cents the Italian way: 123450 → '1.234,50 €' (shared's formatDecimal: no Intl formatter on the counter, decision 096). */
export const formatCents = (cents: number) => `${formatDecimal(cents / 100, 2)} €`;
