/**
 * Decision 047: consent with evidence. `consent_events` (migration 019) is the append-only history;
 * `loyalty_cards.marketing_channels` is its current state, kept for campaign audiences. Every change of that
 * column goes through `setMarketingConsent`, which writes the difference as event rows and the new state in
 * the caller's transaction, under the card's row lock, so the column always equals the replay of the events.
 */
import { MARKETING_CONSENT_MONTHS } from '../../consent-wording';
import type { Queryable } from '../../db';
import { CHANNELS, canonicalChannels, type Channel } from '../messaging/types';

export type ConsentPurpose = 'service' | 'marketing';
export type ConsentSource = 'signup' | 'customer_page' | 'stop_reply' | 'admin' | 'import' | 'lapse' | 'migration' | 'unsubscribe';

export interface ConsentEvent {
  id: number;
  card_id: string;
  purpose: ConsentPurpose;
  channel: Channel | null;
  granted: boolean;
  wording_version: string;
  source: ConsentSource;
  actor_user_id: string | null;
  /** The admin's name when `actor_user_id` is set and the account still exists. */
  actor_name: string | null;
  /** When the consent was given or withdrawn: the 24-month lapse counts from a grant's. */
  occurred_at: string;
  /** When the row was written (later than occurred_at for an import); null for rows older than migration 022. */
  recorded_at: string | null;
  /** The proof given with it (an import's "fonte consenso" text), as typed; null otherwise. */
  evidence: string | null;
}

export interface ConsentContext {
  source: ConsentSource;
  wordingVersion: string;
  /** The admin who recorded it (source 'admin'); null otherwise. */
  actorUserId?: string | null;
  /** When it happened (the app's clock); the database's now() when absent. */
  at?: Date;
  /**
   * When it is recorded, if not `at` (decision 050: an import records consents given on an earlier day, `at`);
   * also `at` when that is absent; the database's now() when both are.
   */
  recordedAt?: Date;
  /** The proof given with it (an import's "fonte consenso"), at most 200 characters. */
  evidence?: string | null;
}

export interface MarketingChange {
  /** The channels after the change, canonical. */
  channels: Channel[];
  granted: Channel[];
  withdrawn: Channel[];
}

/**
 * When card `c`'s marketing consent on channel `ch.channel` lapses (decision 047): 24 months after the channel's
 * last grant, or after the card's creation when no grant was recorded. The one rule the lapse sweep
 * (features/rewards/sweep.ts) applies and the customer's page shows (decision 049).
 */
export const MARKETING_LAPSES_AT_SQL = `coalesce(
           (SELECT max(e.occurred_at) FROM consent_events e
             WHERE e.card_id = c.id AND e.purpose = 'marketing' AND e.channel = ch.channel AND e.granted),
           c.created_at
         ) + make_interval(months => ${MARKETING_CONSENT_MONTHS})`;

const EVENT_COLUMNS =
  'e.id, e.card_id, e.purpose, e.channel, e.granted, e.wording_version, e.source, e.actor_user_id, e.occurred_at, e.recorded_at, e.evidence';

/**
 * The channels a card's events say it agrees to: for each channel, its last event written is a grant. The
 * rule the column must always equal. Written order is the id's: a card's events are written under its row
 * lock, so a later change always has larger ids (`occurred_at` may come from the app's clock and is for people).
 */
export function replayMarketingChannels(events: readonly Pick<ConsentEvent, 'purpose' | 'channel' | 'granted' | 'id'>[]): Channel[] {
  const latest = new Map<Channel, { id: number; granted: boolean }>();
  for (const e of events) {
    if (e.purpose !== 'marketing' || !e.channel) continue;
    const known = latest.get(e.channel);
    if (!known || Number(e.id) > known.id) latest.set(e.channel, { id: Number(e.id), granted: e.granted });
  }
  return CHANNELS.filter((channel) => latest.get(channel)?.granted === true);
}

