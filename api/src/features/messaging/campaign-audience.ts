/** Who a campaign send reaches on a channel: its segment, or its typed `recipients` list as contacts. */
import type { Segment } from '../cards/repository';
import { normalizeContact, type CampaignAudience } from './repository';
import type { Channel } from './types';

/** Contacts of the campaign's recipients for the channel, normalised; '' where one has none. */
function recipientContacts(recipients: unknown, channel: Channel): string[] {
  let list = recipients;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      list = [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((r) => {
    if (typeof r === 'string') return (channel === 'email') === r.includes('@') ? normalizeContact(channel, r) : '';
    if (!r || typeof r !== 'object') return '';
    const { customer_phone, customerphone, email, customeremail } = r as Record<string, unknown>;
    const contact = channel === 'email' ? (email ?? customeremail) : (customer_phone ?? customerphone);
    return typeof contact === 'string' ? normalizeContact(channel, contact) : '';
  });
}

/** The campaign's recipients on a channel, as its send (now or scheduled) and its preview read them. */
export const audienceOf = (campaign: { segment: Segment | null; recipients: unknown }, channel: Channel): CampaignAudience =>
  // A segment is resolved by the enqueueing statement; a `recipients` list (older campaigns, API clients) reaches only contacts with a consenting card (decision 025).
  campaign.segment ? { segment: campaign.segment } : { contacts: recipientContacts(campaign.recipients, channel) };
