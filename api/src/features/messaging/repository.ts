/** The messaging module's SQL: settings with the encrypted token, the job queue, opt-outs and the message log. */
import type { Queryable } from '../../db';
import { cardFilterConditions, segmentFilter, type Segment } from '../cards/repository';
import { normalizeEmail } from '../../lib/email';
import { normalizePhone, phoneLineType, phoneOrCompact } from '../../lib/phone';
import { claimDueSql, type JobOutcome } from '../../lib/leased-queue';
import type { DriverName } from '../../config/messaging';
import { maskCredentials } from './credentials';
import { enqueueMessage, type MessageToContact } from './enqueue';
import { noneSkipped, TRUTH_MESSAGES, type SkippedByReason } from './messages';
import type { Channel, SendingAccount, SendResult } from './types';

export interface StoredSettings {
  business_id: string;
  driver: DriverName | null;
  account_sid: string | null;
  auth_token_encrypted: string | null;
  auth_token_last4: string | null;
  phone_number: string | null;
  messaging_service_sid: string | null;
  email_sender: string | null;
  bonus_template: string | null;
}

export interface SettingsUpdate {
  driver?: DriverName | null;
  account_sid?: string | null;
  /** undefined: keep the stored token; null: remove it; else the new encrypted value and its last four characters. */
  auth_token?: { encrypted: string; last4: string } | null;
  phone_number?: string | null;
  messaging_service_sid?: string | null;
  email_sender?: string | null;
  /** The bonus WhatsApp's text; null: back to the default. */
  bonus_template?: string | null;
  /** The sending window (migration 035), whole hours Rome time. */
  send_from?: number;
  send_until?: number;
}

/** What a queued job and a logged message both say about one message. */
interface MessageFields {
  id: number;
  business_id: string;
  campaign_id: string | null;
  card_id: string | null;
  channel: Channel;
  recipient: string;
  body: string;
}

export interface JobRecord extends MessageFields {
  attempts: number;
  lock_token: string;
  /** The credential the worker issues into the body at send time ('<kind>:<reference>', decision 058); null for none. */
  credential: string | null;
  /** What kind of message it is ('campaign:…', 'card:<id>:welcome', 'customer-link:…'): a service e-mail's subject follows it. */
  idempotency_key: string;
}

/** What an e-mail needs besides its text (decision 074): the shop, and the campaign's subject for a campaign's. */
export interface EmailContext {
  shop_name: string;
  brand_color: string | null;
  /** The shop's own e-mail (Reply-To), when known. */
  shop_email: string | null;
  email_sender: string | null;
  campaign_subject: string | null;
  campaign_name: string | null;
}

/**
 * What an erased person's messages keep (decision 058): the row (the shop's counts stay true), but neither
 * the recipient nor the text, which may name them. A recipient kept only until the message is sent
 * (`forgetRecipient`, the erasure's confirmation) becomes the same.
 */
export const ERASED_RECIPIENT = 'dato cancellato';
export const ERASED_BODY = 'Testo cancellato su richiesta del cliente (cancellazione dei dati personali).';

export interface DeliveryCounts {
  total: number;
  queued: number;
  /** Accepted by the provider and not reported failed since (delivered ones included). */
  sent: number;
  /** Reported delivered (or read) by the provider's status callbacks. */
  delivered: number;
  /** Failed for good, or reported undelivered / failed by the provider. */
  failed: number;
  skipped: number;
  /**
   * Sent through a driver whose provider reports each message's fate later (`receiptDrivers`), not reported
   * delivered or failed yet, and sent less than `RECEIPT_WAIT_MINUTES` ago: the screens keep polling for them.
   */
  awaitingReceipts: number;
  /** The most frequent reasons of the failures, Italian, most frequent first. */
  failureReasons: { reason: string; count: number }[];
  /**
   * When the queued messages leave, while the business's sending window holds them (decision 100): outside the
   * window, with none being sent, the earliest due time of the queued ones when it is still to come; else null.
   */
  heldUntil: string | null;
}

/**
 * How long a sent message still counts as awaiting the provider's receipt (Twilio's status callback). Some
 * operators never report 'delivered' (an SMS stays 'sent' for good): after this the screens stop waiting.
 */
export const RECEIPT_WAIT_MINUTES = 10;

/** `messaging_jobs.skip_reason` → the key of `skippedByReason` in the answers. */
const SKIP_REASON_KEYS: Record<string, keyof SkippedByReason> = {
  no_consent: 'noConsent',
  opt_out: 'optedOut',
  no_contact: 'invalidContact',
  invalid_contact: 'invalidContact',
  // A landline (decision 080): a contact the channel cannot reach.
  landline: 'invalidContact',
  daily_limit: 'dailyLimit',
};

export interface LoggedMessage extends MessageFields {
  status: string;
  driver: string;
  provider_message_id: string | null;
  error: string | null;
  created_at: string;
}

