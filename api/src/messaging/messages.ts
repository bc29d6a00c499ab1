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

/** The bonus-automation text, used when send-whatsapp gets an empty message. */
export const bonusMessage = (name: string, points: number) =>
  `Ciao ${name}, complimenti! Hai raggiunto ${points.toLocaleString('it-IT', { maximumFractionDigits: 2 })} punti sulla tua carta fedeltà: passa a trovarci per ritirare il tuo bonus!`;
