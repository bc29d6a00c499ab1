import { invitationSentText } from '../invitation';

it('names the contact the invitation went to, on its channel', () => {
  expect(invitationSentText('Invito inviato', 'email', 'paola.verdi@example.it', '')).toBe('Invito inviato a paola.verdi@example.it');
  expect(invitationSentText('Invito inviato', 'sms', 'paola.verdi@example.it', '+393331234567')).toBe('Invito inviato via SMS al numero 333 123 4567');
  expect(invitationSentText('Invito inviato', 'whatsapp', 'paola.verdi@example.it', '333 1234567')).toBe('Invito inviato via WhatsApp al numero 333 123 4567');
});
