import { addPointsRoute, parseCardLink } from '../cardLink';

describe('parseCardLink', () => {
  it('reads the ids of an absolute or relative add-points link', () => {
    expect(parseCardLink('https://dash.example.it/dashboard/add-points?card_id=c1&user_id=u1')).toEqual({ cardId: 'c1', userId: 'u1' });
    expect(parseCardLink(' /dashboard/add-points/?user_id=u%202&card_id=c-2 ')).toEqual({ cardId: 'c-2', userId: 'u 2' });
  });

  it('refuses other links and links missing an id', () => {
    expect(parseCardLink('https://example.it/promo?card_id=c1&user_id=u1')).toBeNull();
    expect(parseCardLink('https://dash.example.it/dashboard/add-points?card_id=c1')).toBeNull();
    expect(parseCardLink('https://dash.example.it/dashboard/add-points?card_id=&user_id=u1')).toBeNull();
    expect(parseCardLink('http://[bad')).toBeNull();
  });

  it('round-trips through addPointsRoute', () => {
    const route = addPointsRoute({ cardId: 'c&1', userId: 'u=1' });
    expect(parseCardLink(route)).toEqual({ cardId: 'c&1', userId: 'u=1' });
  });
});
