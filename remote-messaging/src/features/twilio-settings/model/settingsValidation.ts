/** Checks of the settings form before saving, with the same formats the API enforces. */
import { looksLikePhone } from '@loyalty/shared';

export interface SettingsFormValues {
  accountSid: string;
  /** A new token typed by the user; '' keeps the saved one. */
  authToken: string;
  phoneNumber: string;
  messagingServiceSid: string;
  emailSender: string;
}

export type SettingsErrors = Partial<Record<keyof SettingsFormValues, string>>;

export const SETTINGS_ERRORS = {
  accountSid: 'Account SID non valido: deve iniziare con AC seguito da 32 caratteri esadecimali',
  authToken: 'Auth Token non valido: il token Twilio ha 32 caratteri',
  // The API reads a national number as Italian and saves it in E.164 (decision 024): only a typo is refused here.
  phoneNumber: 'Numero di telefono non valido: es. 333 123 4567 o +39 333 123 4567',
  messagingServiceSid: 'Messaging Service SID non valido: deve iniziare con MG seguito da 32 caratteri esadecimali',
  emailSender: 'Indirizzo email del mittente non valido: es. negozio@example.it o Negozio <negozio@example.it>',
} as const;

/** Spaces, dots, dashes and brackets people type in phone numbers. */
export const withoutSeparators = (phone: string) => phone.trim().replace(/[\s().-]/g, '');

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const ADDRESS = '[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+';
/** An address, or a display name and an address: `Caffè dell'Università <offerte@x.it>` (decision 074). */
const SENDER = new RegExp(`^(?:${ADDRESS}|[^<>@]+<${ADDRESS}>)$`);

/** Empty fields are allowed (they clear the value); filled ones must have the right format. */
export function validateSettings(values: SettingsFormValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const accountSid = values.accountSid.trim();
  if (accountSid && !ACCOUNT_SID.test(accountSid)) errors.accountSid = SETTINGS_ERRORS.accountSid;
  const token = values.authToken.trim();
  if (token && token.length < 16) errors.authToken = SETTINGS_ERRORS.authToken;
  const phone = withoutSeparators(values.phoneNumber);
  if (phone && !looksLikePhone(phone)) errors.phoneNumber = SETTINGS_ERRORS.phoneNumber;
  const serviceSid = values.messagingServiceSid.trim();
  if (serviceSid && !MESSAGING_SERVICE_SID.test(serviceSid)) errors.messagingServiceSid = SETTINGS_ERRORS.messagingServiceSid;
  const sender = values.emailSender.trim();
  if (sender && !SENDER.test(sender)) errors.emailSender = SETTINGS_ERRORS.emailSender;
  return errors;
}
