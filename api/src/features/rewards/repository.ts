import { managedBySql } from '../../lib/business-access';
/**
 * The rewards catalogue, redemption and the program of a business, on the points ledger
 * (docs/decisions/036-rewards-on-the-ledger.md). Every balance change is one ledger row written in the same
 * statement as the balance, like `addPoints`.
 */
import type { Queryable } from '../../db';
import type { LedgerEntry } from '../cards/repository';
import { enqueueMessage } from '../messaging/enqueue';
import { createPromotionsRepository } from './promotions-repository';
import { RECENT_SALE_SECONDS, type EarningRule, type PromotionRecord, type SaleEarning } from './earning';

export const LOYALTY_MODES = ['points', 'stamps'] as const;
export type LoyaltyMode = (typeof LOYALTY_MODES)[number];

export const LEDGER_KINDS = ['credit', 'redemption', 'expiry', 'birthday', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface RewardRecord {
  id: string;
  business_id: string;
  name: string;
  description: string | null;
  cost: number;
  active: boolean;
  /** 'YYYY-MM-DD' */
  valid_from: string | null;
  valid_until: string | null;
  stock: number | null;
  redeemed_count: number;
  archived: boolean;
  created_at: string;
}

export interface RewardFields {
  name: string;
  cost: number;
  description: string | null;
  active: boolean;
  valid_from: string | null;
  valid_until: string | null;
  stock: number | null;
}

export interface Program extends EarningRule {
  loyalty_mode: LoyaltyMode;
  expiry_months: number | null;
  expiry_reminder_days: number;
  birthday_points: number;
  birthday_message: string | null;
}

/** Why a reward cannot be redeemed on `today`, or null when it can. */
export type RewardUnavailable = 'archived' | 'inactive' | 'not-yet' | 'expired' | 'out-of-stock';

export function rewardUnavailable(reward: RewardRecord, today: string): RewardUnavailable | null {
  if (reward.archived) return 'archived';
  if (!reward.active) return 'inactive';
  if (reward.valid_from && today < reward.valid_from) return 'not-yet';
  if (reward.valid_until && today > reward.valid_until) return 'expired';
  if (reward.stock !== null && reward.stock <= 0) return 'out-of-stock';
  return null;
}

/** The calendar day of `now` in Italy ('YYYY-MM-DD'): the day a shop's rewards and birthdays go by. */
// Built once: constructing an Intl.DateTimeFormat with a time zone costs about a millisecond of the API thread,
// which a flood of signups (each asks for today's date in Rome) turned into the largest item of its profile.
const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

export function italianDay(now: Date): string {
  return ROME_DAY.format(now);
}

const REWARD_COLUMNS =
  'r.id, r.business_id, r.name, r.description, r.cost, r.active, r.valid_from, r.valid_until, r.stock, r.archived, r.created_at, ' +
  "(SELECT count(*) FROM points_ledger l WHERE l.reward_id = r.id AND l.kind = 'redemption')::int AS redeemed_count";

/** The columns of a ledger row as every answer shows it (alias `l`), without the author's name. */
const LEDGER_COLUMNS = 'l.id, l.card_id, l.points, l.kind, l.reward_id, l.reward_name, l.description, l.amount_cents, l.author_id, l.created_at';

const PROGRAM_FIELDS = [
  'loyalty_mode',
  'expiry_months',
  'expiry_reminder_days',
  'birthday_points',
  'birthday_message',
  'earning_rule',
  'earn_points',
  'earn_every_cents',
  'earn_rounding',
  'min_spend_cents',
  'visit_points',
  'visit_once_per_day',
] as const;
const PROGRAM_COLUMNS = PROGRAM_FIELDS.join(', ');

/** What recording a sale answers: the new balance and the row, or why nothing was recorded. */
export type SaleOutcome =
  | { balance: number; entry: LedgerEntry; earning: SaleEarning; replayed: boolean }
  | { refused: 'visited-today' | 'over-limit' | 'key-reused' }
  | { recent: number };

/** SQL condition: the business `b` is managed by `ownerId` ($n, owner or co-admin): null = any (super admin). */
const ownedBy = (n: number) => `($${n}::text IS NULL OR ${managedBySql('b', n)})`;

export function createRewardsRepository(db: Queryable) {
  return {
    /** Not archived, active and inactive, by cost then name. */
    async listByBusiness(businessId: string): Promise<RewardRecord[]> {
      const { rows } = await db.query<RewardRecord>(
        `SELECT ${REWARD_COLUMNS} FROM rewards r WHERE r.business_id = $1 AND NOT r.archived ORDER BY r.cost, r.name, r.id`,
        [businessId],
      );
      return rows;
    },

    async create(businessId: string, fields: RewardFields): Promise<RewardRecord> {
      const { rows } = await db.query<RewardRecord>(
        `INSERT INTO rewards AS r (business_id, name, cost, description, active, valid_from, valid_until, stock)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING ${REWARD_COLUMNS}`,
        [businessId, fields.name, fields.cost, fields.description, fields.active, fields.valid_from, fields.valid_until, fields.stock],
      );
      return rows[0];
    },

    /** The reward if its business is usable by `ownerId` (null: any), else null (a foreign one looks missing). */
    async findInScope(id: string, ownerId: string | null): Promise<RewardRecord | null> {
      const { rows } = await db.query<RewardRecord>(
        `SELECT ${REWARD_COLUMNS} FROM rewards r JOIN businesses b ON b.id = r.business_id WHERE r.id = $1 AND ${ownedBy(2)}`,
        [id, ownerId],
      );
      return rows[0] ?? null;
    },

    /** Sets the given fields (undefined: keep); an archived reward is not changed. Null when not in scope or archived. */
    async update(id: string, ownerId: string | null, changes: Partial<RewardFields>): Promise<RewardRecord | null> {
      const keys = (['name', 'cost', 'description', 'active', 'valid_from', 'valid_until', 'stock'] as const).filter((k) => changes[k] !== undefined);
      const sets = keys.map((key, i) => `${key} = $${i + 3}`);
      const { rows } = await db.query<RewardRecord>(
        `UPDATE rewards r SET ${sets.length > 0 ? sets.join(', ') : 'name = r.name'}
           FROM businesses b
          WHERE r.id = $1 AND b.id = r.business_id AND ${ownedBy(2)} AND NOT r.archived
          RETURNING ${REWARD_COLUMNS}`,
        [id, ownerId, ...keys.map((k) => changes[k])],
      );
      return rows[0] ?? null;
    },

    /**
     * Deletes a reward never redeemed, archives one that was (the ledger keeps naming it). Null when it is
     * not in scope (or already archived).
     */
    async remove(id: string, ownerId: string | null): Promise<{ archived: boolean } | null> {
      const { rows } = await db.query<{ archived: boolean }>(
        `WITH target AS (
           SELECT r.id, EXISTS (SELECT 1 FROM points_ledger l WHERE l.reward_id = r.id) AS used
             FROM rewards r JOIN businesses b ON b.id = r.business_id
            WHERE r.id = $1 AND ${ownedBy(2)} AND NOT r.archived
         ), deleted AS (
           DELETE FROM rewards r USING target WHERE r.id = target.id AND NOT target.used RETURNING r.id
         ), archived AS (
           UPDATE rewards r SET archived = true, active = false FROM target WHERE r.id = target.id AND target.used RETURNING r.id
         )
         SELECT EXISTS (SELECT 1 FROM archived) AS archived FROM target`,
        [id, ownerId],
      );
      return rows[0] ?? null;
    },

    /**
     * Redeems `reward` on the card: one statement takes the cost off the balance only when the balance covers
     * it (re-checked on the balance a concurrent writer left, under the card's row lock) and writes the
     * 'redemption' ledger row, and enqueues the receipt. Before it, the reward's row is locked (redemptions of
     * one reward and an admin's change take turns: a shared lock would deadlock two redemptions that both take
     * a piece of stock) and checked again as it is now, and a reward with a stock loses a piece; when the card
     * cannot pay, the transaction (`db` must be one) rolls that back. Answers the
     * new balance and the row, 'insufficient', or why the reward is not redeemable on `input.today`.
     *
     * With `input.key` (the submission's idempotency key, decision 083) the card's row is locked next (the
     * reward's lock, then the card's: the order of every redemption, so they cannot deadlock) and, in a
     * separate statement (one that waited for a lock still reads with its old snapshot), the key is looked up
     * in the card's ledger before anything else is checked: a redemption of this reward with that key answers
     * again with the balance it left (`replayed`, nothing written, no second receipt), even if the reward is
     * now out of stock or the balance lower; a key the card used for anything else answers 'key-reused'.
     * The row keeps the key and the balance it left, as a points update's and a sale's do (migration 033).
     */
    async redeem(
      cardId: string,
      reward: RewardRecord,
      input: { authorId: string | null; at: Date; today: string; receipt: (balance: number) => string; key?: string },
    ): Promise<{ balance: number; entry: LedgerEntry; replayed?: boolean } | 'insufficient' | 'key-reused' | RewardUnavailable> {
      const { rows: locked } = await db.query<Pick<RewardRecord, 'active' | 'archived' | 'valid_from' | 'valid_until' | 'stock'>>(
        'SELECT active, archived, valid_from, valid_until, stock FROM rewards WHERE id = $1 FOR NO KEY UPDATE',
        [reward.id],
      );
      if (input.key !== undefined) {
        await db.query('SELECT c.id FROM loyalty_cards c WHERE c.id = $1 AND c.business_id = $2 FOR UPDATE', [cardId, reward.business_id]);
        const { rows: same } = await db.query<LedgerEntry & { balance_after: number }>(
          `SELECT ${LEDGER_COLUMNS}, l.balance_after, (SELECT full_name FROM users WHERE id = l.author_id) AS author_name
             FROM points_ledger l WHERE l.card_id = $1 AND l.idempotency_key = $2`,
          [cardId, input.key],
        );
        if (same[0]) {
          const { balance_after, ...entry } = same[0];
          // Only the same redemption is answered again: never another reward's row, a points update's or a sale's.
          return entry.kind === 'redemption' && entry.reward_id === reward.id ? { balance: balance_after, entry, replayed: true } : 'key-reused';
        }
      }
      if (locked.length === 0) return 'archived';
      const unavailable = rewardUnavailable({ ...reward, ...locked[0] }, input.today);
      if (unavailable) return unavailable;
      if (locked[0].stock !== null) {
        const { rows } = await db.query('UPDATE rewards SET stock = stock - 1 WHERE id = $1 AND stock > 0 RETURNING id', [reward.id]);
        if (rows.length === 0) return 'out-of-stock';
      }
      const { rows } = await db.query<LedgerEntry & { balance: number }>(
        `WITH card AS (
           UPDATE loyalty_cards c SET points = c.points - $2
            WHERE c.id = $1 AND c.business_id = $5 AND c.points >= $2
            RETURNING c.id, c.points
         ), entry AS (
           INSERT INTO points_ledger AS l (card_id, points, kind, reward_id, reward_name, description, author_id, created_at, idempotency_key, balance_after)
           SELECT card.id, -$2::numeric, 'redemption', $3, $4, 'Premio: ' || $4, $6::text, $7::timestamptz, $8::text,
                  CASE WHEN $8::text IS NULL THEN NULL ELSE card.points END FROM card
           RETURNING ${LEDGER_COLUMNS}
         )
         SELECT card.points AS balance, entry.*, (SELECT full_name FROM users WHERE id = entry.author_id) AS author_name
           FROM card, entry`,
        [cardId, reward.cost, reward.id, reward.name, reward.business_id, input.authorId, input.at.toISOString(), input.key ?? null],
      );
      if (!rows[0]) return 'insufficient';
      const { balance, ...entry } = rows[0];
      await enqueueMessage(db, { cardId, body: input.receipt(balance), idempotencyKey: `redeem:${entry.id}` });
      return { balance, entry };
    },

    /**
     * The cost of the cheapest reward redeemable on `today` (the rules of `rewardUnavailable`) that costs more
     * than `balance`: the stamps the card image counts towards. Null when there is none.
     */
    async nextRewardCost(businessId: string, balance: number, today: string): Promise<number | null> {
      const { rows } = await db.query<{ cost: number | null }>(
        `SELECT min(r.cost)::int AS cost FROM rewards r
          WHERE r.business_id = $1 AND r.cost > $2::numeric AND r.active AND NOT r.archived
            AND (r.valid_from IS NULL OR r.valid_from <= $3::date) AND (r.valid_until IS NULL OR r.valid_until >= $3::date)
            AND (r.stock IS NULL OR r.stock > 0)`,
        [businessId, balance, today],
      );
      return rows[0]?.cost ?? null;
    },

    async program(businessId: string): Promise<Program | null> {
      const { rows } = await db.query<Program>(`SELECT ${PROGRAM_COLUMNS} FROM businesses WHERE id = $1`, [businessId]);
      return rows[0] ?? null;
    },

    /**
     * Changes the given settings (undefined: keep). Switching to stamps happens only when no card of the
     * business holds a fractional balance ('fractional', nothing changed). A new `expiry_months` restarts
     * `expiry_since` at `now`: points held then get the whole new period.
     */
    async updateProgram(businessId: string, changes: Partial<Program>, now: Date): Promise<Program | 'fractional' | null> {
      const keys = PROGRAM_FIELDS.filter((k) => changes[k] !== undefined);
      const sets = keys.map((key, i) => `${key} = $${i + 3}`);
      if (changes.expiry_months !== undefined) {
        sets.push(`expiry_since = CASE WHEN b.expiry_months IS DISTINCT FROM $${keys.indexOf('expiry_months') + 3}::integer THEN $2::timestamptz ELSE b.expiry_since END`);
      }
      const stampsCheck =
        changes.loyalty_mode === 'stamps'
          ? `AND NOT EXISTS (SELECT 1 FROM loyalty_cards c WHERE c.business_id = b.id AND c.points <> trunc(c.points))`
          : '';
      // The cards' and the overview's answers show the program (mode, expiring points): the change moves the
      // business's change marker (migration 006) in the same statement, so no cached answer outlives it.
      const { rows } = await db.query<Program>(
        `WITH program AS (
           UPDATE businesses b SET ${sets.length > 0 ? sets.join(', ') : 'name = b.name'} WHERE b.id = $1 AND $2::timestamptz IS NOT NULL ${stampsCheck}
           RETURNING ${PROGRAM_COLUMNS.split(', ').map((c) => `b.${c}`).join(', ')}, b.id
         ), marker AS (
           INSERT INTO card_versions AS v (business_id, shard, version)
           SELECT program.id, 0, nextval('card_versions_seq') FROM program
           ON CONFLICT (business_id, shard) DO UPDATE SET version = EXCLUDED.version
         )
         SELECT ${PROGRAM_COLUMNS} FROM program`,
        [businessId, now.toISOString(), ...keys.map((k) => changes[k])],
      );
      if (rows[0]) return rows[0];
      return (await this.program(businessId)) ? 'fractional' : null;
    },

    /**
     * The program and the promotions a sale earns by, with the version of these terms (migration 044: every
     * change of either moves it). The version is read first and with the program, the promotions after: terms
     * kept with this version are never newer than it says, so the sale's check of the version catches any change.
     */
    async earningTerms(businessId: string): Promise<{ version: string; program: Program; promotions: PromotionRecord[] } | null> {
      const { rows } = await db.query<Program & { earning_version: string }>(`SELECT ${PROGRAM_COLUMNS}, earning_version::text FROM businesses WHERE id = $1`, [
        businessId,
      ]);
      if (!rows[0]) return null;
      const { earning_version: version, ...program } = rows[0];
      const promotions = await createPromotionsRepository(db).listByBusiness(businessId);
      return { version, program, promotions };
    },

    /**
     * Records a sale on the card (docs/decisions/075-points-from-the-sale.md) in one statement, the function
     * `record_sale` (migration 044), without a transaction around it. It locks the card's row when `servedBy`
     * (null: a super admin) may serve its business, so the sales of one card take turns: a submission whose
     * idempotency key the card already has answers that sale again (`replayed`, same balance and row, nothing
     * written); a per-visit program refuses a second visit on the same Italian day; without `confirm`, a sale
     * within 60 s of the card's last one answers `recent` with that sale's points. Otherwise `sale.earning`'s
     * points go on the balance and one ledger row keeps the amount, how the points were computed, the operator,
     * the balance and the key. `sale` was computed from the terms of `businessId` at `version`: when the card's
     * business or its terms are not those (or `sale` is null), nothing is written and `stale` names the business.
     * Null when the card does not exist or is not the user's to serve.
     */
    async recordSale(
      cardId: string,
      input: {
        servedBy: string | null;
        businessId: string | null;
        version: string | null;
        sale: { program: Program; earning: SaleEarning; amountCents: number | null; description: string } | null;
        key: string;
        confirm: boolean;
        authorId: string | null;
        at: Date;
        balanceMax: number;
      },
    ): Promise<SaleOutcome | { stale: string } | null> {
      const { sale } = input;
      // A key the card's ledger holds for another operation (a points update, a redemption: the function's replay
      // matches sales only) fails the statement on the unique index, writing nothing: refused, as the points update
      // and the redemption refuse it (decision 083).
      const keyReused = (error: unknown) => {
        const e = error as { code?: string; constraint?: string; message?: string };
        return e?.code === '23505' && (e.constraint === 'points_ledger_sale_once' || Boolean(e.message?.includes('points_ledger_sale_once')));
      };
      const recorded = db.query<
        LedgerEntry & { outcome: string; business_id: string | null; balance: number; recent_points: number; earning: SaleEarning }
      >(
        `SELECT outcome, business_id, balance, recent_points, earning, id, card_id, points, kind, reward_id, reward_name, description,
                amount_cents, author_id, created_at, author_name
           FROM record_sale($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13::timestamptz, $14, $15)`,
        [
          cardId,
          sale ? input.businessId : null,
          input.servedBy,
          sale ? input.version : null,
          input.key,
          input.confirm,
          sale !== null && sale.program.earning_rule === 'per_visit' && sale.program.visit_once_per_day,
          sale?.earning.points ?? 0,
          sale?.description ?? '',
          sale?.amountCents ?? null,
          sale ? JSON.stringify({ rule: ruleOf(sale.program), ...sale.earning }) : null,
          input.authorId,
          input.at.toISOString(),
          input.balanceMax,
          RECENT_SALE_SECONDS,
        ],
      );
      let rows: Awaited<typeof recorded>['rows'];
      try {
        ({ rows } = await recorded);
      } catch (error) {
        if (keyReused(error)) return { refused: 'key-reused' };
        throw error;
      }
      const { outcome, business_id: businessId, balance, recent_points: recent, earning, ...entry } = rows[0];
      switch (outcome) {
        case 'missing':
          return null;
        case 'stale':
          return { stale: businessId! };
        case 'replayed':
          return { balance, entry, earning, replayed: true };
        case 'recorded':
          return { balance, entry, earning: sale!.earning, replayed: false };
        case 'recent':
          return { recent };
        default:
          return { refused: outcome as 'visited-today' | 'over-limit' };
      }
    },
  };
}

/** The rule as a sale's ledger row keeps it: what computed its points, whatever the program says later. */
function ruleOf(program: EarningRule) {
  return program.earning_rule === 'per_visit'
    ? { kind: program.earning_rule, visit_points: program.visit_points }
    : {
        kind: program.earning_rule,
        earn_points: program.earn_points,
        earn_every_cents: program.earn_every_cents,
        earn_rounding: program.earn_rounding,
        min_spend_cents: program.min_spend_cents,
      };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
