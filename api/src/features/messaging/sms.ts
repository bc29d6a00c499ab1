/**
 * An SMS as Twilio bills it (decision 074): Twilio's own calculator (`sms-segments-calculator`), also behind the
 * campaign form's counter (remote-campaigns/src/features/campaigns/model/smsLength.ts). Before sending, typographic quotes, apostrophes and
 * dashes become their GSM-7 equivalents as Twilio's Smart Encoding does, so «L’Angolo del Gusto» or
 * «Gelateria “Il Cono”» do not turn a message into UCS-2 (70 characters a part instead of 160).
 */
import { SegmentedMessage } from 'sms-segments-calculator';

/** The text with Twilio's Smart Encoding applied (’ → ', “ ” « » → ", – — → -, … → ...). */
export const smartEncodeSms = (text: string) => new SegmentedMessage(text, 'auto', true).graphemes.join('');

/** Parts (segments) and encoding Twilio bills for the text once smart-encoded. */
export function smsParts(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  const message = new SegmentedMessage(text, 'auto', true);
  return { encoding: message.encodingName, segments: message.segmentsCount };
}
