/**
 * Whether a card's holder can be reached. A card is made with an e-mail and a phone; a customer who erased their
 * data from the customer page (api/src/features/customer/routes.ts, POST /customer/erase) leaves the card named
 * «Cliente eliminato» with neither, so nothing that sends them something (the wallet links) is offered for it.
 */
import type { LoyaltyCard } from '@loyalty/shared';

/** An e-mail or a phone that is not blank. */
export function hasContact(card: Pick<LoyaltyCard, 'email' | 'customer_phone'>): boolean {
  return Boolean(card.email?.trim() || card.customer_phone?.trim());
}

/** What a card without a contact says in place of its e-mail and phone. */
export const NO_CONTACT_TEXT = 'Nessun contatto: la carta non può ricevere messaggi né link wallet';
