/** The messaging module's Italian strings (SPEC §8 ones verbatim); shared ones are in src/messages.ts. */
import type { Channel } from './types';

const SERVICE_LABEL: Record<Channel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

export const serviceLabel = (channel: Channel) => SERVICE_LABEL[channel];

export const MESSAGING_MESSAGES = {
  sent: 'Messaggio inviato con successo',
  whatsappSent: 'WhatsApp inviato',
  settingsSaved: 'Impostazioni Twilio salvate con successo',
  connectionTestFailed: 'Errore durante il test di connessione',
  messageEmpty: 'Il messaggio non può essere vuoto',
  messageTooLong: 'Il messaggio non può superare i 160 caratteri',
  whatsappMessageTooLong: 'Il messaggio non può superare i 1600 caratteri',
  cardWithoutPhone: 'La carta non ha un numero di telefono',
  recipientOptedOut: 'Il cliente ha chiesto di non ricevere messaggi',
  flagsSuperAdminOnly: 'Solo il super admin può abilitare o disabilitare i servizi',
  driverSuperAdminOnly: 'Solo il super admin può cambiare il driver di invio',
  twilioNotConfigured: 'Credenziali Twilio incomplete: servono Account SID, Auth Token e numero di telefono o Messaging Service SID',
  smtpNotConfigured: 'Server SMTP non configurato (SMTP_URL)',
  emailSenderMissing: 'Mittente email non configurato',
  tokenUnreadable: 'Auth Token non leggibile: inseriscilo di nuovo',
  invalidSignature: 'Firma Twilio non valida',
} as const;

/** SPEC §8: 'Servizio WhatsApp non abilitato per questo business', likewise SMS / Email. */
export const serviceDisabled = (channel: Channel) => `Servizio ${serviceLabel(channel)} non abilitato per questo business`;

/** SPEC §8: 'Test di connessione {SERVICE} completato con successo'. */
export const connectionTestSucceeded = (channel: Channel) => `Test di connessione ${channel.toUpperCase()} completato con successo`;

// issue 17: bonus
/** Placeholders of the bonus template, with what they stand for (the settings screen lists them). */
export const BONUS_PLACEHOLDERS = {
  nome: 'nome del cliente',
  punti: 'saldo punti della carta',
  negozio: 'nome dell’attività',
  traguardo: 'punti del premio raggiunto (multiplo della soglia)',
} as const;

/** The text of a business that kept the default; the same as loyalty_bonus_default_template() (migration 011). */
export const DEFAULT_BONUS_TEMPLATE = 'Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.';
export const BONUS_TEMPLATE_MAX_LENGTH = 1600;

export const BONUS_MESSAGES = {
  templateEmpty: 'Il messaggio bonus non può essere vuoto',
  templateTooLong: `Il messaggio bonus non può superare i ${BONUS_TEMPLATE_MAX_LENGTH} caratteri`,
} as const;

/** '{nome}', '{ciao}', '{}': anything in braces without spaces is meant as a placeholder. */
const PLACEHOLDER = /\{[^{}\s]*\}/g;

/** The placeholders of `template` that are not known, in order, each once. */
export function unknownBonusPlaceholders(template: string): string[] {
  const unknown = (template.match(PLACEHOLDER) ?? []).filter((p) => !Object.hasOwn(BONUS_PLACEHOLDERS, p.slice(1, -1)));
  return [...new Set(unknown)];
}

export const unknownBonusPlaceholder = (placeholders: string[]) =>
  `Segnaposto sconosciuto nel messaggio bonus: ${placeholders.join(', ')}. Usa ${Object.keys(BONUS_PLACEHOLDERS)
    .map((p) => `{${p}}`)
    .join(', ')}`;
