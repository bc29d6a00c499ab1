import type { LoyaltyCard, MessagingChannelLabel } from '@loyalty/shared';
import type { Campaign, CampaignChannel, CampaignRecipient, CampaignStatus } from './api';

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Bozza',
  scheduled: 'Programmata',
  active: 'Attiva',
  completed: 'Completata',
  cancelled: 'Annullata',
};

export const CAMPAIGN_STATUSES = Object.keys(STATUS_LABELS) as CampaignStatus[];

export const CHANNEL_LABELS: Record<CampaignChannel, MessagingChannelLabel> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

export const CHANNELS = Object.keys(CHANNEL_LABELS) as CampaignChannel[];

/** Column of the business that says whether a channel is enabled. */
export const CHANNEL_FLAG = { whatsapp: 'whatsapp_enabled', sms: 'sms_enabled', email: 'email_enabled' } as const;

/** SPEC §9 and the API's limit. */
export const MESSAGE_MAX_LENGTH = 160;

/** How a number of recipients is worded: '1 destinatario', '12 destinatari'. */
export const RECIPIENTS = { one: 'destinatario', other: 'destinatari' };

export const CAMPAIGN_NAME_REQUIRED = 'Il nome della campagna è obbligatorio';
export const DELETE_CONFIRMATION = 'Sei sicuro di voler eliminare questa campagna?';

/** Recipients may arrive as a JSON string (SPEC §3); anything unreadable counts as none. */
export function parseRecipients(recipients: Campaign['recipients']): CampaignRecipient[] {
  if (Array.isArray(recipients)) return recipients;
  if (typeof recipients !== 'string' || recipients.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(recipients);
    return Array.isArray(parsed) ? (parsed as CampaignRecipient[]) : [];
  } catch {
    return [];
  }
}

export type StatusFilter = CampaignStatus | 'all';

/** Campaigns whose name or description contains the search text (any case) and whose status matches. */
export function filterCampaigns(campaigns: readonly Campaign[], search: string, status: StatusFilter): Campaign[] {
  const needle = search.trim().toLocaleLowerCase('it');
  return campaigns.filter(
    (c) =>
      (status === 'all' || c.status === status) &&
      (needle === '' || `${c.name}\n${c.description ?? ''}`.toLocaleLowerCase('it').includes(needle)),
  );
}

export type CardActivity = 'all' | 'active' | 'inactive';

/** Cards matching the recipient search (name, card number, phone, email) and activity (active = points above 0). */
export function filterRecipientCards(cards: readonly LoyaltyCard[], search: string, activity: CardActivity): LoyaltyCard[] {
  const needle = search.trim().toLocaleLowerCase('it');
  const digits = needle.replace(/[^\d]/g, '');
  return cards.filter((card) => {
    if (activity === 'active' && !(card.points > 0)) return false;
    if (activity === 'inactive' && card.points > 0) return false;
    if (needle === '') return true;
    const text = [card.customer_name, card.card_number, card.customer_phone, card.email].join('\n').toLocaleLowerCase('it');
    const phoneDigits = (card.customer_phone ?? '').replace(/[^\d]/g, '');
    return text.includes(needle) || (digits.length >= 3 && phoneDigits.includes(digits));
  });
}

/** What `POST /campaigns` expects of the chosen cards. */
export function recipientsOf(cards: readonly LoyaltyCard[]): { customer_phone: string | null; email: string | null }[] {
  return cards.map((card) => ({ customer_phone: card.customer_phone, email: card.email }));
}
