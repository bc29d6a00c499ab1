/**
 * Decision 048: what the customer's page reads and changes, always through the contact the
 * customer proved to hold (a link sent to it). A card is the customer's when its e-mail (lower-case, trimmed)
 * or its phone (E.164, separators removed: stored phones are E.164 since migration 011) is that contact.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db';
import type { Channel } from '../messaging/types';
import type { LedgerEntry, LoyaltyCardRecord } from '../cards/repository';
import { LEDGER_KIND_LABELS } from '../import-export/csv-export';
import type { ContactKind, CustomerContact } from './tokens';
import { maskCredentials } from '../messaging/credentials';

/** How long an access link lasts. */
export const LINK_MINUTES = 15;

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The card's contact of the kind, as the contact is stored in links and sessions, compared with `$1`. Each
 * side is exactly the expression of an index of migration 021 (decision 051), so the lookup reads the index
 * instead of every card; change them together.
 */
export const CARD_CONTACT_EXPRESSIONS: Record<ContactKind, string> = {
  email: 'lower(btrim(c.email))',
  phone: "regexp_replace(c.customer_phone, '[\\s().-]', '', 'g')",
};
const contactMatches = (kind: ContactKind) => `${CARD_CONTACT_EXPRESSIONS[kind]} = $1`;

/** A card as the customer's page reads it: the card's own fields, and its shop's name, mode and channels. */
export interface CustomerCardRow
  extends Pick<
    LoyaltyCardRecord,
    'id' | 'business_id' | 'user_id' | 'card_number' | 'customer_name' | 'customer_phone' | 'email' | 'birth_date' | 'points' | 'marketing_channels' | 'created_at'
  > {
  privacy_ack: boolean;
  business_name: string;
  loyalty_mode: 'points' | 'stamps';
  /** The shop's colour (decision 042), for the card image; null: the default blue. */
  brand_color: string | null;
  whatsapp_enabled: number;
  sms_enabled: number;
  email_enabled: number;
}

const CARD_COLUMNS = `c.id, c.business_id, c.user_id, c.card_number, c.customer_name, c.customer_phone, c.email, c.birth_date, c.points,
  c.privacy_ack, c.marketing_channels, c.created_at, b.name AS business_name, b.loyalty_mode, b.brand_color, b.whatsapp_enabled, b.sms_enabled, b.email_enabled`;

