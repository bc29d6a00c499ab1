/**
 * The SMS counter (decision 074) on Italian texts, against what Twilio bills: each row's encoding and parts are
 * worked out by hand from GSM 03.38 and Twilio's rules (160/153 septets, the escape characters € [ ] { } ^ ~ \ |
 * counting 2 and never split across parts; 70/67 UTF-16 units with surrogate pairs never split; Smart Encoding of
 * typographic quotes, apostrophes and dashes), and checked against both our counter and Twilio's own calculator.
 */
import { SegmentedMessage } from 'sms-segments-calculator';
import { SMS_STOP_FOOTER, smsLength, withStopFooter } from '../smsLength';

const a = (n: number) => 'a'.repeat(n);
const x = (n: number) => 'x'.repeat(n);
const WELCOME = 'Benvenuto da L’Angolo del Gusto! La tua carta: ';

const TABLE: [text: string, encoding: 'GSM-7' | 'UCS-2', segments: number][] = [
  ['Ciao!', 'GSM-7', 1],
  ['Caffè e cornetto a 1,50', 'GSM-7', 1],
  ['Perché non passi da noi?', 'GSM-7', 1],
  ['Città, università, più, però, lunedì', 'GSM-7', 1],
  ['È arrivata la nuova collezione', 'UCS-2', 1],
  ['Sconto di 5€ su tutto', 'GSM-7', 1],
  ['[Promo] {saldi} ~20% | fino a domenica \\ ^_^', 'GSM-7', 1],
  ['Ciao\nA presto da Profumeria Bella', 'GSM-7', 1],
  [SMS_STOP_FOOTER, 'GSM-7', 1],
  [a(160), 'GSM-7', 1],
  [a(161), 'GSM-7', 2],
  [a(306), 'GSM-7', 2],
  [a(307), 'GSM-7', 3],
  [`${a(158)}€`, 'GSM-7', 1],
  [`${a(159)}€`, 'GSM-7', 2],
  [`${a(159)}{`, 'GSM-7', 2],
  // 306 septets, but the € cannot straddle the first part's end: it opens the second, which then overflows.
  [`${a(152)}€${a(152)}`, 'GSM-7', 3],
  [`${a(151)}€${a(153)}`, 'GSM-7', 2],
  ['Buon compleanno! 🎂', 'UCS-2', 1],
  [`${x(68)}😀`, 'UCS-2', 1],
  [`${x(69)}😀`, 'UCS-2', 2],
  // 134 units, but the emoji's surrogate pair cannot straddle the first part's end.
  [`${x(66)}😀${x(66)}`, 'UCS-2', 3],
  [`${x(67)}😀${x(65)}`, 'UCS-2', 2],
  [`È${x(69)}`, 'UCS-2', 1],
  [`È${x(70)}`, 'UCS-2', 2],
  [`È${x(133)}`, 'UCS-2', 2],
  [`È${x(134)}`, 'UCS-2', 3],
  ['Ciao Zoë, ti aspettiamo', 'UCS-2', 1],
  ['Ñandú in vetrina', 'UCS-2', 1],
  // Smart Encoding: typographic apostrophes, quotes and dashes, ellipsis, guillemets become GSM-7.
  ['L’Angolo del Gusto', 'GSM-7', 1],
  ['Gelateria “Il Cono”', 'GSM-7', 1],
  ['«Offerta» – solo oggi…', 'GSM-7', 1],
  ['Prezzo: £10 o $12 — affrettati', 'GSM-7', 1],
  [`${WELCOME}${a(160 - WELCOME.length)}`, 'GSM-7', 1],
  [`${WELCOME}${a(161 - WELCOME.length)}`, 'GSM-7', 2],
  ['Gelateria “Il Cono” 🍦', 'UCS-2', 1],
];

describe('smsLength', () => {
  it('has a table of at least 30 texts', () => expect(TABLE.length).toBeGreaterThanOrEqual(30));

  it.each(TABLE)('%j is %s in %i part(s), as Twilio bills it', (text, encoding, segments) => {
    expect(smsLength(text)).toMatchObject({ encoding, segments });
    const twilio = new SegmentedMessage(text, 'auto', true);
    expect({ encoding: twilio.encodingName, segments: twilio.segmentsCount }).toEqual({ encoding, segments });
  });

  it('counts characters as a person does: an emoji, even with a skin tone, is one', () => {
    expect(smsLength('Caffè').characters).toBe(5);
    expect(smsLength('Ciao 👍🏽').characters).toBe(6);
    expect(smsLength(`${x(68)}😀`).characters).toBe(69);
    expect(smsLength('L’Angolo').characters).toBe(8);
  });

  it('counts nothing for an empty text, and the STOP line in what a marketing SMS sends', () => {
    expect(smsLength('')).toEqual({ characters: 0, encoding: 'GSM-7', segments: 0 });
    expect(withStopFooter('Saldi!')).toBe('Saldi!\nRispondi STOP per non ricevere più messaggi');
    expect(smsLength(withStopFooter(a(116))).segments).toBe(1);
    expect(smsLength(withStopFooter(a(117))).segments).toBe(2);
  });
});
