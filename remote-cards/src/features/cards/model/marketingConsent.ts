import type { LoyaltyCard } from '@loyalty/shared';

/** The channels' names on the cards screen (the consent line, the consent history). */
export const CHANNEL_NAMES = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' } as const;

/**
 * A card's marketing consent in Italian (decision 025): 'Marketing: WhatsApp, SMS', or 'Nessun consenso
 * marketing'. Null when the API did not say (an older API without channels).
 */
export function marketingConsentText(channels: LoyaltyCard['marketing_channels']): string | null {
  if (!channels) return null;
  if (channels.length === 0) return 'Nessun consenso marketing';
  return `Marketing: ${channels.map((channel) => CHANNEL_NAMES[channel]).join(', ')}`;
}
