/** The customer page's words and rules (decision 049): amounts, the next reward, the renewal window, the kept session. */
import {
  amountText,
  channelsToOffer,
  consentLapses,
  CUSTOMER_SESSION_KEY,
  exportFileName,
  nextRewardText,
  readSession,
  RENEWAL_WINDOW_DAYS,
  signedAmountText,
  type CustomerCard,
} from '../myCard';

const DAY = 24 * 3600_000;
const NOW = new Date('2026-11-24T10:00:00Z');

const card = (over: Partial<CustomerCard> = {}, consents: Partial<CustomerCard['consents']> = {}): CustomerCard => ({
  id: 'c1',
  card_number: 'LC-1',
  customer_name: 'Marta',
  business_id: 'b1',
  business_name: 'Bar',
  loyalty_mode: 'points',
  brand_color: null,
  points: 0,
  qr_link: 'https://x/add',
  wallet: null,
  rewards_available: [],
  next_reward: null,
  expiring: null,
  ...over,
  consents: { service: true, marketing_channels: [], available_channels: [], marketing_lapses: [], ...consents },
});

it('writes amounts in punti or timbri, singular and plural, with a sign for a change', () => {
  expect(amountText(card(), 1)).toBe('1 punto');
  expect(amountText(card(), 1500)).toBe('1.500 punti');
  expect(amountText(card({ loyalty_mode: 'stamps' }), 1)).toBe('1 timbro');
  expect(signedAmountText(card({ loyalty_mode: 'stamps' }), -3)).toBe('−3 timbri');
  expect(signedAmountText(card(), 7.5)).toBe('+7,5 punti');
});

it('says what the next reward is and how much is missing', () => {
  expect(nextRewardText(card({ points: 99, next_reward: { id: 'r', name: 'Torta', cost: 100 } }))).toBe('Prossimo premio: Torta, ti manca 1 punto.');
  expect(nextRewardText(card({ points: 4, loyalty_mode: 'stamps', next_reward: { id: 'r', name: 'Caffè', cost: 10 } }))).toBe('Prossimo premio: Caffè, ti mancano 6 timbri.');
  expect(nextRewardText(card())).toBe('');
});

it('offers the shop’s channels and those already granted; none known, all three', () => {
  expect(channelsToOffer(card({}, { available_channels: ['whatsapp'], marketing_channels: ['sms'] }))).toEqual(['sms', 'whatsapp']);
  expect(channelsToOffer(card())).toEqual(['email', 'sms', 'whatsapp']);
});

it('dates every granted channel’s lapse and offers the renewal only in its last 60 days', () => {
  const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
  const lapses = consentLapses(
    card({}, { marketing_channels: ['whatsapp', 'email'], marketing_lapses: [{ channel: 'whatsapp', lapses_at: at(RENEWAL_WINDOW_DAYS) }, { channel: 'email', lapses_at: at(RENEWAL_WINDOW_DAYS + 1) }] }),
    NOW,
  );
  expect(lapses).toEqual([
    { channel: 'email', text: 'Il consenso per Email scade il 24/01/2027.', soon: false },
    { channel: 'whatsapp', text: 'Il consenso per WhatsApp scade il 23/01/2027.', soon: true },
  ]);
  // A lapse the answer lists for a channel no longer granted is not shown.
  expect(consentLapses(card({}, { marketing_channels: [], marketing_lapses: [{ channel: 'sms', lapses_at: at(5) }] }), NOW)).toEqual([]);
});

it('keeps a session only while it is valid, and forgets a broken or expired one', () => {
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, removeItem: (k: string) => void data.delete(k) } as unknown as Storage;
  const session = { token: 't', expires_at: new Date(NOW.getTime() + 60_000).toISOString(), contact: { kind: 'email' as const, value: 'a@b.it' } };
  data.set(CUSTOMER_SESSION_KEY, JSON.stringify(session));
  expect(readSession(storage, NOW)).toEqual(session);
  expect(readSession(storage, new Date(NOW.getTime() + 60_000))).toBeNull();
  expect(data.has(CUSTOMER_SESSION_KEY)).toBe(false);
  data.set(CUSTOMER_SESSION_KEY, '{non json');
  expect(readSession(storage, NOW)).toBeNull();
  expect(readSession(null, NOW)).toBeNull();
});

it('names the copy of the data by the day', () => {
  expect(exportFileName('csv', NOW)).toBe('i-miei-dati-2026-11-24.csv');
});