/**
 * A contact in the form jobs and the STOP list use: e-mail lower-case; a phone in E.164 when it is valid
 * ('333 123 4567' → '+393331234567'), else as written without separators, so a number stored
 * before numbers were checked is still recognised as invalid and skipped (decision 024).
 */
export const normalizeContact = (channel: Channel, contact: string | null | undefined) =>
  !contact ? '' : channel === 'email' ? normalizeEmail(contact) : phoneOrCompact(contact);

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A contact a message can be sent to on the channel, normalised (e-mail lower-case, phone in E.164), or null:
 * an e-mail without its shape, a phone no numbering plan has (one kept as written before migration 011).
 */
export function reachableContact(channel: Channel, contact: string | null | undefined): string | null {
  if (!contact) return null;
  if (channel !== 'email') return normalizePhone(contact);
  const email = normalizeEmail(contact);
  return EMAIL_SHAPE.test(email) ? email : null;
}

/**
 * The card's contact for a channel. Stored phones are E.164 since migration 011, so removing separators
 * gives the same as `normalizeContact`; a number kept as written because it is not valid stays invalid.
 */
const CARD_CONTACT_SQL = `CASE WHEN $3::text = 'email' THEN lower(btrim(c.email)) ELSE regexp_replace(c.customer_phone, '[\\s().-]', '', 'g') END`;

const SETTINGS_COLUMNS =
  'business_id, driver, account_sid, auth_token_encrypted, auth_token_last4, phone_number, messaging_service_sid, email_sender, bonus_template';

/** What sending a campaign reads of it. */
interface StoredCampaign {
  id: string;
  business_id: string;
  name: string;
  /** The e-mail's subject (decision 074); null for older campaigns, which use their name. */
  subject: string | null;
  recipients: unknown;
  segment: Segment | null;
  /** The channels it is sent on ([]: any). */
  channels: Channel[];
}

/** Who a campaign send reaches: a campaign's typed `recipients` list (normalised contacts) or a segment of the business's cards. */
export type CampaignAudience = { contacts: string[] } | { segment: Segment };

/** What a campaign send would do now on one channel (`campaignReach`): `queued` is what the send will enqueue. */
export interface CampaignReach {
  /** Distinct recipients (a contact once; a card of a segment without a contact once). */
  total: number;
  queued: number;
  noConsent: number;
  optedOut: number;
  /** No contact, or one the channel's provider cannot take. */
  invalidContact: number;
  /** Already sent this campaign on this channel: a send does not enqueue them again. */
  alreadyEnqueued: number;
  /** Their card already has a marketing message on the day this one would leave (migration 039). */
  dailyLimit: number;
}

/** A campaign message's idempotency key, over `dedup d` and the parameters $2 (campaign) and $3 (channel). */
const CAMPAIGN_KEY_SQL = `'campaign:' || $2::text || ':' || $3::text || ':' || d.key_part`;

/**
 * The common table expressions `input`, `dedup` (each recipient once: contact, key part, card) and `cards` (each
 * contact's consent on the channel $3 among the cards of the business $1, and its first card) of a campaign send
 * and of its preview, so both read the same recipients. Appends its own parameters to `params`.
 */
function campaignRecipientsSql(audience: { campaignId: string; channel: Channel } & CampaignAudience, params: unknown[]): string {
  let recipientsSql: string;
  if ('segment' in audience) {
    const filter = segmentFilter(audience.segment, { campaignId: audience.campaignId, channels: [audience.channel] });
    const conditions = ['c.business_id = $1', ...cardFilterConditions(filter, params)];
    recipientsSql = `SELECT contact, CASE WHEN contact = '' THEN '#card:' || id ELSE contact END AS key_part, id AS card_id,
                            row_number() OVER (ORDER BY created_at, id) AS ord
                       FROM (SELECT coalesce(${CARD_CONTACT_SQL}, '') AS contact, c.id, c.created_at FROM loyalty_cards c WHERE ${conditions.join(' AND ')}) s`;
  } else {
    params.push(audience.contacts);
    recipientsSql = `SELECT contact, CASE WHEN contact = '' THEN '#' || ord ELSE contact END AS key_part, NULL::text AS card_id, ord
                       FROM unnest($${params.length}::text[]) WITH ORDINALITY AS t(contact, ord)`;
  }
  return `input AS (${recipientsSql}
         ), dedup AS (
           SELECT DISTINCT ON (key_part) contact, key_part, card_id FROM input ORDER BY key_part, ord
         ), cards AS (
           SELECT contact, bool_or(consent) AS consent, (array_agg(id ORDER BY created_at, id))[1] AS card_id
             FROM (SELECT ${CARD_CONTACT_SQL} AS contact, $3::text = ANY(c.marketing_channels) AS consent, c.id, c.created_at
                     FROM loyalty_cards c WHERE c.business_id = $1) cc
            WHERE contact IN (SELECT contact FROM dedup WHERE contact <> '')
            GROUP BY contact
         )`;
}

