import { addPointsLink, loyaltyCardFileName } from '../links';

describe('addPointsLink', () => {
  it('points at the dashboard add-points page with both ids', () => {
    expect(addPointsLink('https://dashboard.example.it', 'card-1', 'user-2')).toBe(
      'https://dashboard.example.it/dashboard/add-points?card_id=card-1&user_id=user-2',
    );
  });

  it('accepts a trailing slash and escapes the ids', () => {
    expect(addPointsLink('http://localhost:3000/', 'a b', 'c&d')).toBe(
      'http://localhost:3000/dashboard/add-points?card_id=a+b&user_id=c%26d',
    );
  });
});

describe('loyaltyCardFileName', () => {
  it('is the brand lowercased', () => {
    expect(loyaltyCardFileName('Appo')).toBe('appo-carta-fedelta.png');
  });

  it('turns spaces and symbols into dashes', () => {
    expect(loyaltyCardFileName(' Caffè & Co. ')).toBe('caffè-co-carta-fedelta.png');
  });
});
