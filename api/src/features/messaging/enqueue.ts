/**
 * The one way a single message enters the queue (docs/decisions/068-one-enqueue-path-one-jobs-plugin.md): every
 * feature that sends one — the welcome, the customer's access link and erasure confirmation, Easy SMS, the
 * rewards' receipts, reminders and birthday gifts, the wallet links — calls `enqueueMessage` over its connection
 * (the pool, or the transaction the message belongs to). It runs the SQL function `loyalty_enqueue_messages`
 * (migration 027), which holds the rule of every enqueue: skipped with its reason when there is no contact, the
 * contact is not valid for the channel or sent STOP; once per idempotency key. The campaign send and the bonus
 * enqueue many at once through the same function.
 *
 * The caller wakes the worker (`app.messaging.worker.wake()`) once what it enqueued is committed.
 */
import type { Queryable } from '../../db';
import type { Channel } from './types';

interface MessageContent {
  body: string;
  /** Unique among all messages: a key already used enqueues nothing. */
  idempotencyKey: string;
  /** What the worker issues into the body at send time ('<kind>:<reference>', decision 058): the body holds the placeholder. */
  credential?: string;
  /** The recipient is kept only until the message is sent or fails for good (the erasure's confirmation). */
  forgetRecipient?: boolean;
  /**
   * An automatic message (reminder, birthday): held by the business's quiet hours (migration 035), due at `at`
   * (the caller's clock) or, with `notBeforeHour`, not before that hour (Rome time) of `at`'s day. Without it the
   * message is a service one and leaves at once.
   */
  held?: { at: Date; notBeforeHour?: number };
  /**
   * A marketing message (an automation's, decision 080): sent only with the card's consent on the channel, held
   * by the quiet hours, and at most one per card per Rome day across campaigns and automations (migration 039).
   * To a contact: whether it consented; to a card's holder: `true`, the consent is read from the card.
   */
  marketingConsent?: boolean;
}

/** To a given contact on a given channel. */
export interface MessageToContact extends MessageContent {
  businessId: string;
  cardId: string | null;
  channel: Channel;
  /** Normalised for the channel: E.164 phone, lower-case e-mail. */
  recipient: string;
}

/**
 * A service message to a card's holder: WhatsApp if the business has it on and the card a valid phone, else SMS
 * likewise, else e-mail if on and the card has an address (`loyalty_card_service_contact`). Nothing when no
 * channel reaches the holder.
 */
export interface MessageToCardHolder extends MessageContent {
  cardId: string;
  channel?: undefined;
}

export type MessageJob = MessageToContact | MessageToCardHolder;

export interface EnqueuedMessage {
  id: string;
  channel: Channel;
  /** 'skipped' (with its reason: 'no_contact', 'invalid_contact', 'opt_out'): a row that counts, never sent. */
  status: 'queued' | 'skipped';
  skipReason: string | null;
}

const ENQUEUED = `e.id::text AS id, e.channel, e.status, e.skip_reason AS "skipReason"`;

/** Enqueues one message; null when its key was already used, or (to a card's holder) no channel reaches them. */
export async function enqueueMessage(db: Queryable, job: MessageJob): Promise<EnqueuedMessage | null> {
  const credential = job.credential ?? null;
  const forget = job.forgetRecipient ?? false;
  const at = job.held?.at.toISOString() ?? null;
  const hour = job.held?.notBeforeHour ?? null;
  // Held (migration 035): due at `at`, or at `hour`:00 Rome of its day when that is later; then the quiet hours.
  // The hour belongs to the quiet hours: with the deployment's switch off (decision 082) a message is due at `at`.
  const enqueue = (messages: string, first: number) =>
    `loyalty_enqueue_messages(${messages}, $${first}::boolean, CASE WHEN $${first + 2}::int IS NULL
       OR NOT coalesce((SELECT quiet_hours FROM platform_settings), true) THEN $${first + 1}::timestamptz
       ELSE greatest($${first + 1}::timestamptz, (($${first + 1}::timestamptz AT TIME ZONE 'Europe/Rome')::date + make_time($${first + 2}::int, 0, 0)) AT TIME ZONE 'Europe/Rome') END)`;
  const timing = [job.held !== undefined, at, hour];
  const marketing = job.marketingConsent ?? null;
  const { rows } =
    job.channel === undefined
      ? await db.query<EnqueuedMessage>(
          `SELECT ${ENQUEUED}
             FROM loyalty_card_service_contact($1::text) c
             JOIN loyalty_cards card ON card.id = $1::text
            CROSS JOIN LATERAL ${enqueue(
              `ARRAY[ROW(c.business_id, $1::text, NULL, c.channel, c.recipient, $2::text, $3::text,
                         CASE WHEN $9::boolean THEN c.channel = ANY(card.marketing_channels) END, $4::text, $5::boolean)::loyalty_message]`,
              6,
            )} e`,
          [job.cardId, job.body, job.idempotencyKey, credential, forget, ...timing, marketing],
        )
      : await db.query<EnqueuedMessage>(
          `SELECT ${ENQUEUED}
             FROM ${enqueue('ARRAY[ROW($1::text, $2::text, NULL, $3::text, $4::text, $5::text, $6::text, $12::boolean, $7::text, $8::boolean)::loyalty_message]', 9)} e`,
          [job.businessId, job.cardId, job.channel, job.recipient, job.body, job.idempotencyKey, credential, forget, ...timing, marketing],
        );
  return rows[0] ?? null;
}
