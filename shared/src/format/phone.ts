/**
 * Phone numbers for display. Stored numbers are E.164 ('+393331234567'); older ones may be typed
 * as people wrote them. Italian numbers are shown in the national format, '333 123 4567',
 * '02 1234 5678', '0471 123456'; foreign ones in the international format, the country code apart:
 * '+44 2079460958'. Written by hand for Italy alone instead of with libphonenumber-js, whose smallest
 * metadata weighs ~29 KB gzipped and would reach the landing through this singleton (decision 020).
 */
import { NOT_AVAILABLE } from './dates';

/**
 * libphonenumber's Italian formats (metadata 1.13.16), in its order: the first whose leading digits and
 * whole pattern match the national number wins, and its groups are joined with spaces.
 */
const ITALIAN_FORMATS: readonly (readonly [leadingDigits: RegExp, pattern: RegExp])[] = [
  [/^0[26]/, /^(\d{2})(\d{4,6})$/],
  [/^(?:0[13-57-9][0159]|8(?:03|4[17]|9(?:2|3[04]|[45][0-4])))/, /^(\d{3})(\d{3,6})$/],
  [/^0(?:[13-579][2-46-8]|8[236-8])/, /^(\d{4})(\d{2,6})$/],
  [/^894/, /^(\d{4})(\d{4})$/],
  [/^(?:0[26]|5)/, /^(\d{2})(\d{3,4})(\d{4})$/],
  [/^(?:1(?:44|[679])|[378]|43)/, /^(\d{3})(\d{3})(\d{3,4})$/],
  [/^(?:0[13-57-9][0159]|14)/, /^(\d{3})(\d{3,4})(\d{4})$/],
  [/^0[26]/, /^(\d{2})(\d{4})(\d{5})$/],
  [/^0/, /^(\d{4})(\d{3})(\d{4})$/],
  [/^[03]/, /^(\d{3})(\d{4})(\d{4,5})$/],
];

/**
 * Country calling codes of one and two digits; every other code has three (the codes are prefix-free,
 * so this is enough to tell where the code ends).
 */
const SHORT_CALLING_CODE = /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

const ITALY = '39';

/** '3331234567' → '333 123 4567'; null when no Italian format fits. */
function formatItalianNational(national: string): string | null {
  for (const [leadingDigits, pattern] of ITALIAN_FORMATS) {
    if (!leadingDigits.test(national)) continue;
    const groups = pattern.exec(national);
    if (groups) return groups.slice(1).join(' ');
  }
  return null;
}

/**
 * A phone number as people read it: Italian numbers ('+393331234567', '333 1234567', '0039…') in the
 * national format, foreign E.164 numbers as '+<code> <number>'. Anything else is shown as written;
 * nothing at all as '—'.
 */
export function formatPhone(value: string | null | undefined): string {
  const written = value?.trim() ?? '';
  if (written === '') return NOT_AVAILABLE;
  const compact = written.replace(/[\s().\-/]/g, '').replace(/^00/, '+');
  if (!/^\+?\d+$/.test(compact)) return written;
  if (!compact.startsWith('+')) return formatItalianNational(compact) ?? written;
  const digits = compact.slice(1);
  if (digits.startsWith(ITALY)) return formatItalianNational(digits.slice(ITALY.length)) ?? compact;
  const code = SHORT_CALLING_CODE.exec(digits)?.[0] ?? digits.slice(0, 3);
  return digits.length > code.length ? `+${code} ${digits.slice(code.length)}` : compact;
}

/** The API's answer to a number it cannot read; the forms show it next to the phone field. */
export const PHONE_INVALID = 'Numero di telefono non valido';

/**
 * A cheap check before the API's exact one (libphonenumber with all the numbering plans, decision 024,
 * stays on the server): at least 6 digits, and only digits, spaces and + ( ) - . /
 */
export function looksLikePhone(value: string): boolean {
  const written = value.trim();
  return /^[\d\s+()./-]+$/.test(written) && (written.match(/\d/g)?.length ?? 0) >= 6;
}
