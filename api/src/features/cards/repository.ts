import { managedBySql, servedBySql } from '../../lib/business-access';
import crypto from 'node:crypto';
import type { Queryable } from '../../db';
import type { Channel } from '../messaging/types';

export interface LoyaltyCardRecord {
  id: string;
  business_id: string;
  user_id: string | null;
  card_number: string;
  customer_name: string;
  customer_phone: string | null;
  email: string | null;
  /** 'YYYY-MM-DD' */
  birth_date: string | null;
  points: number;
  created_at: string;
  /** A bonus multiple was reached that no message announced (WhatsApp off, STOP, no phone): 'Bonus!'. */
  bonus_due: boolean;
  /** When the card's last bonus WhatsApp was queued; null when none was. */
  last_bonus_at: string | null;
  /** The channels the holder agreed to receive offers on, in canonical order (migration 012); [] for none. */
  marketing_channels: Channel[];
  /** Whether `marketing_channels` holds any (a generated column). */
  marketing_consent: boolean;
}

export interface LedgerEntry {
  id: number;
  card_id: string;
  points: number;
  /** What the row is (migration 013); positive rows are the lots that expire. */
  kind: 'credit' | 'redemption' | 'expiry' | 'birthday' | 'adjustment';
  reward_id: string | null;
  /** The reward's name when it was redeemed (kept if the reward is renamed or deleted). */
  reward_name: string | null;
  description: string;
  /** A sale's amount spent, in cents (docs/decisions/075-points-from-the-sale.md); null for any other row. */
  amount_cents: number | null;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
}

/**
 * Whose cards a query may touch: `null` for a super admin (any business), an admin's id (only the
 * businesses it owns), or `{ holderId }` for a client reading its own cards.
 */
export type CardScope = { ownerId: string | null } | { holderId: string };

/** active: a balance above 0; inactive: 0; fractional: a balance with decimals (what stops the switch to stamps). */
export type CardStatus = 'active' | 'inactive' | 'fractional';

/**
 * The largest balance a card may hold: well below what numeric(12,2) can (9 999 999 999.99), so sums and
 * an addition to a full card never overflow. Enforced by `addPoints` and by a CHECK (migration 008).
 */
export const POINTS_BALANCE_MAX = 1_000_000_000;

export interface CardListFilter {
  q?: string;
  status?: CardStatus;
  /** Only cards with at least these points. */
  minPoints?: number;
  /**
   * Only cards whose holder agreed to marketing messages: on any channel, or (`consentChannels`) on one of
   * these channels (a campaign's).
   */
  consent?: boolean;
  consentChannels?: readonly Channel[];
  /** Only these cards (picked one by one); ids of another business match nothing. */
  ids?: readonly string[];
  /** Only the cards a campaign targets (its `targets` list of ids), read in SQL: the ids never reach the API process. */
  targetsOfCampaign?: string;
  limit?: number;
  offset?: number;
}

