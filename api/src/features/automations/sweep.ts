/**
 * The win-back sweep (decision 080), run by the scheduled task 'automations-sweep' (migration 039) and by tests
 * with a clock of their own (`app.automations.sweep(now)`). A card with no visit for the business's N days gets
 * one message per lapse — the key 'win-back:<card>:<last visit>' is unique in the queue, so a second sweep, two
 * instances at once or a sweep with the clock moved back enqueue nothing more, and a new visit starts a new lapse.
 * The message is marketing: sent only with the card's consent on the channel (else a 'skipped' row that counts),
 * held by the quiet hours, and never a second marketing message on the card's day (migration 039): a win-back
 * that meets the daily limit is rolled back whole and tried again by the next sweep. Its optional bonus is a
 * ledger credit in the same transaction, once per lapse (`once_key`), valid for its days (`valid_until`: the
 * rewards sweep expires what is left of it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { POINTS_BALANCE_MAX } from '../cards/repository';
import { enqueueMessage } from '../messaging/enqueue';
import { classifyCardPhones } from '../messaging/repository';
import { withStopFooter } from '../messaging/messages';
import { italianDay } from '../rewards/repository';
import { firstName } from '../rewards/sweep';
import { AUTOMATION_MESSAGES } from './messages';
import { createAutomationsRepository, type WinBackCandidate } from './repository';

export interface AutomationsSweepResult {
  /** Win-back messages queued. */
  winBack: number;
  /** Written as skipped (no consent, no contact, STOP): the lapse is over for them too. */
  skipped: number;
  /** Held back by the daily limit: the next sweep tries again. */
  deferred: number;
  /** Bonus credits given. */
  bonuses: number;
}

const DAY_MS = 86_400_000;
const POINTS_IT = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });


/** '2030-03-16' → '16/03/2030'. */
const italianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Fills the placeholders in one pass: a value is never searched for placeholders again. */
export function renderWinBack(template: string, values: { nome: string; negozio: string; punti: string; scadenza: string }): string {
  return template.replace(/\{(nome|negozio|punti|scadenza)\}/g, (_, key: keyof typeof values) => values[key]);
}

/** The text a card gets: its template (or the default, with or without bonus) filled, with STOP on a phone. */
export function winBackBody(card: Pick<WinBackCandidate, 'message' | 'bonus_points' | 'bonus_days' | 'customer_name' | 'business_name' | 'channel'>, now: Date): string {
  const template = card.message ?? (card.bonus_points ? AUTOMATION_MESSAGES.defaultWinBackWithBonus : AUTOMATION_MESSAGES.defaultWinBack);
  const text = renderWinBack(template, {
    nome: firstName(card.customer_name),
    negozio: card.business_name,
    punti: card.bonus_points ? POINTS_IT.format(card.bonus_points) : '',
    scadenza: card.bonus_days ? italianDate(italianDay(new Date(now.getTime() + card.bonus_days * DAY_MS))) : '',
  });
  return card.channel === 'email' ? text : withStopFooter(text);
}

/** Thrown inside a card's transaction to undo it: the daily limit holds its win-back for another day. */
class DailyLimitReached extends Error {}

export function createAutomationsSweep(db: Db, log: FastifyBaseLogger) {
  const repo = createAutomationsRepository(db);

  async function winBack(card: WinBackCandidate, now: Date): Promise<'queued' | 'skipped' | 'deferred' | 'none' | 'bonus'> {
    const key = `win-back:${card.card_id}:${card.lapse}`;
    try {
      return await db.transaction(async (tx) => {
        const enqueued = await enqueueMessage(tx, {
          businessId: card.business_id,
          cardId: card.card_id,
          channel: card.channel,
          recipient: card.recipient,
          body: winBackBody(card, now),
          idempotencyKey: key,
          held: { at: now },
          marketingConsent: card.consent,
        });
        if (!enqueued) return 'none';
        if (enqueued.skipReason === 'daily_limit') throw new DailyLimitReached();
        if (enqueued.status !== 'queued') return 'skipped';
        if (!card.bonus_points || !card.bonus_days) return 'queued';
        const { rows } = await tx.query(
          `WITH gift AS (
             INSERT INTO points_ledger (card_id, points, kind, description, once_key, created_at, valid_until)
             SELECT c.id, $2, 'credit', $3, $4, $5::timestamptz, $5::timestamptz + make_interval(days => $6::int)
               FROM loyalty_cards c WHERE c.id = $1 AND c.points + $2 <= $7
             ON CONFLICT (once_key) DO NOTHING
             RETURNING card_id, points
           )
           UPDATE loyalty_cards c SET points = c.points + gift.points FROM gift WHERE c.id = gift.card_id RETURNING c.id`,
          [card.card_id, card.bonus_points, AUTOMATION_MESSAGES.bonusDescription(card.bonus_days), key, now.toISOString(), card.bonus_days, POINTS_BALANCE_MAX],
        );
        return rows.length > 0 ? 'bonus' : 'queued';
      });
    } catch (error) {
      if (error instanceof DailyLimitReached) return 'deferred';
      throw error;
    }
  }

  return {
    async sweep(now: Date): Promise<AutomationsSweepResult> {
      const result: AutomationsSweepResult = { winBack: 0, skipped: 0, deferred: 0, bonuses: 0 };
      const candidates = await repo.winBackCandidates(now);
      // A landline is skipped by the rule of every enqueue once its line type is known (decision 080).
      await classifyCardPhones(db, [...new Set(candidates.filter((c) => c.channel !== 'email').map((c) => c.business_id))]);
      for (const card of candidates) {
        try {
          const outcome = await winBack(card, now);
          if (outcome === 'queued' || outcome === 'bonus') result.winBack += 1;
          if (outcome === 'bonus') result.bonuses += 1;
          if (outcome === 'skipped') result.skipped += 1;
          if (outcome === 'deferred') result.deferred += 1;
        } catch (err) {
          log.error({ err, cardId: card.card_id }, 'automations sweep: could not enqueue a win-back');
        }
      }
      await repo.forgetPastDays(now);
      return result;
    },
  };
}

export type AutomationsSweep = ReturnType<typeof createAutomationsSweep>;