/**
 * Decision 080: writes the line type (libphonenumber-js) of the phones of the business's cards not classified yet
 * into `phone_line_types`, which the rule of every enqueue reads (a landline gets no SMS or WhatsApp). Each
 * number once: after the first send of a business only its new numbers are read.
 */
export async function classifyCardPhones(db: Queryable, businessIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ phone: string }>(
    `SELECT DISTINCT p.phone FROM loyalty_cards c
      CROSS JOIN LATERAL (SELECT regexp_replace(c.customer_phone, '[\\s().-]', '', 'g') AS phone) p
      WHERE c.business_id = ANY($1::text[]) AND p.phone ~ '^\\+[1-9][0-9]{5,14}$'
        AND NOT EXISTS (SELECT 1 FROM phone_line_types t WHERE t.phone = p.phone)`,
    [businessIds],
  );
  if (rows.length === 0) return 0;
  const phones = rows.map((r) => r.phone);
  await db.query(
    `INSERT INTO phone_line_types (phone, line_type) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (phone) DO NOTHING`,
    [phones, phones.map(phoneLineType)],
  );
  return phones.length;
}

export function createMessagingRepository(db: Queryable) {
  return {
    async findSettings(businessId: string): Promise<StoredSettings | null> {
      const { rows } = await db.query<StoredSettings>(`SELECT ${SETTINGS_COLUMNS} FROM messaging_settings WHERE business_id = $1`, [businessId]);
      return rows[0] ?? null;
    },

    /** Creates the row when missing; only the fields given change. */
    async saveSettings(businessId: string, update: SettingsUpdate): Promise<void> {
      const token = update.auth_token;
      await db.query(
        `INSERT INTO messaging_settings (business_id, account_sid, auth_token_encrypted, auth_token_last4, phone_number, messaging_service_sid, email_sender, driver, bonus_template, send_from, send_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $13, $15, coalesce($17::int, 9), coalesce($18::int, 20))
         ON CONFLICT (business_id) DO UPDATE SET
           driver = CASE WHEN $14 THEN EXCLUDED.driver ELSE messaging_settings.driver END,
           account_sid = CASE WHEN $8 THEN EXCLUDED.account_sid ELSE messaging_settings.account_sid END,
           auth_token_encrypted = CASE WHEN $9 THEN EXCLUDED.auth_token_encrypted ELSE messaging_settings.auth_token_encrypted END,
           auth_token_last4 = CASE WHEN $9 THEN EXCLUDED.auth_token_last4 ELSE messaging_settings.auth_token_last4 END,
           phone_number = CASE WHEN $10 THEN EXCLUDED.phone_number ELSE messaging_settings.phone_number END,
           messaging_service_sid = CASE WHEN $11 THEN EXCLUDED.messaging_service_sid ELSE messaging_settings.messaging_service_sid END,
           email_sender = CASE WHEN $12 THEN EXCLUDED.email_sender ELSE messaging_settings.email_sender END,
           bonus_template = CASE WHEN $16 THEN EXCLUDED.bonus_template ELSE messaging_settings.bonus_template END,
           send_from = CASE WHEN $17::int IS NOT NULL THEN EXCLUDED.send_from ELSE messaging_settings.send_from END,
           send_until = CASE WHEN $18::int IS NOT NULL THEN EXCLUDED.send_until ELSE messaging_settings.send_until END,
           updated_at = now()`,
        [
          businessId,
          update.account_sid ?? null,
          token?.encrypted ?? null,
          token?.last4 ?? null,
          update.phone_number ?? null,
          update.messaging_service_sid ?? null,
          update.email_sender ?? null,
          update.account_sid !== undefined,
          token !== undefined,
          update.phone_number !== undefined,
          update.messaging_service_sid !== undefined,
          update.email_sender !== undefined,
          update.driver ?? null,
          update.driver !== undefined,
          update.bonus_template ?? null,
          update.bonus_template !== undefined,
          update.send_from ?? null,
          update.send_until ?? null,
        ],
      );
    },

    async setChannelFlags(businessId: string, flags: Partial<Record<Channel, boolean>>): Promise<void> {
      const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
      await db.query(
        `UPDATE businesses SET
           whatsapp_enabled = COALESCE($2::smallint, whatsapp_enabled),
           sms_enabled = COALESCE($3::smallint, sms_enabled),
           email_enabled = COALESCE($4::smallint, email_enabled)
         WHERE id = $1`,
        [businessId, flag(flags.whatsapp), flag(flags.sms), flag(flags.email)],
      );
    },

    /** The shop and campaign an e-mail job needs (null: the business is gone). */
    async emailContext(businessId: string, campaignId: string | null): Promise<EmailContext | null> {
      const { rows } = await db.query<EmailContext>(
        `SELECT b.name AS shop_name, b.brand_color, nullif(btrim(b.email), '') AS shop_email, s.email_sender,
                c.subject AS campaign_subject, c.name AS campaign_name
           FROM businesses b
           LEFT JOIN messaging_settings s ON s.business_id = b.id
           LEFT JOIN campaigns c ON c.id = $2::text AND c.business_id = b.id
          WHERE b.id = $1`,
        [businessId, campaignId],
      );
      return rows[0] ?? null;
    },

    /** Without `targets`: a segment of cards picked one by one is read by `enqueueCampaign` in SQL. */
    async findCampaign(id: string): Promise<StoredCampaign | null> {
      const { rows } = await db.query<StoredCampaign>(
        'SELECT id, business_id, name, subject, recipients, segment, channels FROM campaigns WHERE id = $1',
        [id],
      );
      return rows[0] ?? null;
    },

    async findCard(id: string): Promise<{ id: string; business_id: string; customer_name: string; customer_phone: string | null; points: number } | null> {
      const { rows } = await db.query<{ id: string; business_id: string; customer_name: string; customer_phone: string | null; points: number }>(
        'SELECT id, business_id, customer_name, customer_phone, points FROM loyalty_cards WHERE id = $1',
        [id],
      );
      return rows[0] ?? null;
    },

    /**
     * Whether a card of the business with this contact (normalised for the channel) consents to marketing
     * on the channel: the rule of `enqueueCampaign`, for a single message (Easy SMS).
     */
    async hasMarketingConsent(businessId: string, channel: Channel, contact: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM loyalty_cards c WHERE c.business_id = $1 AND $3::text = ANY(c.marketing_channels) AND ${CARD_CONTACT_SQL} = $2 LIMIT 1`,
        [businessId, contact, channel],
      );
      return rows.length > 0;
    },

    async isOptedOut(businessId: string, contact: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM messaging_opt_outs WHERE business_id = $1 AND contact = $2', [businessId, contact]);
      return rows.length > 0;
    },

    async addOptOut(businessId: string, contact: string, source = 'stop'): Promise<void> {
      await db.query('INSERT INTO messaging_opt_outs (business_id, contact, source) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [businessId, contact, source]);
    },

    /**
     * The shops whose messages the platform's account sent to a contact on a channel (decision 086): a STOP to the
     * shared number is theirs to honour, since the person cannot say which of them it is for.
     */
    async platformSenders(channel: Channel, contact: string): Promise<string[]> {
      const { rows } = await db.query<{ business_id: string }>(
        `SELECT DISTINCT business_id FROM outbox_messages
          WHERE account = 'platform' AND channel = $1 AND regexp_replace(recipient, '^whatsapp:|[\\s().-]', '', 'g') = $2
          ORDER BY business_id`,
        [channel, contact],
      );
      return rows.map((r) => r.business_id);
    },

    async removeOptOut(businessId: string, contact: string): Promise<void> {
      await db.query('DELETE FROM messaging_opt_outs WHERE business_id = $1 AND contact = $2', [businessId, contact]);
    },

    /** A provider's later report on a message it accepted (Twilio status callback). Answers the rows changed. */
    async updateProviderStatus(businessId: string, providerMessageId: string, status: SendResult['status'], error: string | null): Promise<number> {
      const { rows } = await db.query(
        `UPDATE outbox_messages SET status = $3, error = COALESCE($4, error)
          WHERE business_id = $1 AND provider_message_id = $2 RETURNING id`,
        [businessId, providerMessageId, status, error],
      );
      return rows.length;
    },

    /**
     * One job per distinct recipient contact, in one statement, through the rule of every enqueue
     * (`loyalty_enqueue_messages`, features/messaging/enqueue.ts): recipients without a contact, or with one no
     * provider would take, opted-out contacts (STOP list) and contacts on no card of the business that consents
     * to marketing on the campaign's channel (decision 025; a contact on no card at all too: consent is known only
     * for card holders) become 'skipped' rows. Existing idempotency keys of messages queued or sent are left alone;
     * a recipient skipped by an earlier send is judged again (migration 045: a consent given since lets it through). Answers the counts, the
     * skipped ones by reason, and `heldUntil`: when the queued messages leave if the business's quiet hours hold
     * them (the window's next start), null when they are due at once or none of the campaign's messages waits (a
     * send repeated once every recipient is queued still answers it while they wait).
     *
     * The recipients are either `contacts` (a campaign's `recipients` list, normalised) or a
     * `segment` of the business's cards, selected by this same statement (`INSERT … SELECT` from
     * loyalty_cards: 100 000 cards never pass through this process). A card of a segment without a contact
     * is keyed by its id, so sending the campaign again finds it already enqueued.
     */
    async enqueueCampaign(
      input: { businessId: string; campaignId: string; channel: Channel; body: string; at?: Date } & CampaignAudience,
    ): Promise<{ queued: number; skipped: number; alreadyEnqueued: number; skippedByReason: SkippedByReason; heldUntil: string | null }> {
      await classifyCardPhones(db, [input.businessId]);
      const params: unknown[] = [input.businessId, input.campaignId, input.channel];
      const recipients = campaignRecipientsSql(input, params);
      params.push(input.body);
      const body = `$${params.length}::text`;
      // Due at `at` (the app's clock; none: now), held by the business's quiet hours as every marketing message (migration 035).
      params.push(input.at?.toISOString() ?? null);
      const at = `$${params.length}::timestamptz`;
      // loyalty_enqueue_messages (migration 027) applies the rule to each recipient once.
      const { rows } = await db.query<{
        recipients: number;
        outcomes: { status: 'queued' | 'skipped'; skip_reason: string | null; n: number }[];
        held_until: string | null;
        waiting: boolean;
      }>(
        `WITH ${recipients}, inserted AS MATERIALIZED (
           SELECT e.status, e.skip_reason
             FROM loyalty_enqueue_messages((
               SELECT array_agg(ROW($1::text, coalesce(cards.card_id, d.card_id), $2::text, $3::text, d.contact, ${body},
                                    ${CAMPAIGN_KEY_SQL}, cards.consent IS TRUE, NULL, false)::loyalty_message
                                ORDER BY d.key_part)
                 FROM dedup d LEFT JOIN cards ON cards.contact = d.contact
             ), true, ${at}, true) e
         )
         SELECT (SELECT count(*) FROM dedup)::int AS recipients,
                coalesce((SELECT jsonb_agg(g) FROM (SELECT status, skip_reason, count(*)::int AS n FROM inserted GROUP BY status, skip_reason) g), '[]'::jsonb) AS outcomes,
                -- When the quiet hours let this send's messages leave, by the rule the enqueue gave them (NULL: at once).
                nullif(loyalty_quiet_release($1::text, coalesce(${at}, now())), coalesce(${at}, now())) AS held_until,
                -- A send repeated once everyone is queued (a retry after a lost answer): its messages still wait.
                EXISTS (SELECT 1 FROM messaging_jobs WHERE business_id = $1 AND campaign_id = $2 AND status = 'queued') AS waiting`,
        params,
      );
      const { recipients: total, outcomes, held_until, waiting } = rows[0];
      const skippedByReason = noneSkipped();
      let queued = 0;
      let skipped = 0;
      for (const { status, skip_reason, n } of outcomes) {
        if (status === 'queued') queued += n;
        else {
          skipped += n;
          skippedByReason[SKIP_REASON_KEYS[skip_reason ?? ''] ?? 'invalidContact'] += n;
        }
      }
      return { queued, skipped, alreadyEnqueued: total - queued - skipped, skippedByReason, heldUntil: queued > 0 || waiting ? held_until : null };
    },

    /**
     * What `enqueueCampaign` would do now, without writing: the same recipients (`campaignRecipientsSql`), each
     * given the rule of every enqueue (`loyalty_message_skip_reason`, migration 027) or, when its idempotency key
     * was already used by a message queued or sent, counted as already enqueued (one skipped before is judged again,
     * as a send now would: migration 045) — the send dialog's «Invia a N destinatari» is `queued`.
     */
    async campaignReach(input: { businessId: string; campaignId: string; channel: Channel; at?: Date } & CampaignAudience): Promise<CampaignReach> {
      await classifyCardPhones(db, [input.businessId]);
      const params: unknown[] = [input.businessId, input.campaignId, input.channel];
      const recipients = campaignRecipientsSql(input, params);
      params.push(input.at?.toISOString() ?? null);
      // The Rome day a send now would leave on (after the quiet hours): a card that has that day claimed is held back.
      const day = `(loyalty_quiet_release($1::text, coalesce($${params.length}::timestamptz, now())) AT TIME ZONE 'Europe/Rome')::date`;
      const { rows } = await db.query<{ outcome: string; n: number }>(
        `WITH ${recipients}, outcome AS (
           SELECT CASE WHEN EXISTS (SELECT 1 FROM messaging_jobs j WHERE j.idempotency_key = ${CAMPAIGN_KEY_SQL} AND j.status <> 'skipped') THEN 'already'
                       ELSE coalesce(loyalty_message_skip_reason($1::text, $3::text, d.contact, cards.consent IS TRUE),
                                     CASE WHEN EXISTS (SELECT 1 FROM marketing_card_days m WHERE m.card_id = coalesce(cards.card_id, d.card_id) AND m.day = ${day})
                                          THEN 'daily_limit' END, 'queued') END AS outcome
             FROM dedup d LEFT JOIN cards ON cards.contact = d.contact
         )
         SELECT outcome, count(*)::int AS n FROM outcome GROUP BY outcome`,
        params,
      );
      const reach: CampaignReach = { total: 0, queued: 0, noConsent: 0, optedOut: 0, invalidContact: 0, alreadyEnqueued: 0, dailyLimit: 0 };
      for (const { outcome, n } of rows) {
        reach.total += n;
        if (outcome === 'queued') reach.queued += n;
        else if (outcome === 'already') reach.alreadyEnqueued += n;
        else reach[(SKIP_REASON_KEYS[outcome] ?? 'invalidContact') as 'noConsent' | 'optedOut' | 'invalidContact' | 'dailyLimit'] += n;
      }
      return reach;
    },

    /**
     * Schedules the campaign's send (migration 036) and marks it 'scheduled'; `at` is a Rome wall-clock time
     * ('2030-01-15T21:00'). Answers the instant, or null when that is not after `now`.
     */
    async scheduleCampaign(id: string, input: { at: string; channel: Channel; message: string; now: Date }): Promise<string | null> {
      const { rows } = await db.query<{ scheduled_at: string }>(
        `UPDATE campaigns SET scheduled_at = $2::timestamp AT TIME ZONE 'Europe/Rome', scheduled_channel = $3, scheduled_message = $4, status = 'scheduled'
          WHERE id = $1 AND $2::timestamp AT TIME ZONE 'Europe/Rome' > $5::timestamptz
          RETURNING scheduled_at`,
        [id, input.at, input.channel, input.message, input.now.toISOString()],
      );
      return rows[0]?.scheduled_at ?? null;
    },

    /** Cancels a schedule not started yet, back to 'draft'; false when there is none. */
    async cancelSchedule(id: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE campaigns SET scheduled_at = NULL, scheduled_channel = NULL, scheduled_message = NULL, status = 'draft'
          WHERE id = $1 AND scheduled_at IS NOT NULL RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },

    /**
     * Claims the campaigns whose scheduled time has come by `now` (each once: the claim clears the schedule and
     * marks it 'active'), and answers what each is to send.
     */
    async claimDueSchedules(now: Date): Promise<{ id: string; business_id: string; recipients: unknown; segment: Segment | null; channel: Channel; message: string; at: string }[]> {
      const { rows } = await db.query<{ id: string; business_id: string; recipients: unknown; segment: Segment | null; channel: Channel; message: string; at: string }>(
        `WITH due AS (
           SELECT id, scheduled_at, scheduled_channel, scheduled_message FROM campaigns
            WHERE scheduled_at IS NOT NULL AND scheduled_at <= $1::timestamptz
            ORDER BY scheduled_at FOR UPDATE SKIP LOCKED
         )
         UPDATE campaigns c SET scheduled_at = NULL, scheduled_channel = NULL, scheduled_message = NULL, status = 'active'
           FROM due WHERE c.id = due.id
         RETURNING c.id, c.business_id, c.recipients, c.segment, due.scheduled_channel AS channel, due.scheduled_message AS message, due.scheduled_at AS at`,
        [now.toISOString()],
      );
      return rows;
    },

    /**
     * A single job (`enqueueMessage` over this connection); answers its id, or null when the idempotency key was
     * already used.
     */
    async enqueueOne(job: MessageToContact): Promise<string | null> {
      return (await enqueueMessage(db, job))?.id ?? null;
    },

    /**
     * When a queued job leaves if it was held past `at` (the quiet hours, migration 035): its due time; else null.
     * The job by its id (just queued) or by its idempotency key (a repeated send of one already queued).
     */
    async heldUntil(job: { id: string } | { idempotencyKey: string }, at: Date): Promise<string | null> {
      const [where, value] = 'id' in job ? ['id = $1::bigint', job.id] : ['idempotency_key = $1', job.idempotencyKey];
      const { rows } = await db.query<{ next_run_at: string }>(
        `SELECT next_run_at FROM messaging_jobs WHERE ${where} AND status = 'queued' AND next_run_at > $2::timestamptz`,
        [value, at.toISOString()],
      );
      return rows[0]?.next_run_at ?? null;
    },

    /**
     * Takes up to `limit` due jobs for this worker: queued ones whose time has come and 'sending' ones whose
     * worker let the lease run out. SKIP LOCKED lets several workers (instances) claim side by side.
     */
    async claim(limit: number, leaseMs: number, lockToken: string): Promise<JobRecord[]> {
      const { rows } = await db.query<JobRecord>(
        claimDueSql({ table: 'messaging_jobs', returning: 'j.id, j.business_id, j.campaign_id, j.card_id, j.channel, j.recipient, j.body, j.attempts, j.lock_token, j.credential, j.idempotency_key' }),
        [limit, leaseMs, lockToken],
      );
      return rows.sort((a, b) => a.id - b.id);
    },

    /**
     * Marks the job sent and logs the message in one statement, only while this worker still holds it:
     * false when the lease was lost (another worker took the job over), and then nothing is written.
     */
    async complete(job: JobRecord, driver: string, result: SendResult, account: SendingAccount | null = null): Promise<boolean> {
      const { rows } = await db.query(
        `WITH done AS (
           UPDATE messaging_jobs SET status = 'sent', provider_message_id = $3, sent_at = now(), updated_at = now(),
                  lock_token = NULL, locked_until = NULL, last_error = NULL,
                  recipient = CASE WHEN forget_recipient THEN $6 ELSE recipient END
            WHERE id = $1 AND lock_token = $2 AND status = 'sending'
           RETURNING id, business_id, campaign_id, card_id, channel, recipient, body
         )
         INSERT INTO outbox_messages (business_id, campaign_id, card_id, channel, recipient, body, status, driver, provider_message_id, job_id, account)
         SELECT business_id, campaign_id, card_id, channel, recipient, body, $4, $5, $3, id, $7 FROM done
         RETURNING id`,
        [job.id, job.lock_token, result.providerMessageId, result.status, driver, ERASED_RECIPIENT, account],
      );
      return rows.length > 0;
    },

    /**
     * Back to the queue at `retryInMs`, or (retryInMs null) failed for good and logged as failed. Answers which
     * (null: the lease was lost, nothing written).
     */
    async fail(job: JobRecord, driver: string, error: string, retryInMs: number | null, account: SendingAccount | null = null): Promise<JobOutcome | null> {
      if (retryInMs !== null) {
        const { rows } = await db.query(
          // A job the quiet hours held when enqueued waits for the window again (migration 039).
          `UPDATE messaging_jobs SET status = 'queued', last_error = $4,
                  next_run_at = CASE WHEN quiet THEN loyalty_quiet_release(business_id, now() + $3 * interval '1 millisecond')
                                     ELSE now() + $3 * interval '1 millisecond' END,
                  lock_token = NULL, locked_until = NULL, updated_at = now()
            WHERE id = $1 AND lock_token = $2
           RETURNING id`,
          [job.id, job.lock_token, retryInMs, error],
        );
        return rows.length > 0 ? 'retried' : null;
      }
      const { rows } = await db.query(
        `WITH done AS (
           UPDATE messaging_jobs SET status = 'failed', last_error = $3, lock_token = NULL, locked_until = NULL, updated_at = now(),
                  recipient = CASE WHEN forget_recipient THEN $5 ELSE recipient END
            WHERE id = $1 AND lock_token = $2
           RETURNING id, business_id, campaign_id, card_id, channel, recipient, body
         )
         INSERT INTO outbox_messages (business_id, campaign_id, card_id, channel, recipient, body, status, driver, error, job_id, account)
         SELECT business_id, campaign_id, card_id, channel, recipient, body, 'failed', $4, $3, id, $6 FROM done
         RETURNING id`,
        [job.id, job.lock_token, error, driver, ERASED_RECIPIENT, account],
      );
      return rows.length > 0 ? 'failed' : null;
    },

    /** A message sent outside the queue (connection test). */
    async logMessage(message: { businessId: string; channel: Channel; recipient: string; body: string; driver: string; result?: SendResult; error?: string; account?: SendingAccount | null }) {
      await db.query(
        `INSERT INTO outbox_messages (business_id, channel, recipient, body, status, driver, provider_message_id, error, account)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          message.businessId,
          message.channel,
          message.recipient,
          message.body,
          message.result?.status ?? 'failed',
          message.driver,
          message.result?.providerMessageId ?? null,
          message.error ?? null,
          message.account ?? null,
        ],
      );
    },

    /**
     * Where a campaign's messages are: each job with the message it logged (outbox_messages, whose status
     * the provider's callbacks move on to delivered / undelivered / failed), and the top failure reasons.
     * `receiptDrivers`: the drivers whose provider will report on the messages (none: nothing is awaited).
     * `heldUntil` is read in the same pass over the campaign's jobs (the `(campaign_id, status)` index), against
     * `at` (the app's clock; none: now) and the business's window (`loyalty_quiet_release`, migrations 035 and 040):
     * a retry's backoff inside the window is not a hold.
     */
    async deliveryCounts(campaignId: string, channel?: Channel, receiptDrivers: readonly string[] = [], at?: Date): Promise<DeliveryCounts> {
      const params = [campaignId, channel ?? null];
      const jobs = `SELECT j.status AS job_status, m.status AS message_status, COALESCE(m.error, j.last_error) AS error,
                           m.driver AS message_driver, m.created_at AS message_created_at, j.next_run_at, j.business_id
                      FROM messaging_jobs j LEFT JOIN outbox_messages m ON m.job_id = j.id
                     WHERE j.campaign_id = $1 AND ($2::text IS NULL OR j.channel = $2::text)`;
      const now = `coalesce($5::timestamptz, now())`;
      const firstDue = `min(next_run_at) FILTER (WHERE job_status = 'queued')`;
      const failed = `job_status = 'failed' OR message_status IN ('undelivered', 'failed')`;
      const [{ rows }, reasons] = await Promise.all([
        db.query<Omit<DeliveryCounts, 'failureReasons'>>(
          `SELECT count(*)::int AS total,
                  count(*) FILTER (WHERE job_status IN ('queued', 'sending'))::int AS queued,
                  count(*) FILTER (WHERE job_status = 'sent' AND NOT (${failed}))::int AS sent,
                  count(*) FILTER (WHERE job_status = 'sent' AND message_status = 'delivered')::int AS delivered,
                  count(*) FILTER (WHERE ${failed})::int AS failed,
                  count(*) FILTER (WHERE job_status = 'skipped')::int AS skipped,
                  count(*) FILTER (WHERE job_status = 'sent' AND message_status IN ('queued', 'sending', 'sent')
                                     AND message_driver = ANY($3::text[])
                                     AND message_created_at > now() - $4 * interval '1 minute')::int AS "awaitingReceipts",
                  -- Held: nothing being sent, the first queued one still to come, and now outside the shop's window.
                  CASE WHEN count(*) FILTER (WHERE job_status = 'sending') = 0 AND ${firstDue} > ${now}
                             AND loyalty_quiet_release(min(business_id), ${now}) > ${now}
                       THEN ${firstDue} END AS "heldUntil"
             FROM (${jobs}) t`,
          [...params, receiptDrivers, RECEIPT_WAIT_MINUTES, at?.toISOString() ?? null],
        ),
        db.query<{ reason: string; count: number }>(
          `SELECT COALESCE(error, $3) AS reason, count(*)::int AS count
             FROM (${jobs}) t WHERE ${failed}
            GROUP BY 1 ORDER BY count DESC, reason LIMIT 5`,
          [...params, TRUTH_MESSAGES.unknownFailureReason],
        ),
      ]);
      return { ...rows[0], failureReasons: reasons.rows };
    },

    /** The message log, newest first. */
    async listMessages(filter: { businessId?: string; campaignId?: string; channel?: Channel; limit: number; offset: number }) {
      const params = [filter.businessId ?? null, filter.campaignId ?? null, filter.channel ?? null];
      const where = `($1::text IS NULL OR business_id = $1::text) AND ($2::text IS NULL OR campaign_id = $2::text) AND ($3::text IS NULL OR channel = $3::text)`;
      const [{ rows }, count] = await Promise.all([
        db.query<LoggedMessage>(
          `SELECT id, business_id, campaign_id, card_id, channel, recipient, body, status, driver, provider_message_id, error, created_at
             FROM outbox_messages WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
          [...params, filter.limit, filter.offset],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM outbox_messages WHERE ${where}`, params),
      ]);
      // Stored bodies hold only the placeholder of a credential (decision 058); a row an older instance wrote is masked here.
      const messages = rows.map((m) => ({ ...m, body: maskCredentials(m.body) }));
      return { total: count.rows[0].total, messages };
    },

    /**
     * Erasure (decision 058): the messages of the erased cards, and those to their contacts at their shops
     * that no card claims (a campaign's typed list, a connection test), and — `anywhere` — those to the
     * contacts at any shop that no card claims, keep their row and status but lose recipient, text and the
     * idempotency key (a campaign's names the contact). `spare`: the erasure's own confirmation, still to be
     * sent (it forgets its recipient once sent). Answers how many job and log rows were scrubbed.
     */
    async scrubPersonalMessages(input: {
      cards: { id: string; businessId: string }[];
      contacts: string[];
      anywhere: string[];
      spare: string[];
    }): Promise<{ jobs: number; logged: number }> {
      const params = [input.cards.map((c) => c.id), input.cards.map((c) => c.businessId), input.contacts, input.anywhere, input.spare, ERASED_RECIPIENT, ERASED_BODY];
      const { rows } = await db.query<{ jobs: number; logged: number }>(
        `WITH erased_cards AS (
           SELECT DISTINCT id, business_id FROM unnest($1::text[], $2::text[]) AS e(id, business_id)
         ), jobs AS (
           UPDATE messaging_jobs j SET recipient = $6, body = $7, idempotency_key = 'erased:' || j.id, updated_at = now()
            WHERE NOT (j.id::text = ANY($5::text[]))
              AND (j.card_id IN (SELECT id FROM erased_cards)
                   OR (j.card_id IS NULL AND j.recipient = ANY($3::text[]) AND j.business_id IN (SELECT business_id FROM erased_cards))
                   OR (j.card_id IS NULL AND j.recipient = ANY($4::text[])))
           RETURNING j.id
         ), logged AS (
           UPDATE outbox_messages m SET recipient = $6, body = $7
            WHERE (m.job_id IS NULL OR NOT (m.job_id::text = ANY($5::text[])))
              AND (m.card_id IN (SELECT id FROM erased_cards)
                   OR m.job_id IN (SELECT id FROM jobs)
                   OR (m.card_id IS NULL AND m.recipient = ANY($3::text[]) AND m.business_id IN (SELECT business_id FROM erased_cards))
                   OR (m.card_id IS NULL AND m.recipient = ANY($4::text[])))
           RETURNING m.id
         )
         SELECT (SELECT count(*)::int FROM jobs) AS jobs, (SELECT count(*)::int FROM logged) AS logged`,
        params,
      );
      return rows[0];
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
