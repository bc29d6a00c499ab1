/**
 * Phone numbers in one form, E.164 ('+393331234567'), with libphonenumber-js and its `max` metadata
 * (decision 024): the exact rules of every numbering plan, so `isValid()` tells a real number from a
 * well-shaped one. Numbers without a country code are read as Italian; `00` counts as `+`.
 * Server only: the front-ends keep their small hand-written display formatter (decision 020).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const DEFAULT_PHONE_REGION = 'IT';

/** Longer than any written number with its separators: not worth parsing. */
const MAX_INPUT_LENGTH = 100;

/**
 * '333 123 4567', '0039 333 1234567', '+39 333 1234567' → '+393331234567'; '02 1234 5678' → '+390212345678';
 * '+44 20 7946 0958' → '+442079460958'. Null when the text is not a valid phone number: the whole text must
 * be the number (no words around it: `extract: false`), and one with an extension is refused, as E.164 has
 * no place for it and no message can reach it.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  const text = input?.trim() ?? '';
  if (text === '' || text.length > MAX_INPUT_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: DEFAULT_PHONE_REGION, extract: false });
  return parsed?.isValid() && !parsed.ext ? parsed.number : null;
}

/** Spaces, dots, dashes and brackets removed: how a number that is not valid is still compared or logged. */
export const compactPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

/** The number in E.164 when it is valid, else as written without separators (legacy data, never lost). */
export const phoneOrCompact = (phone: string) => normalizePhone(phone) ?? compactPhone(phone);

/**
 * The line type of an E.164 number by its numbering plan ('MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE',
 * 'TOLL_FREE', …; `max` metadata), 'UNKNOWN' when the plan does not say or the number is not valid. Decision 080:
 * a fixed line receives no SMS or WhatsApp.
 */
export function phoneLineType(e164: string): string {
  return parsePhoneNumberFromString(e164)?.getType() ?? 'UNKNOWN';
}
