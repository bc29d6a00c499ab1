/**
 * Messages sent per shop per month per channel (decision 086), counted from the message log (outbox_messages)
 * rather than kept in a counter that could drift from it: a row counts when a provider took the message — it
 * names the account that sent it ('shop' or 'platform'; test mode records none) and its status is not 'failed'.
 * Months are Rome's calendar months, as the shops live them.
 */
import { z } from 'zod';
import type { Queryable } from '../../db';
import { FIELD_LABELS, fieldInvalid } from '../../messages';

export interface MonthUsage {
  /** 'YYYY-MM', Rome time. */
  month: string;
  whatsapp: number;
  sms: number;
  email: number;
  total: number;
  /** Of the total, how many went through the platform's account. */
  platform: number;
}

export const monthUsageSchema = z
  .object({
    month: z.string().describe('AAAA-MM, ora di Roma'),
    whatsapp: z.number().int(),
    sms: z.number().int(),
    email: z.number().int(),
    total: z.number().int(),
    platform: z.number().int().describe('Di cui inviati con l’account della piattaforma'),
  })
  .meta({ id: 'MonthUsage' });

export const usageMonthQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${fieldInvalid(FIELD_LABELS.month)}: usa il formato AAAA-MM, es. 2026-11`)
  .optional()
  .describe('Il mese (AAAA-MM); assente: il mese in corso a Roma. La risposta ha quel mese e il precedente');

/** `month` ('YYYY-MM') and the one before it. */
export function monthAndPrevious(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number);
  const previous = m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
  return [month, previous];
}

/** The month in Rome at `at`, 'YYYY-MM'. */
export function romeMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

const empty = (month: string): MonthUsage => ({ month, whatsapp: 0, sms: 0, email: 0, total: 0, platform: 0 });

export function createUsageRepository(db: Queryable) {
  /** Every business's usage (or one's) in the months given: a map business id → one MonthUsage per month, in order. */
  async function usage(months: string[], businessId: string | null): Promise<Map<string, MonthUsage[]>> {
    const { rows } = await db.query<{ business_id: string; month: string; channel: 'whatsapp' | 'sms' | 'email'; sent: number; platform: number }>(
      `SELECT business_id, to_char(created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, channel,
              count(*)::int AS sent, count(*) FILTER (WHERE account = 'platform')::int AS platform
         FROM outbox_messages
        WHERE account IS NOT NULL AND status <> 'failed'
          AND ($1::text IS NULL OR business_id = $1)
          AND created_at >= (to_date($2, 'YYYY-MM')::timestamp AT TIME ZONE 'Europe/Rome')
          AND created_at < ((to_date($3, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'Europe/Rome')
        GROUP BY 1, 2, 3`,
      [businessId, [...months].sort()[0], [...months].sort().at(-1)],
    );
    const result = new Map<string, MonthUsage[]>();
    for (const row of rows) {
      if (!result.has(row.business_id)) result.set(row.business_id, months.map(empty));
      const usage = result.get(row.business_id)!.find((u) => u.month === row.month);
      if (!usage) continue;
      usage[row.channel] += row.sent;
      usage.total += row.sent;
      usage.platform += row.platform;
    }
    return result;
  }

  return {
    async ofBusiness(businessId: string, months: string[]): Promise<MonthUsage[]> {
      return (await usage(months, businessId)).get(businessId) ?? months.map(empty);
    },
    /** Every business, by name, with its usage (zero when it sent nothing). */
    async ofEveryBusiness(months: string[]): Promise<{ businessId: string; name: string; months: MonthUsage[] }[]> {
      const [{ rows }, byBusiness] = await Promise.all([db.query<{ id: string; name: string }>('SELECT id, name FROM businesses ORDER BY lower(name), id'), usage(months, null)]);
      return rows.map((b) => ({ businessId: b.id, name: b.name, months: byBusiness.get(b.id) ?? months.map(empty) }));
    },
  };
}
