import type { LoyaltyCard } from '@loyalty/shared';

export const EMPTY_MESSAGE_ERROR = 'Inserisci un messaggio per la carta selezionata';

/** Cards whose customer name, card number or phone contains the search (any case; phone digits ignore spaces and +). */
export function filterCards(cards: readonly LoyaltyCard[], search: string): LoyaltyCard[] {
  const needle = search.trim().toLocaleLowerCase('it');
  if (needle === '') return [...cards];
  const digits = needle.replace(/\D/g, '');
  return cards.filter((card) => {
    const text = `${card.customer_name}\n${card.card_number}\n${card.customer_phone ?? ''}`.toLocaleLowerCase('it');
    return text.includes(needle) || (digits.length >= 3 && (card.customer_phone ?? '').replace(/\D/g, '').includes(digits));
  });
}
