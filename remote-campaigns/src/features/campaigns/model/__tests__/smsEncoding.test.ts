import { countSms, isGsm7 } from '../smsEncoding';

describe('countSms', () => {
  it('counts an empty text as no message', () => {
    expect(countSms('')).toEqual({ encoding: 'GSM-7', characters: 0, units: 0, segments: 0, perSegment: 160 });
  });

  it('keeps Italian accented letters à è é ì ò ù in GSM-7', () => {
    const text = 'Già è perché così può più';
    expect(isGsm7('àèéìòù')).toBe(true);
    expect(countSms(text)).toMatchObject({ encoding: 'GSM-7', characters: text.length, units: text.length, segments: 1 });
  });

  it('counts € and the other extension characters double', () => {
    expect(countSms('Sconto 5€')).toMatchObject({ encoding: 'GSM-7', characters: 9, units: 10, segments: 1 });
    expect(countSms('[]{}~^|\\')).toMatchObject({ encoding: 'GSM-7', units: 16 });
  });

  it('fits 160 GSM-7 septets in one SMS and splits longer texts in parts of 153', () => {
    expect(countSms('a'.repeat(160))).toMatchObject({ units: 160, segments: 1, perSegment: 160 });
    // 159 letters and one € are 161 septets: two messages.
    expect(countSms(`${'a'.repeat(159)}€`)).toMatchObject({ characters: 160, units: 161, segments: 2, perSegment: 153 });
    expect(countSms('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('switches to UCS-2 for characters outside the GSM alphabet, 70 per SMS then 67', () => {
    for (const text of ['CITTÀ', 'PERCHÈ', 'Offerta “speciale”', 'Ciao 😀']) {
      expect(countSms(text).encoding).toBe('UCS-2');
    }
    expect(countSms('È'.repeat(70))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70 });
    expect(countSms('È'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 units, and € costs one unit in UCS-2.
    expect(countSms('😀€')).toMatchObject({ encoding: 'UCS-2', characters: 3, units: 3 });
  });
});
