import type { LoyaltyCard } from '@loyalty/shared';
import type { Campaign } from '../api';
import { filterCampaigns, filterRecipientCards, parseRecipients, recipientsOf } from '../campaignModel';

const campaign = (over: Partial<Campaign>): Campaign => ({
  id: 'c',
  business_id: 'b',
  name: 'Campagna',
  description: '',
  status: 'draft',
  targets: [],
  recipients: [],
  channels: [],
  created_at: '2026-01-01',
  ...over,
});

const card = (over: Partial<LoyaltyCard>): LoyaltyCard => ({
  id: 'k',
  card_number: 'LC-00000001',
  customer_name: 'Cliente',
  customer_phone: null,
  email: null,
  birth_date: null,
  points: 0,
  created_at: '2026-01-01',
  user_id: 'u',
  business_id: 'b',
  ...over,
});

describe('parseRecipients', () => {
  it('accepts a list, a JSON string, and treats anything else as no recipients', () => {
    const list = [{ customer_phone: '+393331234567', email: 'a@example.it' }];
    expect(parseRecipients(list)).toBe(list);
    expect(parseRecipients(JSON.stringify(list))).toEqual(list);
    expect(parseRecipients('')).toEqual([]);
    expect(parseRecipients('non json')).toEqual([]);
    expect(parseRecipients('{"a":1}')).toEqual([]);
  });
});

describe('filterCampaigns', () => {
  const list = [
    campaign({ id: '1', name: 'Aperitivo', description: 'Spritz del venerdì', status: 'completed' }),
    campaign({ id: '2', name: 'Colazione', description: null, status: 'draft' }),
  ];
  it('searches name and description in any case and filters by status', () => {
    expect(filterCampaigns(list, 'SPRITZ', 'all').map((c) => c.id)).toEqual(['1']);
    expect(filterCampaigns(list, ' colaz ', 'all').map((c) => c.id)).toEqual(['2']);
    expect(filterCampaigns(list, '', 'draft').map((c) => c.id)).toEqual(['2']);
    expect(filterCampaigns(list, 'aperitivo', 'draft')).toEqual([]);
  });
});

describe('filterRecipientCards', () => {
  const cards = [
    card({ id: 'a', customer_name: 'Giulia Rossi', card_number: 'LC-11112222', customer_phone: '+39 333 1234567', points: 10 }),
    card({ id: 'b', customer_name: 'Luca Bruno', card_number: 'LC-33334444', email: 'luca@example.it', points: 0 }),
  ];
  it('searches name, number, phone (ignoring spaces) and email, and filters active (points above 0) or inactive', () => {
    expect(filterRecipientCards(cards, 'giulia', 'all').map((c) => c.id)).toEqual(['a']);
    expect(filterRecipientCards(cards, '3333444', 'all').map((c) => c.id)).toEqual(['b']);
    expect(filterRecipientCards(cards, '3331234', 'all').map((c) => c.id)).toEqual(['a']);
    expect(filterRecipientCards(cards, 'luca@', 'all').map((c) => c.id)).toEqual(['b']);
    expect(filterRecipientCards(cards, '', 'active').map((c) => c.id)).toEqual(['a']);
    expect(filterRecipientCards(cards, '', 'inactive').map((c) => c.id)).toEqual(['b']);
  });

  it('maps chosen cards to the recipients the API expects', () => {
    expect(recipientsOf(cards)).toEqual([
      { customer_phone: '+39 333 1234567', email: null },
      { customer_phone: null, email: 'luca@example.it' },
    ]);
  });
});