/** The recipients of a campaign, a part of the business's cards resolved by the server. */
export const SEGMENT_KINDS = ['all', 'active', 'inactive', 'consent', 'cards'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
export interface Segment {
  /** 'cards': the card ids in the campaign's `targets`, picked one by one. */
  kind: SegmentKind;
  min_points?: number;
  q?: string;
}

/**
 * The card-list filter that selects a segment's cards; with kind 'cards', `ids` or the campaign whose targets
 * they are. Kind 'consent' with `channels` (a send's channel, or a campaign's channels): consent on one of
 * them (decision 025); without, or with none, consent on any channel.
 */
export function segmentFilter(
  segment: Segment,
  cards: { ids?: readonly string[]; campaignId?: string; channels?: readonly Channel[] } = {},
): CardListFilter {
  const consent = segment.kind === 'consent';
  return {
    q: segment.q || undefined,
    minPoints: segment.min_points,
    status: segment.kind === 'active' || segment.kind === 'inactive' ? segment.kind : undefined,
    consent: consent ? true : undefined,
    consentChannels: consent && cards.channels && cards.channels.length > 0 ? cards.channels : undefined,
    ...(segment.kind === 'cards' ? (cards.campaignId !== undefined ? { targetsOfCampaign: cards.campaignId } : { ids: cards.ids ?? [] }) : {}),
  };
}

export interface NewCard {
  business_id: string;
  user_id: string;
  customer_name: string;
  customer_phone: string | null;
  email: string | null;
  privacy_ack: boolean;
  /** Canonical order, each once (see `canonicalChannels`). */
  marketing_channels: Channel[];
}

export interface CardStats {
  total_cards: number;
  total_points: number;
  active_cards: number;
  average_points: number;
  buckets: { zero: number; from1to50: number; from51to100: number; over100: number };
  /** The last 6 months, oldest first, current month last, zero-filled: 'YYYY-MM'. */
  months: { month: string; new_cards: number; points: number; redeemed_rewards: number }[];
  /** The sum of the balances (what the shop owes its customers). */
  points_outstanding: number;
  /** Points of lots that expire within 30 days of now (0 without an expiry policy). */
  expiring_points_30d: number;
  loyalty_mode: 'points' | 'stamps';
}

/** A card's points that expire within 30 days, and the earliest such instant. */
export interface CardExpiring {
  points: number;
  /** ISO instant of the first lot to expire among them. */
  first: string;
}

/** How far ahead a card's and the overview's "expiring" look. */
export const EXPIRING_WINDOW_DAYS = 30;
const windowEnd = (now: Date) => new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 86_400_000).toISOString();

/**
 * The change marker of a business's cards and ledger (migration 006), as a SQL expression over a business id
 * expression: a digest of its (shard, version) pairs, '' before any change. Read in the same statement as the
 * data it stands for, so both come from one snapshot.
 */
export const markerSql = (businessId: string) =>
  `(SELECT coalesce(md5(string_agg(v.shard || ':' || v.version, ',' ORDER BY v.shard)), '') FROM card_versions v WHERE v.business_id = ${businessId})`;

/** A ledger row's columns (alias `l`) as answers show them, without the author's name. */
const LEDGER_RETURNING = 'l.id, l.card_id, l.points, l.kind, l.reward_id, l.reward_name, l.description, l.amount_cents, l.author_id, l.created_at';

const CARD_COLUMNS =
  'c.id, c.business_id, c.user_id, c.card_number, c.customer_name, c.customer_phone, c.email, c.birth_date, c.points, c.created_at, c.bonus_due, c.last_bonus_at, ' +
  'c.marketing_channels, c.marketing_consent';

