import { formatCount, type MessagingChannelLabel } from '@loyalty/shared';
import type { Campaign, CampaignChannel, CampaignRecipient, CampaignSegment, CampaignStatus, SegmentKind } from '../api';

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Bozza',
  scheduled: 'Programmata',
  active: 'Attiva',
  completed: 'Completata',
  cancelled: 'Annullata',
};

export const CAMPAIGN_STATUSES = Object.keys(STATUS_LABELS) as CampaignStatus[];

/** Where a campaign's messages are (the API's `delivery`, or the live deliveries): skipped ones do not count. */
export interface DeliveryState {
  pending: number;
  sent: number;
  failed: number;
}

/** Whether nothing was sent (skipped messages do not count; the API says null then too). */
export const nothingSent = (delivery: DeliveryState): boolean => delivery.pending + delivery.sent + delivery.failed === 0;

/** The badge of a campaign whose queued messages wait for the shop's sending window (the deliveries' `heldUntil`). */
export const HELD_LABEL = 'In attesa dell’orario di invio';

/**
 * The status a sent campaign shows, from its messaging jobs (decision 077): «In invio» while messages are queued
 * («In attesa dell’orario di invio» while the sending window holds them, `heldUntil`: decision 100), then «Inviata»,
 * «Inviata in parte (N non riusciti)» or «Invio non riuscito». Null before anything was sent: the campaign's own
 * status («Bozza», …) stays.
 */
export function deliveryStatus(
  delivery: DeliveryState | null | undefined,
  heldUntil?: string | null,
): { label: string; tone: 'info' | 'success' | 'warning' | 'danger' } | null {
  if (!delivery || nothingSent(delivery)) return null;
  if (delivery.pending > 0) return { label: heldUntil ? HELD_LABEL : 'In invio', tone: 'info' };
  if (delivery.failed === 0) return { label: 'Inviata', tone: 'success' };
  if (delivery.sent === 0) return { label: 'Invio non riuscito', tone: 'danger' };
  return { label: `Inviata in parte (${formatCount(delivery.failed, { one: 'non riuscito', other: 'non riusciti' })})`, tone: 'warning' };
}

export const CHANNEL_LABELS: Record<CampaignChannel, MessagingChannelLabel> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

export const CHANNELS = Object.keys(CHANNEL_LABELS) as CampaignChannel[];

/** The channels a campaign is sent on, as the send dialog offers them: its own, or all of them when it names none. */
export const offeredChannels = (chosen: readonly CampaignChannel[]): CampaignChannel[] =>
  chosen.length > 0 ? CHANNELS.filter((c) => chosen.includes(c)) : CHANNELS;

/** Column of the business that says whether a channel is enabled. */
export const CHANNEL_FLAG = { whatsapp: 'whatsapp_enabled', sms: 'sms_enabled', email: 'email_enabled' } as const;

/** How a number of recipients is worded: '1 destinatario', '12 destinatari'. */
export const RECIPIENTS = { one: 'destinatario', other: 'destinatari' };

export const DELETE_CONFIRMATION = 'Sei sicuro di voler eliminare questa campagna?';

/** Recipients may arrive as a JSON string (the original API contract allows it); anything unreadable counts as none. */
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

/** Who receives a campaign, as the dialog offers it. */
export const SEGMENT_LABELS: Record<SegmentKind, string> = {
  all: 'Tutte le carte',
  active: 'Carte attive (con punti)',
  inactive: 'Carte inattive (senza punti)',
  // Decision 025: consent is per channel; a send reaches who agreed to its channel.
  consent: 'Con consenso marketing sul canale di invio',
  cards: 'Scelti uno per uno',
};

/** The recipient picker's state: a segment's filters, or the cards picked one by one. */
export interface AudienceChoice {
  kind: SegmentKind;
  /** What the search box holds (the segment's `q`, or the picked list's search). */
  search: string;
  /** What the minimum-points box holds; '' for none. */
  minPoints: string;
  picked: ReadonlySet<string>;
}

export const ALL_CARDS: AudienceChoice = { kind: 'all', search: '', minPoints: '', picked: new Set() };

/** The segment a choice stands for (picked cards: kind 'cards', the ids go in `targets`). */
export function segmentOf(choice: AudienceChoice): CampaignSegment {
  if (choice.kind === 'cards') return { kind: 'cards' };
  const q = choice.search.trim();
  const minPoints = choice.minPoints.trim() === '' ? NaN : Number(choice.minPoints);
  return { kind: choice.kind, ...(Number.isFinite(minPoints) && minPoints > 0 ? { min_points: minPoints } : {}), ...(q ? { q } : {}) };
}

/** The recipients a campaign was created with: its segment's size then, or its `recipients` list's length. */
export function recipientCountOf(campaign: Campaign): number {
  return campaign.recipient_count ?? parseRecipients(campaign.recipients).length;
}
