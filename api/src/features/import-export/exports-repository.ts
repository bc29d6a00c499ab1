import type { Queryable } from '../../db';
import type { Channel } from '../messaging/types';
import type { LedgerEntry } from '../cards/repository';

/**
 * A business's cards and ledger read for the CSV export in batches (keyset pagination), so an
 * export of 100 000 cards never holds more than one batch (docs/decisions/043-csv-export.md). Each batch
 * is its own statement, the same on PGlite and PostgreSQL (no cursor: a transaction held open for the
 * whole download would stop every other query of the embedded PGlite). Rows written during a download
 * may or may not be in it; none is read twice or skipped, as the keys never change.
 *
 * Dates come out as Italian Excel reads them, formatted by the database in the shop's time zone
 * (Europe/Rome, like the rest of the API): 'DD/MM/YYYY' and 'DD/MM/YYYY HH:MM:SS'.
 */

/** Where the previous batch stopped: the last row read, by its `created_at` (full precision, as text) and id. */
export interface ExportCursor {
  at: string;
  id: string;
}

export interface CardExportRow {
  id: string;
  card_number: string;
  customer_name: string;
  email: string | null;
  customer_phone: string | null;
  points: number;
  /** 'DD/MM/YYYY' */
  birth_date: string | null;
  /** 'DD/MM/YYYY HH:MM:SS', Europe/Rome */
  created_at: string;
  marketing_channels: Channel[];
  cursor_at: string;
}

export interface LedgerExportRow {
  id: string;
  /** 'DD/MM/YYYY HH:MM:SS', Europe/Rome */
  created_at: string;
  card_number: string;
  customer_name: string;
  kind: LedgerEntry['kind'];
  points: number;
  /** A sale's amount spent in cents (decision 075); null for any other row. */
  amount_cents: number | null;
  reward_name: string | null;
  description: string;
  author_name: string | null;
}

const DAY = `'DD/MM/YYYY'`;
const INSTANT = `'DD/MM/YYYY HH24:MI:SS'`;
const rome = (column: string) => `to_char(${column} AT TIME ZONE 'Europe/Rome', ${INSTANT})`;

// Newest first, like the card list: the index loyalty_cards (business_id, created_at DESC, id) serves the order and the keyset
// (`created_at <= $2` is the index's range, so a batch deep in the list starts where the last one stopped, not at the top).
const CARDS_SQL = `
  SELECT c.id, c.card_number, c.customer_name, c.email, c.customer_phone, c.points, to_char(c.birth_date, ${DAY}) AS birth_date,
         ${rome('c.created_at')} AS created_at, c.marketing_channels, c.created_at::text AS cursor_at
    FROM loyalty_cards c
   WHERE c.business_id = $1`;
const CARDS_ORDER = ' ORDER BY c.created_at DESC, c.id LIMIT';

/**
 * How many ledger rows (of every shop) one ledger batch walks. The ledger has no business column: a batch walks the
 * global time index `points_ledger (created_at, card_id)` for this many rows and keeps the shop's. Written into the
 * SQL (not a parameter) so that even a generic plan without statistics sees a small LIMIT and walks the index,
 * instead of joining the shop's cards to the whole ledger in every batch (decision 043).
 */
export const LEDGER_WINDOW = 5000;

// Oldest first, as a ledger reads. `edge` is the last row walked (the next batch starts after it) and always comes
// out, with the shop's rows of the window, or with NULLs when the window held none of them.
const LEDGER_SQL = `
  WITH scanned AS MATERIALIZED (
    SELECT l.id, l.card_id, l.created_at, l.kind, l.points, l.amount_cents, l.reward_name, l.description, l.author_id
      FROM points_ledger l
     WHERE (l.created_at, l.id) > ($2::timestamptz, $3::bigint)
     ORDER BY l.created_at, l.id
     LIMIT ${LEDGER_WINDOW}
  ), edge AS (
    SELECT s.created_at::text AS next_at, s.id::text AS next_id FROM scanned s ORDER BY s.created_at DESC, s.id DESC LIMIT 1
  )
  SELECT edge.next_at, edge.next_id, r.*
    FROM edge
    LEFT JOIN LATERAL (
      SELECT s.id::text AS id, ${rome('s.created_at')} AS created_at, c.card_number, c.customer_name, s.kind, s.points,
             s.amount_cents, s.reward_name, s.description, u.full_name AS author_name, s.created_at AS sort_at, s.id AS sort_id
        FROM scanned s
        JOIN loyalty_cards c ON c.id = s.card_id
        LEFT JOIN users u ON u.id = s.author_id
       WHERE c.business_id = $1
    ) r ON true
   ORDER BY r.sort_at, r.sort_id`;

export function createExportsRepository(db: Queryable) {
  return {
    /** The next `limit` cards of the business after `after` (newest first); fewer than `limit` means the end. */
    async cardsBatch(businessId: string, after: ExportCursor | null, limit: number): Promise<CardExportRow[]> {
      const { rows } = after
        ? await db.query<CardExportRow>(
            `${CARDS_SQL} AND c.created_at <= $2::timestamptz AND (c.created_at < $2::timestamptz OR c.id > $3)${CARDS_ORDER} $4`,
            [businessId, after.at, after.id, limit],
          )
        : await db.query<CardExportRow>(`${CARDS_SQL}${CARDS_ORDER} $2`, [businessId, limit]);
      return rows;
    },

    /**
     * The shop's ledger rows among the next LEDGER_WINDOW rows of the whole ledger after `after` (oldest first), and
     * where the next window starts; `next` null: the ledger ends here.
     */
    async ledgerWindow(businessId: string, after: ExportCursor | null): Promise<{ rows: LedgerExportRow[]; next: ExportCursor | null }> {
      const { rows } = await db.query<LedgerExportRow & { next_at: string; next_id: string; id: string | null }>(LEDGER_SQL, [
        businessId,
        after?.at ?? '-infinity',
        after?.id ?? '0',
      ]);
      if (rows.length === 0) return { rows: [], next: null };
      const next = { at: rows[0].next_at, id: rows[0].next_id };
      return { rows: rows.filter((r) => r.id !== null), next };
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
