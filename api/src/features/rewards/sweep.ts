/**
 * The rewards sweep, run by the scheduled task 'rewards-sweep' (docs/decisions/037-scheduled-tasks-on-the-queue.md)
 * and by tests with a clock of their own (`app.rewards.sweep(now)`). Three jobs, each exactly once by a key of
 * the database, so a sweep run twice, in parallel, or with the clock moved back writes nothing more:
 * - expiry: one 'expiry' ledger row per lot for what is left of it (unique index on `lot_id`), oldest lot
 *   first, under the card's row lock so it never races a redemption or a points change into a negative balance;
 * - reminders: one service message per lot N days before it expires (key 'expiry-reminder:<lot id>');
 * - birthdays: one 'birthday' ledger row per card and year (`once_key` 'birthday:<card id>:<year>') and its message.
 * - consent lapse (decision 047): a marketing channel granted more than 24 months ago and not renewed
 *   leaves `marketing_channels` with one 'lapse' event, in one transaction under the card's lock (once: a lapsed
 *   channel is no longer there to lapse).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { CONSENT_WORDING } from '../../consent-wording';
import { REWARD_MESSAGES } from '../../messages';
import { enqueueMessage } from '../messaging/enqueue';
import type { Channel } from '../messaging/types';
import { createConsentsRepository, MARKETING_LAPSES_AT_SQL } from '../consents/repository';
import { POINTS_BALANCE_MAX } from '../cards/repository';
import { italianDay, type LoyaltyMode } from './repository';

/** The first name: what `{nome}` says (a greeting addressed with the full name reads as a form letter). */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

export interface SweepResult {
  /** Expiry rows written. */
  expired: number;
  /** Reminder messages enqueued (queued or skipped after STOP). */
  reminders: number;
  /** Birthday gifts given. */
  birthdays: number;
  /** Marketing consents (card and channel) that lapsed after 24 months. */
  lapsed: number;
}

/**
 * The channels of cards whose consent lapsed by `$1` (now): a channel of `marketing_channels` whose last grant
 * (or, without one, the card's creation) is 24 months old or more. `$2` narrows to some cards (null: all).
 */
const LAPSED_SQL = `
  SELECT c.id AS card_id, ch.channel
    FROM loyalty_cards c CROSS JOIN LATERAL unnest(c.marketing_channels) AS ch(channel)
   WHERE cardinality(c.marketing_channels) > 0 AND ($2::text[] IS NULL OR c.id = ANY($2::text[]))
     AND ${MARKETING_LAPSES_AT_SQL} <= $1::timestamptz
   ORDER BY c.id`;

/** Cards expired per transaction. */
const BATCH = 500;

/** '2026-12-24' → '24/12/2026'. */
const italianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Fills {nome}, {punti}, {negozio} in one pass: a value is never searched for placeholders again. */
/** A birthday's message leaves at this hour, Rome time, on the day (the gift is given when the sweep finds it). */
export const BIRTHDAY_HOUR = 10;

export function renderBirthdayMessage(template: string, values: { nome: string; punti: string; negozio: string }): string {
  return template.replace(/\{(nome|punti|negozio)\}/g, (_, key: keyof typeof values) => values[key]);
}

/**
 * The lots of cards in businesses with an expiry policy that still hold points, computed like
 * `loyalty_card_lots` (migrations 013, 039: an 'expiry' row takes from its own lot) for many cards at once; `$1` is now. The condition on them is added by the caller.
 */
const LOTS_SQL = `
  WITH policy AS (
    SELECT b.id, b.name, b.loyalty_mode, b.expiry_months, b.expiry_since, b.expiry_reminder_days FROM businesses b WHERE b.expiry_months IS NOT NULL
  ), expired AS (
    SELECT l.lot_id, -sum(l.points) AS total
      FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id JOIN policy p ON p.id = c.business_id
     WHERE l.kind = 'expiry' AND c.points > 0 GROUP BY l.lot_id
  ), lots AS (
    SELECT l.card_id, l.id, l.points - coalesce(e.total, 0) AS points, p.name AS business_name, p.loyalty_mode, p.expiry_reminder_days, c.customer_name,
           least(greatest(l.created_at, p.expiry_since) + make_interval(months => p.expiry_months), l.valid_until) AS expires_at,
           sum(l.points - coalesce(e.total, 0)) OVER (PARTITION BY l.card_id ORDER BY l.created_at, l.id ROWS UNBOUNDED PRECEDING) AS upto
      FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id JOIN policy p ON p.id = c.business_id LEFT JOIN expired e ON e.lot_id = l.id
     WHERE l.points > 0 AND c.points > 0
  ), used AS (
    SELECT l.card_id, -sum(l.points) AS total FROM points_ledger l
     WHERE l.points < 0 AND l.kind <> 'expiry' AND l.card_id IN (SELECT card_id FROM lots) GROUP BY l.card_id
  ), open_lots AS (
    SELECT lots.*, least(lots.points, lots.upto - coalesce(used.total, 0)) AS remaining
      FROM lots LEFT JOIN used ON used.card_id = lots.card_id
     WHERE lots.upto - coalesce(used.total, 0) > 0
  )`;

