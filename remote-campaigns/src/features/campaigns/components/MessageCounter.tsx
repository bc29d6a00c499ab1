import { countSms } from '../model/smsEncoding';
import { MESSAGE_MAX_LENGTH } from '../model/campaignModel';

/** "42/160 caratteri · GSM-7 · 1 SMS": live, so the length and the cost are visible while typing. */
export function messageCounterText(message: string): string {
  const { characters, encoding, segments } = countSms(message);
  return `${characters}/${MESSAGE_MAX_LENGTH} caratteri · ${encoding} · ${segments} SMS`;
}
