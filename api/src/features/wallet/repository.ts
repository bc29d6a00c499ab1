/**
 * The SQL of Apple Wallet passes (migration 014): a pass per card, the devices registered for it,
 * the update tags and the push jobs (claimed like messaging_jobs: FOR UPDATE SKIP LOCKED and a lease).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db';
import { claimDueSql, completeSql, retryOrFailOutcome, retryOrFailSql, type JobOutcome } from '../../lib/leased-queue';

export interface PassRecord {
  card_id: string;
  serial_number: string;
  download_token: string;
  auth_token: string;
  update_tag: number;
  modified_at: string;
}

/** What a wallet card shows of its holder, its shop and its balance, in both wallets. */
export interface CardFace {
  user_id: string | null;
  card_number: string;
  customer_name: string;
  points: number;
  business_name: string;
  loyalty_mode: 'points' | 'stamps';
  /** The shop's colour, '#rrggbb' (migration 015); null: the dashboard's dark blue. */
  brand_color: string | null;
  /** The cheapest reward the card cannot have yet (active, in stock, valid today), or null. */
  next_reward: { name: string; cost: number } | null;
}

/** Everything a pass shows, read in one statement. */
export interface PassContent extends PassRecord, CardFace {}

export interface PushJob {
  id: number;
  serial_number: string;
  device_library_id: string;
  push_token: string;
  attempts: number;
  lock_token: string;
}

/**
 * The devices a pass keeps (decision 059): a person's phone and watch, a few replaced phones. Anyone holding the pass
 * can register devices for it, and each balance change pushes to every one. Migration 025's trigger pushes to
 * this many newest devices of a pass, whatever is registered.
 */
export const DEVICES_PER_PASS = 10;

/** 32 random bytes, URL-safe: a link nobody can guess or enumerate. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * The next reward of card `c` of business `b`: the cheapest it cannot have yet (active, in stock, valid today),
 * as json { name, cost }, or null. Shared by the Apple pass and the Google object.
 */
export const NEXT_REWARD_SQL = `(SELECT json_build_object('name', r.name, 'cost', r.cost)
                   FROM rewards r
                  WHERE r.business_id = b.id AND r.active AND NOT r.archived AND r.cost > c.points
                    AND (r.stock IS NULL OR r.stock > 0)
                    AND (r.valid_from IS NULL OR r.valid_from <= (now() AT TIME ZONE 'Europe/Rome')::date)
                    AND (r.valid_until IS NULL OR r.valid_until >= (now() AT TIME ZONE 'Europe/Rome')::date)
                  ORDER BY r.cost, r.name, r.id LIMIT 1)`;

const PASS_COLUMNS = 'p.card_id, p.serial_number, p.download_token, p.auth_token, p.update_tag, p.modified_at';

