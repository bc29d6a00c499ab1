/**
 * Migration 011 (decision 024): the phone numbers already stored, in E.164 like every number that
 * enters from now on. A TypeScript data step (src/db/migrate.ts) because the rules of valid numbers are
 * libphonenumber's, not SQL's; it runs once, in the migrations' transaction, recorded in schema_migrations.
 *
 * A number that is not valid ('abc', '333 12') is left exactly as written: nothing is lost, the lists show
 * it as it was typed and sends still skip it as an invalid contact.
 */
import type { Queryable } from '../src/db/types';
import { normalizePhone } from '../src/lib/phone';

/** Columns that hold one phone number each. */
const PHONE_COLUMNS = [
  ['loyalty_cards', 'customer_phone'],
  ['users', 'phone'],
  ['businesses', 'phone'],
  ['messaging_settings', 'phone_number'],
] as const;

/** written → E.164, for the written values that are valid numbers not yet in E.164. */
function changes(written: readonly string[]): { from: string[]; to: string[] } {
  const from: string[] = [];
  const to: string[] = [];
  for (const value of new Set(written)) {
    const e164 = normalizePhone(value);
    if (e164 && e164 !== value) {
      from.push(value);
      to.push(e164);
    }
  }
  return { from, to };
}

async function normaliseColumn(tx: Queryable, table: string, column: string): Promise<void> {
  const { rows } = await tx.query<{ value: string }>(`SELECT DISTINCT ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`);
  const { from, to } = changes(rows.map((r) => r.value));
  if (from.length === 0) return;
  await tx.query(
    `UPDATE ${table} SET ${column} = m.e164 FROM unnest($1::text[], $2::text[]) AS m(written, e164) WHERE ${table}.${column} = m.written`,
    [from, to],
  );
}

/**
 * The STOP list is keyed by (business, contact): a number written several ways becomes one row. A row
 * already in E.164 stays as it is; otherwise the earliest of the written ones gives its date and source.
 */
async function normaliseOptOuts(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ value: string }>("SELECT DISTINCT contact AS value FROM messaging_opt_outs WHERE position('@' in contact) = 0");
  const { from, to } = changes(rows.map((r) => r.value));
  if (from.length === 0) return;
  await tx.query(
    `INSERT INTO messaging_opt_outs (business_id, contact, source, created_at)
     SELECT o.business_id, m.e164, o.source, o.created_at
       FROM messaging_opt_outs o JOIN unnest($1::text[], $2::text[]) AS m(written, e164) ON o.contact = m.written
      ORDER BY o.created_at
     ON CONFLICT (business_id, contact) DO NOTHING`,
    [from, to],
  );
  await tx.query('DELETE FROM messaging_opt_outs WHERE contact = ANY($1::text[])', [from]);
}

/** A campaign's recipient: an object with `customer_phone` (or the older alias `customerphone`), or a bare contact. */
function normaliseRecipient(recipient: unknown): unknown {
  if (typeof recipient === 'string') return recipient.includes('@') ? recipient : (normalizePhone(recipient) ?? recipient);
  if (!recipient || typeof recipient !== 'object' || Array.isArray(recipient)) return recipient;
  const result = { ...(recipient as Record<string, unknown>) };
  for (const key of ['customer_phone', 'customerphone']) {
    const value = result[key];
    if (typeof value === 'string') result[key] = normalizePhone(value) ?? value;
  }
  return result;
}

async function normaliseCampaignRecipients(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: string; recipients: unknown[] }>("SELECT id, recipients FROM campaigns WHERE recipients <> '[]'::jsonb");
  for (const { id, recipients } of rows) {
    const normalised = recipients.map(normaliseRecipient);
    if (JSON.stringify(normalised) !== JSON.stringify(recipients)) {
      await tx.query('UPDATE campaigns SET recipients = $2::jsonb WHERE id = $1', [id, JSON.stringify(normalised)]);
    }
  }
}

export async function up(tx: Queryable): Promise<void> {
  for (const [table, column] of PHONE_COLUMNS) await normaliseColumn(tx, table, column);
  await normaliseOptOuts(tx);
  await normaliseCampaignRecipients(tx);
}
