/**
 * Issue 22 (decision 047): consent with evidence. `consent_events` (migration 019) is the append-only history;
 * `loyalty_cards.marketing_channels` is its current state, kept for campaign audiences. Every change of that
 * column goes through `setMarketingConsent`, which writes the difference as event rows and the new state in
 * the caller's transaction, under the card's row lock, so the column always equals the replay of the events.
 */
import { MARKETING_CONSENT_MONTHS } from '../consent-wording';
import type { Queryable } from '../db';
import { CHANNELS, canonicalChannels, type Channel } from '../messaging/types';

export type ConsentPurpose = 'service' | 'marketing';
export type ConsentSource = 'signup' | 'customer_page' | 'stop_reply' | 'admin' | 'import' | 'lapse' | 'migration';

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
  occurred_at: string;
}

export interface ConsentContext {
  source: ConsentSource;
  wordingVersion: string;
  /** The admin who recorded it (source 'admin'); null otherwise. */
  actorUserId?: string | null;
  /** When it happened (the app's clock); the database's now() when absent. */
  at?: Date;
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
 * (services/rewards-sweep.ts) applies and the customer's page shows (decision 049).
 */
export const MARKETING_LAPSES_AT_SQL = `coalesce(
           (SELECT max(e.occurred_at) FROM consent_events e
             WHERE e.card_id = c.id AND e.purpose = 'marketing' AND e.channel = ch.channel AND e.granted),
           c.created_at
         ) + make_interval(months => ${MARKETING_CONSENT_MONTHS})`;

const EVENT_COLUMNS = 'e.id, e.card_id, e.purpose, e.channel, e.granted, e.wording_version, e.source, e.actor_user_id, e.occurred_at';

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

export function createConsentsRepository(db: Queryable) {
  async function insertEvents(
    card: { id: string; business_id: string },
    rows: { purpose: ConsentPurpose; channel: Channel | null; granted: boolean }[],
    context: ConsentContext,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, actor_user_id, occurred_at)
       SELECT $1, $2, t.purpose, t.channel, t.granted, $6, $7, $8, coalesce($9::timestamptz, now())
         FROM unnest($3::text[], $4::text[], $5::boolean[]) WITH ORDINALITY AS t(purpose, channel, granted, ord)
        ORDER BY t.ord`,
      [
        card.id,
        card.business_id,
        rows.map((r) => r.purpose),
        rows.map((r) => r.channel),
        rows.map((r) => r.granted),
        context.wordingVersion,
        context.source,
        context.actorUserId ?? null,
        context.at ? context.at.toISOString() : null,
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
     * when the card does not exist.
     */
    async setMarketingConsent(
      cardId: string,
      channels: Iterable<Channel> | ((current: Channel[]) => Iterable<Channel>),
      context: ConsentContext & { renew?: readonly Channel[] },
    ): Promise<MarketingChange | null> {
      const { rows } = await db.query<{ id: string; business_id: string; marketing_channels: Channel[] }>(
        'SELECT id, business_id, marketing_channels FROM loyalty_cards WHERE id = $1 FOR UPDATE',
        [cardId],
      );
      const card = rows[0];
      if (!card) return null;
      const next = canonicalChannels(typeof channels === 'function' ? channels(card.marketing_channels) : channels);
      const before = new Set(card.marketing_channels);
      const granted = next.filter((c) => !before.has(c) || context.renew?.includes(c));
      const withdrawn = card.marketing_channels.filter((c) => !next.includes(c));
      await insertEvents(
        card,
        [...granted.map((channel) => ({ purpose: 'marketing' as const, channel, granted: true })), ...withdrawn.map((channel) => ({ purpose: 'marketing' as const, channel, granted: false }))],
        context,
      );
      if (granted.some((c) => !before.has(c)) || withdrawn.length > 0) {
        await db.query('UPDATE loyalty_cards SET marketing_channels = $2::text[] WHERE id = $1', [cardId, next]);
      }
      return { channels: next, granted, withdrawn };
    },

    /** Records the service consent (the privacy notice acknowledged) of a card. */
    async recordServiceConsent(card: { id: string; business_id: string }, granted: boolean, context: ConsentContext): Promise<void> {
      await insertEvents(card, [{ purpose: 'service', channel: null, granted }], context);
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
