/**
 * A person's loyalty card in a business, for the public signup and for an admin creating a client.
 *
 * A person is one account across every shop (found by e-mail), but each shop's card is that shop's own
 * record of the person: it carries the name, phone and e-mail this shop was given. Nothing here changes an
 * existing account or another shop's card, and a staff account's e-mail never becomes a client card
 * (a signup must not read, overwrite or move another shop's customer, nor a staff account).
 */
import type { Channel } from '../messaging/types';
import { CONSENT_WORDING } from '../../consent-wording';
import type { Repositories } from '..';
import type { ConsentSource } from '../consents/repository';
import type { LoyaltyCardRecord } from './repository';
import { normalizeEmail } from '../../lib/email';
import { phoneOrCompact } from '../../lib/phone';

export interface ClientCardRequest {
  business_id: string;
  email: string;
  full_name: string;
  phone: string | null;
  privacy_ack: boolean;
  /** The channels the person agrees to receive offers on, canonical (decision 025); [] for none. */
  marketing_channels: Channel[];
  /** How the consents of a new card are recorded (decision 047): the signup form, or an admin (with their id). */
  consent: { source: Extract<ConsentSource, 'signup' | 'admin'>; actorUserId: string | null; at?: Date };
}

export type Enrolment =
  /** The e-mail is an admin's or the super admin's: nothing was written. */
  | { status: 'staff' }
  /** The person's card in the business; `created` false when it was there already (nothing written). */
  | { status: 'card'; userId: string; card: LoyaltyCardRecord; created: boolean };

/**
 * Finds or creates the client account and its card in the business. Run it inside a transaction: the
 * account, the card and its consent events are created together or not at all. Concurrent calls for one person and business
 * end with one account and one card (unique e-mail, unique (business, user)).
 */
export async function enrolClient(repos: Repositories, request: ClientCardRequest): Promise<Enrolment> {
  const user = await repos.users.findOrCreateClient({
    email: request.email,
    full_name: request.full_name,
    phone: request.phone,
    business_id: request.business_id,
  });
  if (user.role !== 'client') return { status: 'staff' };
  const { card, created } = await repos.loyaltyCards.findOrCreate({
    business_id: request.business_id,
    user_id: user.id,
    customer_name: request.full_name,
    customer_phone: request.phone,
    email: normalizeEmail(request.email),
    privacy_ack: request.privacy_ack,
    // The consents are written with their evidence below (decision 047), never straight into the column.
    marketing_channels: [],
  });
  if (!created) return { status: 'card', userId: user.id, card, created };
  const context = { source: request.consent.source, actorUserId: request.consent.actorUserId, at: request.consent.at };
  if (request.privacy_ack) await repos.consents.recordServiceConsent(card, true, { ...context, wordingVersion: CONSENT_WORDING.servicePrivacy });
  const change = await repos.consents.setMarketingConsent(card.id, request.marketing_channels, { ...context, wordingVersion: CONSENT_WORDING.marketing });
  const channels = change?.channels ?? [];
  return { status: 'card', userId: user.id, card: { ...card, marketing_channels: channels, marketing_consent: channels.length > 0 }, created };
}

/**
 * A phone in one comparable form: E.164 (decision 024), so '333 1234567', '+39 333 123-4567' and
 * '0039 3331234567' are the same phone. A stored number that is not valid (kept as written by migration
 * 011) is compared without its separators.
 */
export function comparablePhone(phone: string | null | undefined): string {
  return phone?.trim() ? phoneOrCompact(phone.trim()) : '';
}

/**
 * Whether a signup proves to be the holder of an existing card: the card's own e-mail and phone, both
 * given. The e-mail alone is not enough: anyone can type someone else's address.
 */
export function provesCardHolder(card: Pick<LoyaltyCardRecord, 'email' | 'customer_phone'>, given: { email: string; phone: string }): boolean {
  const storedPhone = comparablePhone(card.customer_phone);
  return !!card.email && normalizeEmail(card.email) === normalizeEmail(given.email) && storedPhone !== '' && storedPhone === comparablePhone(given.phone);
}

/** What a card's holder sees of it in every answer made to them: its number and balance, the shop's name, mode and colour. */
export interface CardFace {
  id: string;
  card_number: string;
  points: number;
  business_name: string;
  loyalty_mode: 'points' | 'stamps';
  brand_color: string | null;
}

/**
 * The card's face, field by field, for the customer's page and the signup's answer: named once, so a field the
 * face gains reaches both, and nothing else of the row it is read from (contacts, notes, the operators) leaves by
 * a copy of the whole row.
 */
export const cardFace = ({ id, card_number, points, business_name, loyalty_mode, brand_color }: CardFace): CardFace => ({
  id,
  card_number,
  points,
  business_name,
  loyalty_mode,
  brand_color,
});
