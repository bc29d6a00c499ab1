/**
 * The one SMS counter (decision 074): Twilio's own calculator, `sms-segments-calculator` (pure TypeScript, no
 * Node API, ~12 KB gzipped with its grapheme splitter). Only the campaign's send dialog counts SMS, so it lives in
 * this remote; until shared 3.0.0 it was in shared's forms entry, which every screen with a form downloads (the card
 * list and the counter too, decision 091). GSM-7 with its escape characters (`€ [ ] { } ^ ~ \ |` count 2 and are
 * never split), UCS-2 by UTF-16 code units with surrogate pairs never split, 160/153 and 70/67 — as Twilio bills,
 * with its Smart Encoding, which the API applies before sending (typographic quotes, apostrophes and dashes become
 * GSM-7 ones).
 */
import { SegmentedMessage } from 'sms-segments-calculator';

/** How a marketing SMS or WhatsApp ends (the API adds it when it enqueues the campaign, decision 074). */
export const SMS_STOP_FOOTER = 'Rispondi STOP per non ricevere più messaggi';
export const withStopFooter = (message: string) => `${message}\n${SMS_STOP_FOOTER}`;

export interface SmsLength {
  /** Characters as a person counts them: an emoji, or a letter with its accent, is one. */
  characters: number;
  /** The encoding Twilio sends it in, after its Smart Encoding. */
  encoding: 'GSM-7' | 'UCS-2';
  /** The SMS parts Twilio bills (0 for an empty text). */
  segments: number;
}

export function smsLength(text: string): SmsLength {
  const sent = new SegmentedMessage(text, 'auto', true);
  return { characters: sent.graphemes.length, encoding: sent.encodingName, segments: text === '' ? 0 : sent.segmentsCount };
}
