/**
 * The customer's page `/my-card` (decision 049): what it says about a card and how it keeps the
 * customer session, free of React and of the DOM, so the page's script
 * (src/exposed/public-pages/my-card/my-card.ts) and its tests share one copy of the words and rules.
 */
import { formatDate, formatPhone, formatPoints, type ApiBody, type ApiSchema } from '@loyalty/shared/page-script';

export type CustomerCard = ApiSchema<'CustomerCard'>;
export type CustomerLedgerEntry = ApiSchema<'CustomerLedgerEntry'>;
export type CustomerSession = ApiSchema<'CustomerSession'>;
export type CustomerExport = ApiBody<'/api/customer/export.json', 'get'>;
export type MarketingChannel = CustomerCard['consents']['marketing_channels'][number];

export const MY_CARD_PATH = '/my-card';

export const MY_CARD_MESSAGES = {
  sessionExpired: 'La sessione è scaduta: richiedi un nuovo link.',
  signedOut: 'Hai chiuso la sessione. Per tornare alle tue carte richiedi un nuovo link.',
  linkFailed: 'Non è stato possibile aprire il link. Riprova o richiedine uno nuovo.',
  requestFailed: 'Non è stato possibile inviare la richiesta. Riprova tra poco.',
  contactRequired: 'Inserisci l’email o il numero di telefono che hai lasciato al negozio.',
  loadFailed: 'Non è stato possibile caricare le tue carte. Riprova tra poco.',
  ledgerFailed: 'Non è stato possibile caricare i movimenti. Riprova.',
  saveFailed: 'Non è stato possibile salvare le preferenze. Riprova.',
  exportFailed: 'Non è stato possibile scaricare i dati. Riprova.',
  eraseFailed: 'Non è stato possibile eliminare la carta. Riprova.',
  exportReady: (kind: 'JSON' | 'CSV') => `Il file ${kind} con i tuoi dati è stato scaricato.`,
  consentsRenewed: 'Consenso rinnovato per altri 24 mesi.',
  noLedger: 'Nessun movimento su questa carta.',
} as const;

/** The contact the session was opened with, as the admin's screens write it: a phone '+393331234567' as '333 123 4567'. */
export const contactText = (contact: CustomerSession['contact']): string => (contact.kind === 'phone' ? formatPhone(contact.value) : contact.value);

/** The marketing channels, in the order the page lists them, with their names. */
export const CONSENT_CHANNELS: readonly { channel: MarketingChannel; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'sms', label: 'SMS' },
  { channel: 'whatsapp', label: 'WhatsApp' },
];

export const channelLabel = (channel: MarketingChannel): string => CONSENT_CHANNELS.find((c) => c.channel === channel)?.label ?? channel;

/** The channels to offer on a card: those the shop has on, plus any the customer agreed to; none known: all three. */
export function channelsToOffer(card: CustomerCard): MarketingChannel[] {
  const offered = new Set<MarketingChannel>([...(card.consents.available_channels ?? []), ...card.consents.marketing_channels]);
  const list = CONSENT_CHANNELS.map((c) => c.channel).filter((channel) => offered.has(channel));
  return list.length > 0 ? list : CONSENT_CHANNELS.map((c) => c.channel);
}

/** A ledger row's kind in Italian. */
export const LEDGER_KINDS: Record<CustomerLedgerEntry['kind'], string> = {
  credit: 'Accredito',
  redemption: 'Premio riscattato',
  expiry: 'Punti scaduti',
  birthday: 'Bonus compleanno',
  adjustment: 'Rettifica',
};

const unit = (card: Pick<CustomerCard, 'loyalty_mode'>, amount: number) =>
  card.loyalty_mode === 'stamps' ? (Math.abs(amount) === 1 ? 'timbro' : 'timbri') : Math.abs(amount) === 1 ? 'punto' : 'punti';

/** '120 punti', '1 punto', '3 timbri'. */
export const amountText = (card: Pick<CustomerCard, 'loyalty_mode'>, amount: number): string => `${formatPoints(amount)} ${unit(card, amount)}`;

