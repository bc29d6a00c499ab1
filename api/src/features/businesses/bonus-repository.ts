/**
 * The bonus automation's SQL. The automation itself is the trigger of migration 009 (every rise
 * of a balance records the multiples of the threshold it reaches and enqueues their WhatsApp messages in
 * the same transaction); what is here is the threshold change, which does the same for every card of the
 * business at once, and its preview. Both read `loyalty_bonus_plan`, so the preview counts exactly what
 * the change records. See docs/decisions/021-bonus-on-the-server.md.
 */
import type { Queryable } from '../../db';
import type { Flag } from './repository';

export interface BonusCounts {
  /** WhatsApp messages queued (or that would be). */
  messages: number;
  /** Multiples recorded with a 'skipped' job: no phone, or the number sent STOP. */
  skipped: number;
  /** Cards that reach a new multiple, whatever becomes of its message. */
  cards: number;
}

export function createBonusRepository(db: Queryable) {
  return {
    /** What recording the new multiples of every card of the business at `threshold` would do now. */
    async preview(businessId: string, threshold: number): Promise<BonusCounts> {
      const { rows } = await db.query<BonusCounts>(
        `SELECT count(*) FILTER (WHERE p.status = 'queued')::int AS messages,
                count(*) FILTER (WHERE p.status = 'skipped')::int AS skipped,
                count(DISTINCT p.card_id)::int AS cards
           FROM loyalty_bonus_plan($1, $2::integer, NULL) p`,
        [businessId, threshold],
      );
      return rows[0];
    },

    /**
     * Sets the threshold and locks the business row until the transaction ends, so two threshold changes of
     * one business take turns. Null when the business does not exist.
     */
    async setThreshold(businessId: string, threshold: number): Promise<{ whatsapp_enabled: Flag } | null> {
      const { rows } = await db.query<{ whatsapp_enabled: Flag }>(
        'UPDATE businesses SET bonus_threshold = $2 WHERE id = $1 RETURNING whatsapp_enabled',
        [businessId, threshold],
      );
      return rows[0] ?? null;
    },

    /** Records the new multiples of every card of the business at `threshold` and enqueues their messages. */
    async record(businessId: string, threshold: number): Promise<BonusCounts> {
      const { rows } = await db.query<BonusCounts>('SELECT messages, skipped, cards FROM loyalty_bonus_record($1, $2::integer, NULL)', [
        businessId,
        threshold,
      ]);
      return rows[0];
    },
  };
}

export type BonusRepository = ReturnType<typeof createBonusRepository>;