/** One card's change in `setMarketingConsents`: its channels after it, and what differs from the common context. */
export interface MarketingConsentChange {
  cardId: string;
  /** The channels after the change, or a function of the current ones (read under the card's lock). */
  channels: Iterable<Channel> | ((current: Channel[]) => Iterable<Channel>);
  /** Channels to grant again when kept (a renewal: a new grant row restarts their 24 months). */
  renew?: readonly Channel[];
  /** When it happened, if not the context's (an import: the day each row's consent was given). */
  at?: Date;
  /** Its evidence, if not the context's (an import: each row's "fonte consenso"). */
  evidence?: string | null;
}

interface EventRow {
  card_id: string;
  business_id: string;
  purpose: ConsentPurpose;
  channel: Channel | null;
  granted: boolean;
  at: Date | undefined;
  evidence: string | null | undefined;
}

export function createConsentsRepository(db: Queryable) {
  /** Event rows in the order given (their ids follow it: the replay order), with the context's common parts. */
  async function insertEvents(rows: EventRow[], context: ConsentContext): Promise<void> {
    if (rows.length === 0) return;
    const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
    await db.query(
      `INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, actor_user_id, occurred_at, recorded_at, evidence)
       SELECT t.card_id, t.business_id, t.purpose, t.channel, t.granted, $8, $9, $10,
              coalesce(t.at, $11::timestamptz, now()), coalesce($11::timestamptz, t.at, now()), t.evidence
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[], $7::text[])
              WITH ORDINALITY AS t(card_id, business_id, purpose, channel, granted, at, evidence, ord)
        ORDER BY t.ord`,
      [
        rows.map((r) => r.card_id),
        rows.map((r) => r.business_id),
        rows.map((r) => r.purpose),
        rows.map((r) => r.channel),
        rows.map((r) => r.granted),
        rows.map((r) => iso(r.at ?? context.at)),
        rows.map((r) => (r.evidence === undefined ? (context.evidence ?? null) : r.evidence)),
        context.wordingVersion,
        context.source,
        context.actorUserId ?? null,
        iso(context.recordedAt),
      ],
    );
  }

  const repo = {
    /**
     * Sets a card's marketing channels to `channels` and records the difference (one granted row per channel
     * added, one withdrawn row per channel removed), in the caller's transaction: run it inside one. The card's
     * row is locked first, so parallel changes of one card apply one after the other on the state the one
     * before left; give a function of the current channels to change them relative to that state. `renew` lists
     * channels to grant again when kept (a renewal: a new grant row restarts their 24 months). Null
     * when the card does not exist. One card of `setMarketingConsents`.
     */
    async setMarketingConsent(
      cardId: string,
      channels: Iterable<Channel> | ((current: Channel[]) => Iterable<Channel>),
      context: ConsentContext & { renew?: readonly Channel[] },
    ): Promise<MarketingChange | null> {
      const [change] = await repo.setMarketingConsents([{ cardId, channels, renew: context.renew }], context);
      return change;
    },

    /**
     * The one write path of marketing consent (decision 047; set-based for an import's thousands of cards,
     * decision 050): for each change, what `setMarketingConsent` does, with three statements in all — the cards
     * locked in id order, the event rows in the order of `changes` (per card: grants, then withdrawals), the
     * changed cards' column. Each card at most once. Answers per change, in its order (null: no such card).
     */
    async setMarketingConsents(changes: readonly MarketingConsentChange[], context: ConsentContext): Promise<(MarketingChange | null)[]> {
      if (changes.length === 0) return [];
      const ids = changes.map((c) => c.cardId);
      if (new Set(ids).size !== ids.length) throw new Error('setMarketingConsents: a card may change once per call');
      const { rows } = await db.query<{ id: string; business_id: string; marketing_channels: Channel[] }>(
        'SELECT id, business_id, marketing_channels FROM loyalty_cards WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      const cards = new Map(rows.map((card) => [card.id, card]));
      const events: EventRow[] = [];
      const updates: { id: string; channels: string }[] = [];
      const results = changes.map((change): MarketingChange | null => {
        const card = cards.get(change.cardId);
        if (!card) return null;
        const current = card.marketing_channels;
        const next = canonicalChannels(typeof change.channels === 'function' ? change.channels(current) : change.channels);
        const before = new Set(current);
        const granted = next.filter((c) => !before.has(c) || change.renew?.includes(c));
        const withdrawn = current.filter((c) => !next.includes(c));
        const row = { card_id: card.id, business_id: card.business_id, purpose: 'marketing' as const, at: change.at, evidence: change.evidence };
        for (const channel of granted) events.push({ ...row, channel, granted: true });
        for (const channel of withdrawn) events.push({ ...row, channel, granted: false });
        if (granted.some((c) => !before.has(c)) || withdrawn.length > 0) updates.push({ id: card.id, channels: next.join(',') });
        return { channels: next, granted, withdrawn };
      });
      await insertEvents(events, context);
      if (updates.length > 0) {
        await db.query(
          `UPDATE loyalty_cards c SET marketing_channels = string_to_array(u.channels, ',')
             FROM unnest($1::text[], $2::text[]) AS u(id, channels) WHERE c.id = u.id`,
          [updates.map((u) => u.id), updates.map((u) => u.channels)],
        );
      }
      return results;
    },

    /** Records the service consent (the privacy notice acknowledged) of a card. */
    async recordServiceConsent(card: { id: string; business_id: string }, granted: boolean, context: ConsentContext): Promise<void> {
      await insertEvents([{ card_id: card.id, business_id: card.business_id, purpose: 'service', channel: null, granted, at: undefined, evidence: undefined }], context);
    },

    /**
     * A STOP reply: every card of the business whose contact for `channel` is `contact` loses its marketing
     * consent on that channel (a 'stop_reply' withdrawal each). Run inside a transaction. Answers the cards changed.
     */
    async withdrawByContact(businessId: string, channel: Channel, contact: string, context: ConsentContext): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT c.id FROM loyalty_cards c
          WHERE c.business_id = $1 AND $3::text = ANY(c.marketing_channels)
            AND (CASE WHEN $3::text = 'email' THEN lower(btrim(c.email)) ELSE regexp_replace(c.customer_phone, '[\\s().-]', '', 'g') END) = $2
          ORDER BY c.id`,
        [businessId, contact, channel],
      );
      const changed: string[] = [];
      for (const { id } of rows) {
        const change = await repo.setMarketingConsent(id, (current) => current.filter((c) => c !== channel), context);
        if (change && change.withdrawn.length > 0) changed.push(id);
      }
      return changed;
    },

    /** When each granted marketing channel of these cards lapses unless renewed (MARKETING_LAPSES_AT_SQL). */
    async marketingLapses(cardIds: string[]): Promise<{ card_id: string; channel: Channel; lapses_at: string }[]> {
      if (cardIds.length === 0) return [];
      const { rows } = await db.query<{ card_id: string; channel: Channel; lapses_at: string }>(
        `SELECT c.id AS card_id, ch.channel, ${MARKETING_LAPSES_AT_SQL} AS lapses_at
           FROM loyalty_cards c CROSS JOIN LATERAL unnest(c.marketing_channels) AS ch(channel)
          WHERE c.id = ANY($1::text[])
          ORDER BY c.id, ch.channel`,
        [cardIds],
      );
      return rows;
    },

    /** A card's history, newest first. */
    async history(cardId: string): Promise<ConsentEvent[]> {
      const { rows } = await db.query<ConsentEvent>(
        `SELECT ${EVENT_COLUMNS}, u.full_name AS actor_name
           FROM consent_events e LEFT JOIN users u ON u.id = e.actor_user_id
          WHERE e.card_id = $1 ORDER BY e.occurred_at DESC, e.id DESC`,
        [cardId],
      );
      return rows;
    },
  };
  return repo;
}

export type ConsentsRepository = ReturnType<typeof createConsentsRepository>;