/** A change of balance with its sign: '+10 punti', '-100 punti'. */
export const signedAmountText = (card: Pick<CustomerCard, 'loyalty_mode'>, amount: number): string =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${amountText(card, Math.abs(amount))}`;

export const balanceText = (card: CustomerCard): string => `Saldo: ${amountText(card, card.points)}`;

/** 'Prossimo premio: Torta, ti mancano 85 punti.'; '' without a next reward. */
export function nextRewardText(card: CustomerCard): string {
  if (!card.next_reward) return '';
  const missing = Math.max(0, card.next_reward.cost - card.points);
  return `Prossimo premio: ${card.next_reward.name}, ti ${missing === 1 ? 'manca' : 'mancano'} ${amountText(card, missing)}.`;
}

/** 'Un premio costa …': the reward's line in the list of those available now. */
export const rewardText = (card: CustomerCard, reward: CustomerCard['rewards_available'][number]): string => `${reward.name} (${amountText(card, reward.cost)})`;

/** '12 punti scadono il 03/12/2026: usali prima.'; '' when none expire soon. */
export function expiringText(card: CustomerCard): string {
  if (!card.expiring || card.expiring.points <= 0) return '';
  const verb = card.expiring.points === 1 ? 'scade' : 'scadono';
  return `${amountText(card, card.expiring.points)} ${verb} il ${formatDate(card.expiring.first)}: usali prima.`;
}

/** How long before a marketing consent lapses the page offers to renew it. */
export const RENEWAL_WINDOW_DAYS = 60;

export interface ConsentLapse {
  channel: MarketingChannel;
  text: string;
  /** Within RENEWAL_WINDOW_DAYS of its lapse: the page offers the renewal. */
  soon: boolean;
}

/** Each granted channel's lapse, in the page's channel order: 'Il consenso per WhatsApp scade il 24/11/2028.' */
export function consentLapses(card: CustomerCard, now: Date = new Date()): ConsentLapse[] {
  const lapses = card.consents.marketing_lapses ?? [];
  return CONSENT_CHANNELS.flatMap(({ channel, label }) => {
    const lapse = lapses.find((l) => l.channel === channel);
    if (!lapse || !card.consents.marketing_channels.includes(channel)) return [];
    const soon = Date.parse(lapse.lapses_at) - now.getTime() <= RENEWAL_WINDOW_DAYS * 24 * 3600_000;
    return [{ channel, text: `Il consenso per ${label} scade il ${formatDate(lapse.lapses_at)}.`, soon }];
  });
}

/** The file a download of the customer's data is saved as: 'i-miei-dati-2026-11-24.json'. */
export const exportFileName = (kind: 'json' | 'csv', now: Date = new Date()): string => `i-miei-dati-${now.toISOString().slice(0, 10)}.${kind}`;

/** Where the customer session is kept: the tab's session storage, so it ends with the tab. */
export const CUSTOMER_SESSION_KEY = 'loyalty.customerSession';

/** Whether this tab keeps a session, valid or not (read before `readSession`, which forgets an expired one). */
export function hasKeptSession(storage: Storage | null): boolean {
  try {
    return (storage?.getItem(CUSTOMER_SESSION_KEY) ?? null) !== null;
  } catch {
    return false;
  }
}

/** The stored session while it is valid; null when absent, unreadable or expired (then it is forgotten). */
export function readSession(storage: Storage | null, now: Date = new Date()): CustomerSession | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(CUSTOMER_SESSION_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Partial<CustomerSession>;
    const expires = Date.parse(session.expires_at ?? '');
    if (typeof session.token !== 'string' || !session.contact || Number.isNaN(expires) || expires <= now.getTime()) {
      storage.removeItem(CUSTOMER_SESSION_KEY);
      return null;
    }
    return session as CustomerSession;
  } catch {
    return null;
  }
}

/** Keeps the session for a reload; a browser that refuses storage keeps it only in the page. */
export function saveSession(storage: Storage | null, session: CustomerSession): void {
  try {
    storage?.setItem(CUSTOMER_SESSION_KEY, JSON.stringify(session));
  } catch {
    // storage refused or full: the session lives as long as the page
  }
}

export function forgetSession(storage: Storage | null): void {
  try {
    storage?.removeItem(CUSTOMER_SESSION_KEY);
  } catch {
    // nothing was kept
  }
}