/** SQL condition limiting `c` (loyalty_cards) to the scope; its parameter is `$n`. */
function scopeCondition(scope: CardScope, n: number): { sql: string; param: string | null } {
  if ('holderId' in scope) return { sql: `c.user_id = $${n}`, param: scope.holderId };
  return {
    sql: `($${n}::text IS NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id AND ${servedBySql('b', n)}))`,
    param: scope.ownerId,
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Text without its accents: «Nicolò» → «Nicolo». */
export const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The accented letters of Italian and its neighbours, in both cases, and the same letters plain. SQL's
 * `translate()` maps one list onto the other on PGlite and PostgreSQL alike (PGlite has no `unaccent`
 * extension), so a name or an e-mail is compared without accents, and ILIKE ignores the case.
 */
const ACCENTED = 'àáâãäåèéêëìíîïòóôõöùúûüýÿçñÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÇÑ';
const PLAIN = withoutAccents(ACCENTED);
const plainSql = (column: string) => `translate(${column}, '${ACCENTED}', '${PLAIN}')`;

/**
 * A search typed like a phone number ('333 123', '+39 333-12', '0039 333'): its digits, to find them in the
 * stored E.164 number ('+393331234567', decision 024), however the person wrote the spaces. Null for any
 * other search, or one with fewer than 3 digits.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[\d\s+()./-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '').replace(/^00/, '');
  return digits.length >= 3 ? digits : null;
}

export const randomCardNumber = () => `LC-${String(crypto.randomInt(10_000_000, 100_000_000))}`;

function filterSql(businessId: string, filter: CardListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [businessId];
  return { where: ['c.business_id = $1', ...cardFilterConditions(filter, params)].join(' AND '), params };
}

/**
 * SQL conditions on `c` (loyalty_cards) for a filter, without the business: each value is appended to
 * `params` and referenced by its position, so callers with parameters of their own can use them too.
 */
export function cardFilterConditions(filter: CardListFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (filter.q) {
    // Accents and case ignored: «nicolo» finds «Nicolò», «NICOLÒ» too.
    params.push(likePattern(withoutAccents(filter.q)));
    const p = `$${params.length}`;
    const digits = phoneSearchDigits(filter.q);
    let phone = `c.customer_phone ILIKE ${p}`;
    if (digits) {
      params.push(`%${digits}%`);
      phone = `(${phone} OR c.customer_phone LIKE $${params.length})`;
    }
    // A name of several words in another order («Greco Nicolò» for «Nicolò Greco»): each word in the name.
    const words = withoutAccents(filter.q).split(/\s+/).filter(Boolean);
    let name = `${plainSql('c.customer_name')} ILIKE ${p}`;
    if (words.length > 1 && !digits) {
      const each = words.map((word) => {
        params.push(likePattern(word));
        return `${plainSql('c.customer_name')} ILIKE $${params.length}`;
      });
      name = `(${name} OR (${each.join(' AND ')}))`;
    }
    conditions.push(`(${name} OR ${plainSql('c.email')} ILIKE ${p} OR c.card_number ILIKE ${p} OR ${phone})`);
  }
  if (filter.status === 'active') conditions.push('c.points > 0');
  if (filter.status === 'inactive') conditions.push('c.points <= 0');
  // The same test as the switch to stamps (rewards repository, updateProgram).
  if (filter.status === 'fractional') conditions.push('c.points <> trunc(c.points)');
  if (filter.minPoints !== undefined) {
    params.push(filter.minPoints);
    conditions.push(`c.points >= $${params.length}`);
  }
  if (filter.consent && filter.consentChannels) {
    params.push(filter.consentChannels);
    conditions.push(`c.marketing_channels && $${params.length}::text[]`);
  } else if (filter.consent) conditions.push('c.marketing_consent');
  if (filter.ids) {
    params.push(filter.ids);
    conditions.push(`c.id = ANY($${params.length}::text[])`);
  }
  if (filter.targetsOfCampaign !== undefined) {
    params.push(filter.targetsOfCampaign);
    conditions.push(`c.id IN (SELECT jsonb_array_elements_text(t.targets) FROM campaigns t WHERE t.id = $${params.length})`);
  }
  return conditions;
}

/** Whether a filter narrows the list (else the trigger-kept card count is the total). */
const isFiltered = (f: CardListFilter) =>
  Boolean(f.q) || f.status !== undefined || f.minPoints !== undefined || Boolean(f.consent) || f.ids !== undefined || f.targetsOfCampaign !== undefined;

export function createLoyaltyCardsRepository(db: Queryable) {
  return {
    /** Newest first; every card of the business matching the filter (no paging). */
    async listByBusiness(businessId: string, filter: Omit<CardListFilter, 'limit' | 'offset'> = {}): Promise<LoyaltyCardRecord[]> {
      const { where, params } = filterSql(businessId, filter);
      const { rows } = await db.query<LoyaltyCardRecord>(
        `SELECT ${CARD_COLUMNS} FROM loyalty_cards c WHERE ${where} ORDER BY c.created_at DESC, c.id`,
        params,
      );
      return rows;
    },

    /**
     * One page of a business's cards with the number of matching cards, in one statement that also checks
     * the business: null when it does not exist or, with `ownerId`, is not owned by that admin (the
     * ownership rule of lib/business-access, without a query of its own).
     */
    async pageInScope(
      businessId: string,
      ownerId: string | null,
      filter: CardListFilter & { limit: number; offset: number },
    ): Promise<{ items: LoyaltyCardRecord[]; total: number; marker: string } | null> {
      const { where, params } = filterSql(businessId, filter);
      const n = params.length;
      // Unfiltered: the trigger-kept businesses.card_count (migration 005) instead of counting every card.
      const totalSql = !isFiltered(filter) ? 'allowed.card_count' : `(SELECT count(*) FROM loyalty_cards c WHERE ${where})`;
      const { rows } = await db.query<{ [K in keyof LoyaltyCardRecord]: LoyaltyCardRecord[K] | null } & { total: number; marker: string }>(
        `WITH allowed AS (
           SELECT b.id, b.card_count, ${markerSql('b.id')} AS marker FROM businesses b WHERE b.id = $1 AND ($${n + 3}::text IS NULL OR ${servedBySql('b', n + 3)})
         )
         SELECT ${totalSql} AS total, allowed.marker, page.*
           FROM allowed
           LEFT JOIN LATERAL (
             SELECT ${CARD_COLUMNS} FROM loyalty_cards c WHERE ${where} ORDER BY c.created_at DESC, c.id LIMIT $${n + 1} OFFSET $${n + 2}
           ) page ON true
          ORDER BY page.created_at DESC, page.id`,
        [...params, filter.limit, filter.offset, ownerId],
      );
      if (rows.length === 0) return null;
      const { total, marker } = rows[0];
      // The rows as they come (each also carries `total` and `marker`, which the response mapping leaves out): no copy per card.
      const items = rows[0].id === null ? [] : (rows as unknown as LoyaltyCardRecord[]);
      return { items, total, marker };
    },

    /**
     * How many of the business's cards match the filter (a segment's size), with the business check of
     * `pageInScope`: null when the business does not exist or is not that admin's.
     */
    async countInScope(businessId: string, ownerId: string | null, filter: CardListFilter): Promise<number | null> {
      const { where, params } = filterSql(businessId, filter);
      const totalSql = !isFiltered(filter) ? 'b.card_count' : `(SELECT count(*) FROM loyalty_cards c WHERE ${where})`;
      const { rows } = await db.query<{ total: number }>(
        `SELECT ${totalSql} AS total FROM businesses b WHERE b.id = $1 AND ($${params.length + 1}::text IS NULL OR ${managedBySql('b', params.length + 1)})`,
        [...params, ownerId],
      );
      return rows[0]?.total ?? null;
    },

    /**
     * The current change marker of the business's cards and ledger (migration 006) with the business check
     * of `pageInScope`/`statsInScope` (null when the business does not exist or is not that admin's): one
     * primary-key lookup and at most 64 version rows. Equal to the marker a page or the stats came with
     * means no card or ledger change of the business was committed since.
     */
    async markerInScope(businessId: string, ownerId: string | null): Promise<string | null> {
      const { rows } = await db.query<{ marker: string }>(
        `SELECT ${markerSql('b.id')} AS marker FROM businesses b WHERE b.id = $1 AND ($2::text IS NULL OR ${servedBySql('b', 2)})`,
        [businessId, ownerId],
      );
      return rows[0]?.marker ?? null;
    },

    /** The card if it exists within the scope, else null (a foreign card looks like a missing one). */
    async findInScope(id: string, scope: CardScope): Promise<(LoyaltyCardRecord & { business_name: string; loyalty_mode: 'points' | 'stamps' }) | null> {
      const s = scopeCondition(scope, 2);
      const { rows } = await db.query<LoyaltyCardRecord & { business_name: string; loyalty_mode: 'points' | 'stamps' }>(
        `SELECT ${CARD_COLUMNS}, bn.name AS business_name, bn.loyalty_mode
           FROM loyalty_cards c JOIN businesses bn ON bn.id = c.business_id
          WHERE c.id = $1 AND ${s.sql}`,
        [id, s.param],
      );
      return rows[0] ?? null;
    },

    async findByBusinessAndUser(businessId: string, userId: string): Promise<LoyaltyCardRecord | null> {
      const { rows } = await db.query<LoyaltyCardRecord>(`SELECT ${CARD_COLUMNS} FROM loyalty_cards c WHERE c.business_id = $1 AND c.user_id = $2`, [
        businessId,
        userId,
      ]);
      return rows[0] ?? null;
    },

    /**
     * The user's card in the business, created when missing. Safe against concurrent calls (the unique
     * index on (business_id, user_id)); a clashing random card number is retried.
     * A card the shop imported with this e-mail and no account yet (decision 046) is the user's
     * card: it is taken over (`created: false`, so the signup answers as for any existing card: shown only to
     * whoever gives its e-mail and phone, else sent again to its contact), never duplicated.
     */
    async findOrCreate(card: NewCard): Promise<{ card: LoyaltyCardRecord; created: boolean }> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const existing = await this.findByBusinessAndUser(card.business_id, card.user_id);
        if (existing) return { card: existing, created: false };
        if (card.email) {
          // The row lock makes a concurrent signup of the same user wait, re-check `user_id IS NULL` and
          // find the card taken (then the next turn of the loop finds it as theirs).
          const { rows: claimed } = await db.query<LoyaltyCardRecord>(
            `UPDATE loyalty_cards c SET user_id = $2
              WHERE c.id = (SELECT u.id FROM loyalty_cards u
                             WHERE u.business_id = $1 AND u.user_id IS NULL AND lower(u.email) = lower($3)
                             ORDER BY u.created_at, u.id LIMIT 1)
                AND c.user_id IS NULL
              RETURNING ${CARD_COLUMNS}`,
            [card.business_id, card.user_id, card.email],
          );
          if (claimed[0]) return { card: claimed[0], created: false };
        }
        const { rows } = await db.query<LoyaltyCardRecord>(
          `INSERT INTO loyalty_cards AS c (business_id, user_id, card_number, customer_name, customer_phone, email, privacy_ack, marketing_channels)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[])
           ON CONFLICT DO NOTHING
           RETURNING ${CARD_COLUMNS}`,
          [card.business_id, card.user_id, randomCardNumber(), card.customer_name, card.customer_phone, card.email, card.privacy_ack, card.marketing_channels],
        );
        if (rows[0]) return { card: rows[0], created: true };
      }
      throw new Error('could not allocate a card number');
    },

    /**
     * Adds `points` (may be negative) to the balance of a card in the scope and writes the ledger row, in
     * one statement (atomic by itself, no transaction needed; it joins the caller's when there is one). The
     * balance is updated in place (`points = points + $n`), so concurrent updates all count, and its range
     * (0 to POINTS_BALANCE_MAX) is part of the UPDATE's condition: an update waiting for the row lock
     * re-checks it on the balance the one before it left, so together they never pass it. Null when the card
     * is not in the scope (or, with `userId`, not that user's); 'negative' when the balance would drop below
     * zero, 'over-limit' when it would pass the maximum, 'stamps' when the business counts stamps and the
     * change is not a whole number of at least 1 (nothing written). The row is a 'credit' (a lot), or an
     * 'adjustment' when negative; `at` dates it (the app's clock), else the database's now().
     *
     * With `key` (the submission's idempotency key; `db` must then be a transaction) the card's row is locked
     * first, so submissions on one card take turns, and a key the card's ledger already holds for the same change
     * (a points update of these points and this description) answers that row again with the balance it left
     * (`replayed`, nothing written): a submission sent again after a lost answer counts once. A key the card
     * already used for anything else (another change, a sale, a redemption) answers 'key-reused', nothing written,
     * as the redemption does (decision 083). The row keeps the key and the balance it left, as a sale's does
     * (migration 033).
     */
    async addPoints(
      id: string,
      scope: CardScope,
      change: { points: number; description: string; authorId: string | null; userId?: string; at?: Date; key?: string },
    ): Promise<{ balance: number; entry: LedgerEntry; replayed?: boolean } | null | 'negative' | 'over-limit' | 'stamps' | 'key-reused'> {
      const s = scopeCondition(scope, 3);
      if (change.key !== undefined) {
        // The lock and the look-up are two statements: a statement that waited for the lock still reads with
        // the snapshot it started with, so only the next one sees the row the holder of the lock wrote.
        const { rows: card } = await db.query<{ id: string }>(
          `SELECT c.id FROM loyalty_cards c WHERE c.id = $1 AND ${scopeCondition(scope, 2).sql} AND ($3::text IS NULL OR c.user_id = $3) FOR UPDATE`,
          [id, s.param, change.userId ?? null],
        );
        const { rows: same } =
          card.length === 0
            ? { rows: [] }
            : await db.query<LedgerEntry & { balance_after: number; is_sale: boolean }>(
                `SELECT ${LEDGER_RETURNING}, l.balance_after, l.earning IS NOT NULL AS is_sale, (SELECT full_name FROM users WHERE id = l.author_id) AS author_name
                   FROM points_ledger l WHERE l.card_id = $1 AND l.idempotency_key = $2`,
                [id, change.key],
              );
        if (same[0]) {
          const { balance_after, is_sale: isSale, ...entry } = same[0];
          const sameChange = !isSale && entry.reward_id === null && Number(entry.points) === change.points && entry.description === change.description;
          if (!sameChange) return 'key-reused';
          return { balance: balance_after, entry, replayed: true };
        }
      }
      const { rows } = await db.query<LedgerEntry & { balance: number }>(
        `WITH card AS (
           UPDATE loyalty_cards c SET points = c.points + $2
            WHERE c.id = $1 AND ${s.sql} AND ($4::text IS NULL OR c.user_id = $4) AND c.points + $2 BETWEEN 0 AND $7
              AND (($2 >= 1 AND $2 = trunc($2)) OR (SELECT m.loyalty_mode FROM businesses m WHERE m.id = c.business_id) <> 'stamps')
            RETURNING c.id, c.points
         ),
         entry AS (
           INSERT INTO points_ledger AS l (card_id, points, kind, description, author_id, created_at, idempotency_key, balance_after)
           SELECT card.id, $2, CASE WHEN $2 < 0 THEN 'adjustment' ELSE 'credit' END, $5::text, $6::text, coalesce($8::timestamptz, now()), $9::text,
                  CASE WHEN $9::text IS NULL THEN NULL ELSE card.points END FROM card
           RETURNING ${LEDGER_RETURNING}
         )
         SELECT card.points AS balance, entry.*, (SELECT full_name FROM users WHERE id = entry.author_id) AS author_name
           FROM card, entry`,
        [id, change.points, s.param, change.userId ?? null, change.description, change.authorId, POINTS_BALANCE_MAX, change.at?.toISOString() ?? null, change.key ?? null],
      );
      if (!rows[0]) {
        const card = await this.findInScope(id, scope);
        if (!card || (change.userId !== undefined && card.user_id !== change.userId)) return null;
        if (!(change.points >= 1 && Number.isInteger(change.points)) && card.loyalty_mode === 'stamps') return 'stamps';
        // Only which message to give: amounts are whole cents, so a refused balance is at least a cent out of range.
        return card.points + change.points < 0 ? 'negative' : 'over-limit';
      }
      const { balance, ...entry } = rows[0];
      return { balance, entry };
    },

    /**
     * For each of the cards whose business has an expiry policy, what is left of the lots that expire
     * before now + 30 days (lots already due count: the next sweep expires them), and the first such instant.
     * Cards with nothing expiring are absent.
     */
    async expiringFor(cardIds: readonly string[], now: Date): Promise<Map<string, CardExpiring>> {
      if (cardIds.length === 0) return new Map();
      const { rows } = await db.query<{ card_id: string } & CardExpiring>(
        `SELECT c.id AS card_id, sum(x.remaining) AS points, min(x.expires_at) AS first
           FROM unnest($1::text[]) AS k(id)
           JOIN loyalty_cards c ON c.id = k.id
           JOIN businesses b ON b.id = c.business_id AND b.expiry_months IS NOT NULL
           CROSS JOIN LATERAL loyalty_card_lots(c.id) x
          WHERE x.remaining > 0 AND x.expires_at <= $2::timestamptz
          GROUP BY c.id`,
        [cardIds, windowEnd(now)],
      );
      return new Map(rows.map((r) => [r.card_id, { points: r.points, first: r.first }]));
    },

    /** Newest first. */
    async ledger(cardId: string): Promise<LedgerEntry[]> {
      const { rows } = await db.query<LedgerEntry>(
        `SELECT ${LEDGER_RETURNING}, u.full_name AS author_name
           FROM points_ledger l LEFT JOIN users u ON u.id = l.author_id
          WHERE l.card_id = $1 ORDER BY l.created_at DESC, l.id DESC`,
        [cardId],
      );
      return rows;
    },

    async deleteInScope(id: string, scope: CardScope): Promise<boolean> {
      const s = scopeCondition(scope, 2);
      const { rows } = await db.query(`DELETE FROM loyalty_cards c WHERE c.id = $1 AND ${s.sql} RETURNING c.id`, [id, s.param]);
      return rows.length > 0;
    },

    /**
     * Overview tiles, buckets and the last 6 months (zero-filled), in one SQL statement that also checks the
     * business like `pageInScope`: null when it does not exist or, with `ownerId`, is not that admin's.
     * The aggregates filter on `$1` itself (the planner's estimates for that business); `allowed` only
     * decides whether the row comes out.
     */
    async statsInScope(businessId: string, ownerId: string | null, now: Date): Promise<(CardStats & { marker: string }) | null> {
      return overview(businessId, ownerId, now, true);
    },

    /** The same overview without the business check: zero-filled for a business without cards (or none). */
    async stats(businessId: string, now: Date): Promise<CardStats> {
      const { marker: _marker, ...stats } = (await overview(businessId, null, now, false))!;
      return stats;
    },
  };

  async function overview(businessId: string, ownerId: string | null, now: Date, checkBusiness: boolean): Promise<(CardStats & { marker: string }) | null> {
    const allowed = checkBusiness
      ? `SELECT b.id FROM businesses b WHERE b.id = $1 AND ($2::text IS NULL OR ${managedBySql('b', 2)})`
      : 'SELECT $1::text AS id WHERE $2::text IS NULL';
    // The first instants of the last 6 UTC months and of the next one: a card or a ledger row counts in
    // month k when starts[k] <= created_at < starts[k + 1]. Compared as timestamps, one pass over the rows,
    // no date_trunc per row and no join with a series.
    const starts = Array.from({ length: 7 }, (_, k) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + k, 1)));
    const months = [0, 1, 2, 3, 4, 5];
    const inMonth = (column: string, k: number) => `${column} >= $${k + 3}::timestamptz AND ${column} < $${k + 4}::timestamptz`;
    const { rows } = await db.query<Record<string, number>>(
      `WITH allowed AS (${allowed}),
            tiles AS (
              SELECT count(*) AS total_cards,
                     coalesce(sum(c.points), 0) AS total_points,
                     count(*) FILTER (WHERE c.points > 0) AS active_cards,
                     -- avg(numeric) is sum / count (numeric_div), so the same digits without a second accumulation.
                     coalesce(round(sum(c.points) / nullif(count(*), 0), 2), 0) AS average_points,
                     count(*) FILTER (WHERE c.points > 0 AND c.points <= 50) AS from1to50,
                     count(*) FILTER (WHERE c.points > 50 AND c.points <= 100) AS from51to100,
                     count(*) FILTER (WHERE c.points > 100) AS over100,
                     ${months.map((k) => `count(*) FILTER (WHERE ${inMonth('c.created_at', k)}) AS new_cards_${k}`).join(',\n                     ')}
                FROM loyalty_cards c WHERE c.business_id = $1
            ),
            ledger AS (
              SELECT ${months.map((k) => `coalesce(sum(l.points) FILTER (WHERE ${inMonth('l.created_at', k)}), 0) AS points_${k}`).join(',\n                     ')},
                     ${months.map((k) => `count(*) FILTER (WHERE l.kind = 'redemption' AND ${inMonth('l.created_at', k)}) AS redeemed_${k}`).join(',\n                     ')}
                FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id
               WHERE c.business_id = $1 AND l.created_at >= $3::timestamptz AND l.created_at < $9::timestamptz
            ),
            program AS (
              SELECT coalesce((SELECT b.loyalty_mode FROM businesses b WHERE b.id = $1), 'points') AS loyalty_mode
            ),
            -- What is left of the lots that expire before $10 (now + 30 days), every card's lots at once: the
            -- FIFO of loyalty_card_lots (migration 013) per card. Nothing read without an expiry policy.
            policy AS (
              SELECT b.expiry_months, b.expiry_since FROM businesses b WHERE b.id = $1 AND b.expiry_months IS NOT NULL
            ),
            -- An 'expiry' row takes from its own lot (migration 039), the other negative rows oldest first.
            expired AS (
              SELECT l.lot_id, -sum(l.points) AS total
                FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id
               WHERE c.business_id = $1 AND l.kind = 'expiry' AND EXISTS (SELECT 1 FROM policy)
               GROUP BY l.lot_id
            ),
            lots AS (
              SELECT l.card_id, l.created_at, l.valid_until, l.points - coalesce(e.total, 0) AS size,
                     sum(l.points - coalesce(e.total, 0)) OVER (PARTITION BY l.card_id ORDER BY l.created_at, l.id ROWS UNBOUNDED PRECEDING) AS upto
                FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id LEFT JOIN expired e ON e.lot_id = l.id
               WHERE c.business_id = $1 AND l.points > 0 AND EXISTS (SELECT 1 FROM policy)
            ),
            used AS (
              SELECT l.card_id, -sum(l.points) AS total
                FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id
               WHERE c.business_id = $1 AND l.points < 0 AND l.kind <> 'expiry' AND EXISTS (SELECT 1 FROM policy)
               GROUP BY l.card_id
            ),
            expiring AS (
              SELECT coalesce(sum(least(lots.size, greatest(0, lots.upto - coalesce(used.total, 0)))), 0) AS expiring_points_30d
                FROM lots LEFT JOIN used ON used.card_id = lots.card_id, policy
               WHERE least(greatest(lots.created_at, policy.expiry_since) + make_interval(months => policy.expiry_months), lots.valid_until) <= $10::timestamptz
            )
       SELECT tiles.*, ledger.*, program.loyalty_mode, expiring.expiring_points_30d, ${markerSql('$1')} AS marker
         FROM allowed, tiles, ledger, program, expiring`,
      [businessId, ownerId, ...starts.map((d) => d.toISOString()), windowEnd(now)],
    );
    if (rows.length === 0) return null;
    const t = rows[0];
    return {
      marker: t.marker as unknown as string,
      total_cards: t.total_cards,
      total_points: t.total_points,
      active_cards: t.active_cards,
      average_points: t.average_points,
      // points is NOT NULL: every card is either active (> 0) or in the zero bucket (<= 0).
      buckets: { zero: t.total_cards - t.active_cards, from1to50: t.from1to50, from51to100: t.from51to100, over100: t.over100 },
      months: months.map((k) => ({
        month: starts[k].toISOString().slice(0, 7),
        new_cards: t[`new_cards_${k}`],
        points: t[`points_${k}`],
        redeemed_rewards: t[`redeemed_${k}`],
      })),
      points_outstanding: t.total_points,
      expiring_points_30d: t.expiring_points_30d,
      loyalty_mode: t.loyalty_mode as unknown as 'points' | 'stamps',
    };
  }
}

export type LoyaltyCardsRepository = ReturnType<typeof createLoyaltyCardsRepository>;