export function createCustomerRepository(db: Queryable) {
  return {
    /** The contact's cards in every shop, newest first. */
    async cards(contact: CustomerContact): Promise<CustomerCardRow[]> {
      const { rows } = await db.query<CustomerCardRow>(
        `SELECT ${CARD_COLUMNS} FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id
          WHERE ${contactMatches(contact.kind)} ORDER BY c.created_at DESC, c.id DESC`,
        [contact.value],
      );
      return rows;
    },

    /** One card of the contact (locked with `forUpdate`); null when the card is not the contact's. */
    async card(contact: CustomerContact, cardId: string, forUpdate = false): Promise<CustomerCardRow | null> {
      const { rows } = await db.query<CustomerCardRow>(
        `SELECT ${CARD_COLUMNS} FROM loyalty_cards c JOIN businesses b ON b.id = c.business_id
          WHERE c.id = $2 AND ${contactMatches(contact.kind)}${forUpdate ? ' FOR UPDATE OF c' : ''}`,
        [contact.value, cardId],
      );
      return rows[0] ?? null;
    },

    /**
     * A new link for the contact, valid `LINK_MINUTES`; answers its id. It has no token yet: the token is
     * issued when the message carrying it is sent (`issueLink`, decision 058).
     */
    async createLink(contact: CustomerContact): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO customer_login_links (contact_kind, contact_value, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING id::text AS id`,
        [contact.kind, contact.value, LINK_MINUTES],
      );
      return rows[0].id;
    },

    /**
     * Gives the link the hash of the token about to be sent (a send attempted again replaces an earlier one);
     * false when the link is gone, used or expired.
     */
    async issueLink(id: string, hash: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE customer_login_links SET token_hash = $2
          WHERE id = $1::bigint AND used_at IS NULL AND expires_at > now() RETURNING id`,
        [id, hash],
      );
      return rows.length > 0;
    },

    /** A customer session's row (decision 058): the session opens routes only while it is there. */
    async createSession(contact: CustomerContact, id: string, seconds: number): Promise<void> {
      // Sessions past their time are cleared here: each is a contact kept for nothing.
      await db.query('DELETE FROM customer_sessions WHERE expires_at < now()');
      await db.query(
        `INSERT INTO customer_sessions (id, contact_kind, contact_value, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [id, contact.kind, contact.value, seconds],
      );
    },

    async sessionActive(id: string, contact: CustomerContact): Promise<boolean> {
      const { rows } = await db.query(
        'SELECT 1 FROM customer_sessions WHERE id = $1 AND contact_kind = $2 AND contact_value = $3 AND expires_at > now()',
        [id, contact.kind, contact.value],
      );
      return rows.length > 0;
    },

    async endSession(id: string): Promise<void> {
      await db.query('DELETE FROM customer_sessions WHERE id = $1', [id]);
    },

    /**
     * For each contact no card carries any more: its sessions end and its links go. Answers those contacts.
     */
    async forgetContactsWithoutCards(contacts: CustomerContact[]): Promise<CustomerContact[]> {
      const gone: CustomerContact[] = [];
      for (const contact of contacts) {
        const { rows } = await db.query(`SELECT 1 FROM loyalty_cards c WHERE ${contactMatches(contact.kind)} LIMIT 1`, [contact.value]);
        if (rows.length > 0) continue;
        await db.query('DELETE FROM customer_sessions WHERE contact_kind = $1 AND contact_value = $2', [contact.kind, contact.value]);
        await db.query('DELETE FROM customer_login_links WHERE contact_kind = $1 AND contact_value = $2', [contact.kind, contact.value]);
        gone.push(contact);
      }
      return gone;
    },

    /**
     * Uses a link once, atomically: the contact when the link was valid, unused and not expired;
     * 'spent' when it exists but was used or has expired; 'unknown' otherwise.
     */
    async useLink(hash: string): Promise<CustomerContact | 'spent' | 'unknown'> {
      const { rows } = await db.query<{ contact_kind: ContactKind; contact_value: string }>(
        `UPDATE customer_login_links SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING contact_kind, contact_value`,
        [hash],
      );
      if (rows[0]) return { kind: rows[0].contact_kind, value: rows[0].contact_value };
      const known = await db.query('SELECT 1 FROM customer_login_links WHERE token_hash = $1', [hash]);
      return known.rows.length > 0 ? 'spent' : 'unknown';
    },

    /** The rewards of the business the balance affords today (the redeem rules of decision 036), cheapest first. */
    async affordableRewards(businessId: string, balance: number, today: string): Promise<{ id: string; name: string; cost: number }[]> {
      const { rows } = await db.query<{ id: string; name: string; cost: number }>(
        `SELECT r.id, r.name, r.cost FROM rewards r
          WHERE r.business_id = $1 AND r.cost <= $2::numeric AND r.active AND NOT r.archived
            AND (r.valid_from IS NULL OR r.valid_from <= $3::date) AND (r.valid_until IS NULL OR r.valid_until >= $3::date)
            AND (r.stock IS NULL OR r.stock > 0)
          ORDER BY r.cost, r.name, r.id`,
        [businessId, balance, today],
      );
      return rows;
    },

    /** The cheapest reward available today that costs more than the balance. */
    async nextReward(businessId: string, balance: number, today: string): Promise<{ id: string; name: string; cost: number } | null> {
      const { rows } = await db.query<{ id: string; name: string; cost: number }>(
        `SELECT r.id, r.name, r.cost FROM rewards r
          WHERE r.business_id = $1 AND r.cost > $2::numeric AND r.active AND NOT r.archived
            AND (r.valid_from IS NULL OR r.valid_from <= $3::date) AND (r.valid_until IS NULL OR r.valid_until >= $3::date)
            AND (r.stock IS NULL OR r.stock > 0)
          ORDER BY r.cost, r.name, r.id LIMIT 1`,
        [businessId, balance, today],
      );
      return rows[0] ?? null;
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;

/**
 * The ledger kinds' names, as the ledger CSV writes them, capitalised: what an erased card's ledger descriptions
 * become (the free text may name someone).
 */
export const ERASED_DESCRIPTIONS: Record<LedgerEntry['kind'], string> = Object.fromEntries(
  Object.entries(LEDGER_KIND_LABELS).map(([kind, label]) => [kind, label.charAt(0).toUpperCase() + label.slice(1)]),
) as Record<LedgerEntry['kind'], string>;

export interface CustomerMessageRow {
  id: number;
  business_name: string;
  card_id: string | null;
  channel: Channel;
  recipient: string;
  body: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

/** What the copy (art. 15/20) reads besides the cards: the ledger, the consent events, the messages. */
export function createCustomerDataRepository(db: Queryable) {
  return {
    async ledger(cardIds: string[]) {
      const { rows } = await db.query<{ id: number; card_id: string; points: number; kind: string; reward_name: string | null; description: string; created_at: string }>(
        `SELECT l.id, l.card_id, l.points, l.kind, l.reward_name, l.description, l.created_at
           FROM points_ledger l WHERE l.card_id = ANY($1::text[]) ORDER BY l.created_at DESC, l.id DESC`,
        [cardIds],
      );
      return rows;
    },
    async consentEvents(cardIds: string[]) {
      const { rows } = await db.query<{ id: number; card_id: string; purpose: string; channel: Channel | null; granted: boolean; wording_version: string; source: string; occurred_at: string; recorded_at: string | null; evidence: string | null }>(
        `SELECT e.id, e.card_id, e.purpose, e.channel, e.granted, e.wording_version, e.source, e.occurred_at, e.recorded_at, e.evidence
           FROM consent_events e WHERE e.card_id = ANY($1::text[]) ORDER BY e.occurred_at DESC, e.id DESC`,
        [cardIds],
      );
      return rows;
    },
    /** The messages to the contact or about its cards: bodies included; no provider ids, errors or secrets. */
    async messages(contact: CustomerContact, cardIds: string[]): Promise<CustomerMessageRow[]> {
      const { rows } = await db.query<CustomerMessageRow>(
        `SELECT j.id::int AS id, b.name AS business_name, j.card_id, j.channel, j.recipient, j.body, j.status, j.created_at, j.sent_at
           FROM messaging_jobs j JOIN businesses b ON b.id = j.business_id
          WHERE (j.recipient = $1 AND (j.channel = 'email') = ($2::text = 'email')) OR j.card_id = ANY($3::text[])
          ORDER BY j.created_at DESC, j.id DESC`,
        [contact.value, contact.kind, cardIds],
      );
      // Stored bodies hold a credential's placeholder only (decision 058); a row an older instance wrote is masked.
      return rows.map((m) => ({ ...m, body: maskCredentials(m.body) }));
    },
  };
}
