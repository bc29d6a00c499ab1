import { CAMPAIGN_MESSAGE_MAX_LENGTH, EMAIL_CAMPAIGN_MESSAGE_MAX_LENGTH } from '@loyalty/shared/forms';
import { formatCount } from '@loyalty/shared';
import { smsLength, withStopFooter } from '../model/smsLength';
import type { CampaignChannel } from '../api';

/**
 * Live under the message, so its length and cost are visible while typing (decision 074): characters as a
 * person counts them against the channel's limit; for SMS also the parts Twilio will bill, counted on what is
 * sent — the text with «Rispondi STOP per non ricevere più messaggi» at its end, after Twilio's Smart Encoding.
 * "42/160 caratteri · 1 SMS (GSM-7) con «Rispondi STOP…»".
 */
export function messageCounterText(message: string, channel: CampaignChannel): string {
  const trimmed = message.trim();
  if (channel === 'email') return `${formatCount(smsLength(trimmed).characters)}/${formatCount(EMAIL_CAMPAIGN_MESSAGE_MAX_LENGTH)} caratteri`;
  const characters = `${smsLength(trimmed).characters}/${CAMPAIGN_MESSAGE_MAX_LENGTH} caratteri`;
  if (channel !== 'sms' || trimmed === '') return characters;
  const { segments, encoding } = smsLength(withStopFooter(trimmed));
  return `${characters} · ${segments} SMS (${encoding}) con «Rispondi STOP…»`;
}
