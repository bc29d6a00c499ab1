/** Decision 039: what the signed-up card's image and text say in stamp mode. */
import { cardImageLabel, cardStamps, collectedWord, type SignedUpCard } from '../signupAnswer';

const CARD: SignedUpCard = { id: 'c1', user_id: 'u1', business_name: 'Caffè dei Timbri', card_number: 'LC-00000001', my_card_url: 'https://app.example.it/my-card' };

describe('cardStamps', () => {
  it('gives the balance out of the next reward cost in stamp mode', () => {
    expect(cardStamps({ ...CARD, points: 3, loyalty_mode: 'stamps', next_reward_cost: 10 })).toEqual({ collected: 3, cost: 10 });
    expect(cardStamps({ ...CARD, loyalty_mode: 'stamps', next_reward_cost: 10 })).toEqual({ collected: 0, cost: 10 });
  });

  it('gives nothing in points mode, without a next reward, or from an API that does not say', () => {
    expect(cardStamps({ ...CARD, points: 3, loyalty_mode: 'points', next_reward_cost: 10 })).toBeUndefined();
    expect(cardStamps({ ...CARD, points: 3, loyalty_mode: 'stamps', next_reward_cost: null })).toBeUndefined();
    expect(cardStamps({ ...CARD, points: 3, loyalty_mode: 'stamps' })).toBeUndefined();
    expect(cardStamps(CARD)).toBeUndefined();
  });
});

describe('cardImageLabel and collectedWord', () => {
  it('name the stamps in stamp mode', () => {
    const card: SignedUpCard = { ...CARD, points: 1, loyalty_mode: 'stamps', next_reward_cost: 10 };
    expect(cardImageLabel('Appo', card)).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR: 1 timbro su 10');
    expect(collectedWord(card)).toBe('timbri');
    // A stamp shop with no reward yet: 'timbri', and the label as before.
    expect(cardImageLabel('Appo', { ...card, next_reward_cost: null })).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR');
    expect(collectedWord({ ...card, next_reward_cost: null })).toBe('timbri');
  });

  it('keep the points wording as before', () => {
    expect(cardImageLabel('Appo', { ...CARD, points: 0, loyalty_mode: 'points', next_reward_cost: 10 })).toBe('Carta fedeltà Appo di Caffè dei Timbri con codice QR');
    expect(collectedWord(CARD)).toBe('punti');
  });
});
