import type { LoyaltyCard } from '@loyalty/shared';
import { filterCards } from '../cardSearch';

const card = (id: string, customer_name: string, card_number: string, customer_phone: string | null): LoyaltyCard => ({
  id, customer_name, card_number, customer_phone, email: null, birth_date: null, points: 0, created_at: '2026-01-01', user_id: 'u', business_id: 'b',
});

const cards = [card('a', 'Giulia Rossi', 'LC-11112222', '+39 333 1234567'), card('b', 'Luca Bruno', 'LC-33334444', null)];

it('filters by name, card number and phone, in any case', () => {
  expect(filterCards(cards, '').map((c) => c.id)).toEqual(['a', 'b']);
  expect(filterCards(cards, 'BRUNO').map((c) => c.id)).toEqual(['b']);
  expect(filterCards(cards, 'lc-1111').map((c) => c.id)).toEqual(['a']);
  expect(filterCards(cards, '3331234').map((c) => c.id)).toEqual(['a']);
  expect(filterCards(cards, '+39 333').map((c) => c.id)).toEqual(['a']);
  expect(filterCards(cards, 'nessuno')).toEqual([]);
});