export function createRewardsSweep(db: Db, log: FastifyBaseLogger) {
  /**
   * Expires the due lots of some cards in one transaction: their rows locked (in id order, as every bulk
   * writer should), then, in a new statement that sees every change committed before the locks, what is left
   * of each due lot written as its 'expiry' row and taken off the balance. Answers the rows written.
   */
  async function expireCards(cardIds: string[], now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT id FROM loyalty_cards WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [cardIds]);
      const { rows } = await tx.query<{ written: number }>(
        `WITH due AS (
           SELECT k.id AS card_id, x.lot_id, x.remaining, x.expires_at
             FROM unnest($1::text[]) AS k(id) CROSS JOIN LATERAL loyalty_card_lots(k.id) x
            WHERE x.expires_at <= $2::timestamptz AND x.remaining > 0
         ), written AS (
           INSERT INTO points_ledger (card_id, points, kind, lot_id, description, created_at)
           SELECT due.card_id, -due.remaining, 'expiry', due.lot_id, $3, due.expires_at FROM due ORDER BY due.lot_id
           ON CONFLICT (lot_id) WHERE kind = 'expiry' DO NOTHING
           RETURNING card_id, points
         ), per_card AS (
           SELECT card_id, sum(points) AS total FROM written GROUP BY card_id
         ), cards AS (
           UPDATE loyalty_cards c SET points = c.points + per_card.total FROM per_card WHERE c.id = per_card.card_id RETURNING c.id
         )
         SELECT (SELECT count(*) FROM written)::int AS written, (SELECT count(*) FROM cards)::int AS cards`,
        [cardIds, now.toISOString(), REWARD_MESSAGES.expiryDescription],
      );
      return rows[0].written;
    });
  }

  async function expire(now: Date): Promise<number> {
    // The cards with a due lot, found once (one pass over the ledgers of the businesses with a policy), then
    // expired a batch at a time; a card whose lot comes due meanwhile waits for the next sweep.
    // Lots with a date of their own (a win-back's bonus, migration 039) expire in any business, with a policy or not.
    const { rows } = await db.query<{ card_id: string }>(
      `${LOTS_SQL} SELECT card_id FROM open_lots WHERE expires_at <= $1::timestamptz
       UNION
       SELECT l.card_id FROM points_ledger l JOIN loyalty_cards c ON c.id = l.card_id
        WHERE l.valid_until <= $1::timestamptz AND c.points > 0
          AND NOT EXISTS (SELECT 1 FROM points_ledger e WHERE e.lot_id = l.id AND e.kind = 'expiry')
       ORDER BY card_id`,
      [now.toISOString()],
    );
    const cards = rows.map((r) => r.card_id);
    let total = 0;
    for (let i = 0; i < cards.length; i += BATCH) {
      const batch = cards.slice(i, i + BATCH);
      try {
        total += await expireCards(batch, now);
      } catch (batchError) {
        // One card that cannot be written (a balance below what its ledger says, changed by hand) must not hold
        // the others back: card by card, that one logged.
        log.warn({ err: batchError, cards: batch.length }, 'rewards sweep: a batch of expiries failed; retrying card by card');
        for (const id of batch) {
          try {
            total += await expireCards([id], now);
          } catch (err) {
            log.error({ err, cardId: id }, 'rewards sweep: could not expire the points of a card');
          }
        }
      }
    }
    return total;
  }

  async function remind(now: Date): Promise<number> {
    const { rows } = await db.query<{
      card_id: string;
      id: number;
      remaining: number;
      expires_at: string;
      customer_name: string;
      business_name: string;
      loyalty_mode: LoyaltyMode;
    }>(
      `${LOTS_SQL}
       SELECT card_id, id, remaining, expires_at, customer_name, business_name, loyalty_mode FROM open_lots
        WHERE expires_at > $1::timestamptz AND expires_at - make_interval(days => expiry_reminder_days) <= $1::timestamptz
          AND NOT EXISTS (SELECT 1 FROM messaging_jobs j WHERE j.idempotency_key = 'expiry-reminder:' || open_lots.id)
        ORDER BY card_id, id`,
      [now.toISOString()],
    );
    let sent = 0;
    for (const lot of rows) {
      const body = REWARD_MESSAGES.reminder(lot.customer_name, lot.remaining, lot.business_name, italianDate(italianDay(new Date(lot.expires_at))), lot.loyalty_mode);
      if (await enqueueMessage(db, { cardId: lot.card_id, body, idempotencyKey: `expiry-reminder:${lot.id}`, held: { at: now } })) sent += 1;
    }
    return sent;
  }

  async function birthdays(now: Date): Promise<number> {
    const today = italianDay(now);
    const year = Number(today.slice(0, 4));
    const monthDay = today.slice(5);
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    // Born on 29 February: the gift comes on the 28th in other years.
    const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
    const { rows } = await db.query<{ id: string; customer_name: string; business_name: string; birthday_points: number; birthday_message: string | null }>(
      `SELECT c.id, c.customer_name, b.name AS business_name, b.birthday_points, b.birthday_message
         FROM businesses b JOIN loyalty_cards c ON c.business_id = b.id
        WHERE b.birthday_points > 0 AND c.birth_date IS NOT NULL AND to_char(c.birth_date, 'MM-DD') = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM points_ledger l WHERE l.once_key = 'birthday:' || c.id || ':' || $2::text)
        ORDER BY c.id`,
      [days, String(year)],
    );
    let given = 0;
    for (const card of rows) {
      const key = `birthday:${card.id}:${year}`;
      try {
        const done = await db.transaction(async (tx) => {
          const { rows: written } = await tx.query(
            `WITH gift AS (
               INSERT INTO points_ledger (card_id, points, kind, description, once_key, created_at)
               SELECT c.id, $2, 'birthday', $3, $4, $5::timestamptz FROM loyalty_cards c WHERE c.id = $1 AND c.points + $2 <= $6
               ON CONFLICT (once_key) DO NOTHING
               RETURNING card_id, points
             )
             UPDATE loyalty_cards c SET points = c.points + gift.points FROM gift WHERE c.id = gift.card_id RETURNING c.id`,
            [card.id, card.birthday_points, REWARD_MESSAGES.birthdayDescription, key, now.toISOString(), POINTS_BALANCE_MAX],
          );
          if (written.length === 0) return false;
          const body = renderBirthdayMessage(card.birthday_message ?? REWARD_MESSAGES.defaultBirthdayMessage, {
            nome: firstName(card.customer_name),
            punti: new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(card.birthday_points),
            negozio: card.business_name,
          });
          // Decision 080: a greeting with a gift is marketing — only with the card's consent on its channel, and
          // not as a card's second promotional message of the day (the gift is given all the same).
          await enqueueMessage(tx, { cardId: card.id, body, idempotencyKey: key, held: { at: now, notBeforeHour: BIRTHDAY_HOUR }, marketingConsent: true });
          return true;
        });
        if (done) given += 1;
      } catch (err) {
        log.error({ err, cardId: card.id }, 'rewards sweep: could not give a birthday gift');
      }
    }
    return given;
  }

  async function lapse(now: Date): Promise<number> {
    const { rows } = await db.query<{ card_id: string }>(`SELECT DISTINCT card_id FROM (${LAPSED_SQL}) due ORDER BY card_id`, [now.toISOString(), null]);
    let lapsed = 0;
    for (const { card_id: cardId } of rows) {
      try {
        lapsed += await db.transaction(async (tx) => {
          // Locked first, then checked again: a renewal committed meanwhile keeps the channel.
          await tx.query('SELECT id FROM loyalty_cards WHERE id = $1 FOR UPDATE', [cardId]);
          const { rows: due } = await tx.query<{ channel: Channel }>(LAPSED_SQL, [now.toISOString(), [cardId]]);
          const gone = new Set(due.map((d) => d.channel));
          if (gone.size === 0) return 0;
          const change = await createConsentsRepository(tx).setMarketingConsent(cardId, (current) => current.filter((c) => !gone.has(c)), {
            source: 'lapse',
            wordingVersion: CONSENT_WORDING.lapse,
            at: now,
          });
          return change?.withdrawn.length ?? 0;
        });
      } catch (err) {
        log.error({ err, cardId }, 'rewards sweep: could not lapse the marketing consent of a card');
      }
    }
    return lapsed;
  }

  return {
    /** One run of the jobs at `now`. Reminders first: a lot that expires at `now` was reminded before, not after. */
    async sweep(now: Date): Promise<SweepResult> {
      const reminders = await remind(now);
      const expired = await expire(now);
      const given = await birthdays(now);
      const lapsed = await lapse(now);
      return { expired, reminders, birthdays: given, lapsed };
    },
  };
}

export type RewardsSweep = ReturnType<typeof createRewardsSweep>;
