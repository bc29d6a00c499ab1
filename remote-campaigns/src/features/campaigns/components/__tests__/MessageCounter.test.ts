import { messageCounterText } from '../MessageCounter';

describe('messageCounterText', () => {
  it('counts an e-mail against 5 000 characters, with no SMS parts', () => {
    expect(messageCounterText('Caffè 😀', 'email')).toBe('7/5.000 caratteri');
    expect(messageCounterText('a'.repeat(1200), 'email')).toBe('1.200/5.000 caratteri');
  });

  it('counts the SMS parts of what is sent: the message, a line break and «Rispondi STOP per non ricevere più messaggi»', () => {
    // 116 + 1 + 43 = 160 septets: one SMS; one more character, two.
    expect(messageCounterText('a'.repeat(116), 'sms')).toBe('116/160 caratteri · 1 SMS (GSM-7) con «Rispondi STOP…»');
    expect(messageCounterText('a'.repeat(117), 'sms')).toBe('117/160 caratteri · 2 SMS (GSM-7) con «Rispondi STOP…»');
    expect(messageCounterText('Gelateria “Il Cono” 🍦', 'sms')).toBe('21/160 caratteri · 1 SMS (UCS-2) con «Rispondi STOP…»');
    expect(messageCounterText('', 'sms')).toBe('0/160 caratteri');
  });
});
