/**
 * How an SMS carrier encodes a text (3GPP TS 23.038): GSM-7 when every character is in the GSM 03.38
 * alphabet (the extension table's characters, like €, take two septets), UCS-2 otherwise.
 */

// Basic character set of GSM 03.38: one septet each. Italian à è é ì ò ù are in it (À È Ì Ò Ù are not).
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// Extension table: an escape septet plus the character, so each counts double.
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as typed (UTF-16 units, as the 160 limit and the API count them). */
  characters: number;
  /** Units the carrier counts: septets for GSM-7, 16-bit units for UCS-2. */
  units: number;
  /** Messages the text is split into (0 for an empty text). */
  segments: number;
  /** Units one message holds at this length: 160/153 for GSM-7, 70/67 for UCS-2. */
  perSegment: number;
}

const LIMITS: Record<SmsEncoding, { single: number; multipart: number }> = {
  'GSM-7': { single: 160, multipart: 153 },
  'UCS-2': { single: 70, multipart: 67 },
};

export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char) && !GSM7_EXTENDED.has(char)) return false;
  return true;
}

export function countSms(text: string): SmsCount {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  let units = text.length;
  if (encoding === 'GSM-7') {
    units = 0;
    for (const char of text) units += GSM7_EXTENDED.has(char) ? 2 : 1;
  }
  const { single, multipart } = LIMITS[encoding];
  const perSegment = units <= single ? single : multipart;
  return { encoding, characters: text.length, units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
}
