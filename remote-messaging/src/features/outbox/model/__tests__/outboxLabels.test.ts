import { statusLabel } from '../outboxLabels';

it('says where a message went: the test mode, the try-out mailbox, a provider', () => {
  expect(statusLabel({ status: 'sent', driver: 'outbox', error: null })).toBe('Registrato (modalità prova)');
  // A login or invitation link written to the try-out mailbox on this machine (LOCAL_MAILBOX): not delivered to anyone.
  expect(statusLabel({ status: 'sent', driver: 'mailbox', error: null })).toBe('Nella casella di prova locale');
  expect(statusLabel({ status: 'sent', driver: 'twilio', error: null })).toBe('Inviato');
  expect(statusLabel({ status: 'failed', driver: 'smtp', error: 'casella piena' })).toBe('Non riuscito: casella piena');
});