export function createWalletRepository(db: Db) {
  return {
    /** The card's pass, made on first call (the tokens are drawn once and kept). Null when the card does not exist. */
    async ensurePass(cardId: string): Promise<PassRecord | null> {
      const { rows } = await db.query<PassRecord>(
        `WITH made AS (
           INSERT INTO wallet_passes (card_id, serial_number, download_token, auth_token)
           SELECT id, $2, $3, $4 FROM loyalty_cards WHERE id = $1
           ON CONFLICT (card_id) DO NOTHING
           RETURNING card_id, serial_number, download_token, auth_token, update_tag, modified_at
         )
         SELECT * FROM made
         UNION ALL
         SELECT ${PASS_COLUMNS} FROM wallet_passes p WHERE p.card_id = $1`,
        [cardId, crypto.randomUUID(), randomToken(), randomToken()],
      );
      if (rows[0]) return rows[0];
      // A concurrent first call inserted it after this statement's snapshot: read it now.
      const again = await db.query<PassRecord>(`SELECT ${PASS_COLUMNS} FROM wallet_passes p WHERE p.card_id = $1`, [cardId]);
      return again.rows[0] ?? null;
    },

    async contentBy(column: 'serial_number' | 'download_token', value: string): Promise<PassContent | null> {
      const { rows } = await db.query<PassContent>(
        `SELECT ${PASS_COLUMNS}, c.user_id, c.card_number, c.customer_name, c.points, b.name AS business_name, b.loyalty_mode, b.brand_color,
                ${NEXT_REWARD_SQL} AS next_reward
           FROM wallet_passes p JOIN loyalty_cards c ON c.id = p.card_id JOIN businesses b ON b.id = c.business_id
          WHERE p.${column} = $1`,
        [value],
      );
      return rows[0] ?? null;
    },

    /**
     * 'created', 'exists' (the device already had it; its push token is refreshed) or null (no such pass). A pass
     * keeps its DEVICES_PER_PASS newest devices: a new one beyond them drops the oldest, with any push still queued
     * for it. Registrations of one pass take turns (the pass's row lock), so the bound holds when they race.
     */
    async register(serial: string, device: string, pushToken: string): Promise<'created' | 'exists' | null> {
      return db.transaction(async (tx) => {
        const pass = await tx.query('SELECT 1 FROM wallet_passes WHERE serial_number = $1 FOR NO KEY UPDATE', [serial]);
        if (pass.rows.length === 0) return null;
        // clock_timestamp(), not the transaction's start: after every registration that took its turn before this one.
        const { rows } = await tx.query<{ inserted: boolean }>(
          `INSERT INTO wallet_registrations (device_library_id, serial_number, push_token, created_at) VALUES ($1, $2, $3, clock_timestamp())
           ON CONFLICT (device_library_id, serial_number) DO UPDATE SET push_token = EXCLUDED.push_token
           RETURNING (xmax = 0) AS inserted`,
          [device, serial, pushToken],
        );
        if (!rows[0].inserted) return 'exists';
        await tx.query(
          `WITH dropped AS (
             DELETE FROM wallet_registrations r
              WHERE r.serial_number = $1
                AND r.device_library_id IN (SELECT d.device_library_id FROM wallet_registrations d WHERE d.serial_number = $1
                                             ORDER BY d.created_at DESC, d.device_library_id DESC OFFSET $2)
             RETURNING r.device_library_id
           )
           DELETE FROM wallet_push_jobs j USING dropped
            WHERE j.serial_number = $1 AND j.device_library_id = dropped.device_library_id AND j.status = 'queued'`,
          [serial, DEVICES_PER_PASS],
        );
        return 'created';
      });
    },

    async unregister(serial: string, device: string): Promise<void> {
      await db.query('DELETE FROM wallet_registrations WHERE device_library_id = $1 AND serial_number = $2', [device, serial]);
    },

    /** The device's passes updated after `since` (all of them without it), with the highest tag among them. */
    async updatedSince(device: string, since: number | null): Promise<{ serialNumbers: string[]; lastUpdated: number }> {
      const { rows } = await db.query<{ serial_number: string; update_tag: number }>(
        `SELECT p.serial_number, p.update_tag FROM wallet_registrations r JOIN wallet_passes p ON p.serial_number = r.serial_number
          WHERE r.device_library_id = $1 AND ($2::bigint IS NULL OR p.update_tag > $2::bigint)
          ORDER BY p.update_tag, p.serial_number`,
        [device, since],
      );
      return { serialNumbers: rows.map((r) => r.serial_number), lastUpdated: rows.reduce((max, r) => Math.max(max, r.update_tag), since ?? 0) };
    },

    /**
     * Claims due pushes and, in the same transaction, gives their passes the next update tag: the counter's
     * row lock orders tags as their transactions commit, and the tag is committed before any push goes out,
     * so the device that asks after the push finds its pass listed.
     *
     * Lock order (decision 059): a balance change locks the pass (its trigger sets `modified_at`) and then queues
     * a push per device, which waits for a claim holding that device's queued push. So a claim must never wait
     * for a pass while it holds pushes: it takes a push only together with its pass's lock, both at once or not
     * at all (SKIP LOCKED); a push whose pass a change holds stays queued for the next claim. The only lock a
     * claim waits for is the counter's, held only by claims that wait for nothing more.
     */
    async claim(limit: number, leaseMs: number, lockToken: string): Promise<PushJob[]> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<PushJob>(
          claimDueSql({
            table: 'wallet_push_jobs',
            returning: 'j.id, j.serial_number, j.device_library_id, j.push_token, j.attempts, j.lock_token',
            alsoDue: `j.serial_number IN (SELECT p.serial_number FROM wallet_passes p WHERE p.serial_number = j.serial_number FOR NO KEY UPDATE SKIP LOCKED)`,
          }),
          [limit, leaseMs, lockToken],
        );
        const fresh = [...new Set(rows.filter((r) => r.attempts === 1).map((r) => r.serial_number))];
        if (fresh.length > 0) {
          await tx.query(
            `WITH tag AS (UPDATE wallet_update_counter SET value = value + 1 RETURNING value)
             UPDATE wallet_passes SET update_tag = tag.value FROM tag WHERE serial_number = ANY($1::text[])`,
            [fresh],
          );
        }
        return rows.sort((a, b) => a.id - b.id);
      });
    },

    async complete(job: PushJob): Promise<boolean> {
      const { rows } = await db.query(completeSql('wallet_push_jobs'), [job.id, job.lock_token]);
      return rows.length > 0;
    },

    /**
     * Back to the queue in `retryInMs`, or failed for good (null, or APNs said the token is gone). A push
     * already queued for the same device and pass (a later change) takes its place: this one is closed. Answers
     * which of the two it did (null: the lease was lost, nothing written).
     */
    async fail(job: PushJob, error: string, retryInMs: number | null): Promise<JobOutcome | null> {
      const { rows } = await db.query<{ status: string }>(
        retryOrFailSql('wallet_push_jobs', 'q.serial_number = j.serial_number AND q.device_library_id = j.device_library_id'),
        [job.id, job.lock_token, retryInMs, error],
      );
      return retryOrFailOutcome(rows);
    },

    /** APNs answered 410 (the device no longer has the pass): its registration goes. */
    async forgetDevice(serial: string, device: string): Promise<void> {
      await db.query('DELETE FROM wallet_registrations WHERE device_library_id = $1 AND serial_number = $2', [device, serial]);
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
