import { countSms } from '../model/smsEncoding';
// One SMS's length, the API's limit too (shared's campaign message rule).
import { CAMPAIGN_MESSAGE_MAX_LENGTH } from '@loyalty/shared/forms';

/** "42/160 caratteri · GSM-7 · 1 SMS": live, so the length and the cost are visible while typing. */
export function messageCounterText(message: string): string {
  const { characters, encoding, segments } = countSms(message);
  return `${characters}/${CAMPAIGN_MESSAGE_MAX_LENGTH} caratteri · ${encoding} · ${segments} SMS`;
}
