import type { Campaign } from '../../api';
import { ALL_CARDS, filterCampaigns, parseRecipients, recipientCountOf, segmentOf } from '../campaignModel';

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

describe('segmentOf', () => {
  it('sends only the filters given: a positive minimum of points and a trimmed search', () => {
    expect(segmentOf(ALL_CARDS)).toEqual({ kind: 'all' });
    expect(segmentOf({ ...ALL_CARDS, kind: 'consent', search: '  rossi ', minPoints: '100' })).toEqual({ kind: 'consent', q: 'rossi', min_points: 100 });
    expect(segmentOf({ ...ALL_CARDS, kind: 'active', minPoints: '0' })).toEqual({ kind: 'active' });
    expect(segmentOf({ ...ALL_CARDS, kind: 'cards', search: 'rossi', picked: new Set(['a']) })).toEqual({ kind: 'cards' });
  });
});

describe('recipientCountOf', () => {
  it('is the size the server counted for a segment, else the length of the recipients list', () => {
    expect(recipientCountOf(campaign({ segment: { kind: 'active' }, recipient_count: 1234 }))).toBe(1234);
    expect(recipientCountOf(campaign({ recipients: '[{"customer_phone":"+39333","email":null},{"customer_phone":null,"email":"a@b.it"}]' }))).toBe(2);
  });
});
