/** The messaging module's Italian strings (the specification's wording, verbatim); shared ones are in src/messages.ts. */
import { FIELD_LABELS, fieldRequired } from '../../messages';
import type { Channel } from './types';

export const SERVICE_LABEL: Record<Channel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

export const serviceLabel = (channel: Channel) => SERVICE_LABEL[channel];

/** SPEC: a campaign's SMS or WhatsApp message is at most 160 characters. */
export const CAMPAIGN_MESSAGE_MAX_LENGTH = 160;
/** An e-mail campaign's text (decision 074: SPEC's 160 is an SMS's length, not an e-mail's). */
export const EMAIL_MESSAGE_MAX_LENGTH = 5000;

/** How a marketing SMS or WhatsApp says how to stop them (the STOP reply is handled by webhooks.ts). */
export const STOP_FOOTER = 'Rispondi STOP per non ricevere più messaggi';
export const withStopFooter = (message: string) => `${message}\n${STOP_FOOTER}`;

export const MESSAGING_MESSAGES = {
  sent: 'Messaggio inviato con successo',
  whatsappSent: 'WhatsApp inviato',
  settingsSaved: 'Impostazioni Twilio salvate con successo',
  connectionTestFailed: 'Errore durante il test di connessione',
  messageEmpty: 'Il messaggio non può essere vuoto',
  messageTooLong: 'Il messaggio non può superare i 160 caratteri',
  emailMessageTooLong: 'Il messaggio email non può superare i 5.000 caratteri',
  whatsappMessageTooLong: 'Il messaggio non può superare i 1600 caratteri',
  cardWithoutPhone: 'La carta non ha un numero di telefono',
  recipientOptedOut: 'Il cliente ha chiesto di non ricevere messaggi',
  flagsSuperAdminOnly: 'Solo il super admin può abilitare o disabilitare i servizi',
  driverSuperAdminOnly: 'Solo il super admin può cambiare il driver di invio',
  twilioNotConfigured: 'Credenziali Twilio incomplete: servono Account SID, Auth Token e numero di telefono o Messaging Service SID',
  smtpNotConfigured: 'Server SMTP non configurato (SMTP_URL)',
  emailSenderMissing: 'Mittente email non configurato',
  publicUrlForUnsubscribe: 'PUBLIC_URL non configurato: un’email promozionale deve contenere il link per annullare l’iscrizione',
  tokenUnreadable: 'Auth Token non leggibile: inseriscilo di nuovo',
  platformSecretUnreadable: 'Un segreto dell’account di messaggistica della piattaforma non è leggibile: il super admin deve inserirlo di nuovo',
  invalidSignature: 'Firma Twilio non valida',
} as const;

/** The specification's wording, verbatim: 'Servizio WhatsApp non abilitato per questo business', likewise SMS / Email. */
export const serviceDisabled = (channel: Channel) => `Servizio ${serviceLabel(channel)} non abilitato per questo business`;

/**
 * Decision 080: what a connection test found is one sentence, the same in the dialog and in the outbox's log
 * («La connessione WhatsApp funziona»; in test mode TRUTH_MESSAGES.connectionTestMode; a failure its reason).
 */
export const connectionWorks = (channel: Channel) => `La connessione ${SERVICE_LABEL[channel]} funziona.`;
/** The specification's wording ('Test di connessione {SERVICE} completato con successo') and the sentence. */
export const connectionTestSucceeded = (channel: Channel) => `Test di connessione ${SERVICE_LABEL[channel]} completato con successo. ${connectionWorks(channel)}`;
/** The test message's text as sent and logged: the shop, then what the test found. */
export const connectionTestBody = (shop: string, found: string) => `Messaggio di prova da ${shop}. ${found}`;

// Quiet hours (migration 035)
/** The widest sending window of marketing and automatic messages, Rome time: a shop may only narrow it. */
export const QUIET_HOURS = { sendFrom: 9, sendUntil: 20 } as const;
export const QUIET_HOURS_MESSAGES = {
  window: 'Orario di invio non valido: scegli ore intere tra le 9 e le 20, con l’inizio prima della fine',
} as const;

// Bonus
/** Placeholders of the bonus template, with what they stand for (the settings screen lists them). */
export const BONUS_PLACEHOLDERS = {
  nome: 'nome del cliente',
  punti: 'saldo punti della carta',
  negozio: 'nome dell’attività',
  traguardo: 'punti del premio raggiunto (multiplo della soglia)',
} as const;

/** The text of a business that kept the default; the same as loyalty_bonus_default_template() (migration 009). */
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

// Truthful send answers
// Every send answer says what the server did: how many messages went into the queue, how many recipients
// were skipped and why, and whether the business delivers for real ('live') or only records ('test').

/** Why a recipient got no message; the keys of `skippedByReason` in every send answer. */
export const SKIP_REASONS = ['noConsent', 'optedOut', 'invalidContact', 'channelDisabled', 'dailyLimit'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type SkippedByReason = Record<SkipReason, number>;
export type DeliveryMode = 'test' | 'live';

export const noneSkipped = (): SkippedByReason => ({ noConsent: 0, optedOut: 0, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 });

/** '1.000': thousands always grouped, like the dashboard's formatCount (decision 020). */
const ITALIAN_COUNT = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });
const formatCount = (n: number) => ITALIAN_COUNT.format(n);
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

const SKIP_PHRASES: Record<SkipReason, (n: number) => string> = {
  noConsent: (n) => plural(n, 'destinatario senza consenso marketing', 'destinatari senza consenso marketing'),
  optedOut: (n) => plural(n, 'destinatario ha chiesto di non ricevere messaggi (STOP)', 'destinatari hanno chiesto di non ricevere messaggi (STOP)'),
  invalidContact: (n) => plural(n, 'destinatario non raggiungibile (contatto mancante, non valido o numero fisso)', 'destinatari non raggiungibili (contatto mancante, non valido o numero fisso)'),
  channelDisabled: (n) => plural(n, 'destinatario su un canale non abilitato', 'destinatari su un canale non abilitato'),
  dailyLimit: (n) => plural(n, 'destinatario aveva già ricevuto un messaggio promozionale oggi', 'destinatari avevano già ricevuto un messaggio promozionale oggi'),
};

export const TRUTH_MESSAGES = {
  /** The specification's wording, kept for the one-message case. */
  oneQueued: MESSAGING_MESSAGES.sent,
  whatsappQueuedTest: 'WhatsApp registrato in modalità prova: non è stato consegnato',
  whatsappAlreadyQueued: 'Messaggio già in coda: non viene inviato una seconda volta',
  nothingSent: 'Nessun messaggio inviato',
  connectionTestMode: 'Modalità prova: nessuna connessione verificata. Configura un fornitore per inviare davvero.',
  unknownProviderError: 'Errore del fornitore',
  unknownFailureReason: 'Motivo non indicato dal fornitore',
  businessIdRequired: fieldRequired(FIELD_LABELS.businessId),
} as const;

/** 'Messaggio inviato con successo' for one, '12 messaggi messi in coda' for more. */
export const queuedMessage = (queued: number) => (queued === 1 ? TRUTH_MESSAGES.oneQueued : `${formatCount(queued)} messaggi messi in coda`);

/**
 * 'Nessun messaggio inviato: 1 destinatario senza consenso marketing, 2 destinatari …'. `waiting`: the campaign's
 * messages still wait in the queue (the sending hours hold them), so the ones already enqueued have not been received.
 */
export function nothingSentMessage(skipped: SkippedByReason, alreadyEnqueued = 0, waiting = false): string {
  const parts = SKIP_REASONS.filter((reason) => skipped[reason] > 0).map((reason) => SKIP_PHRASES[reason](skipped[reason]));
  if (alreadyEnqueued > 0 && waiting) parts.push(plural(alreadyEnqueued, 'destinatario ha già questa campagna in coda su questo canale', 'destinatari hanno già questa campagna in coda su questo canale'));
  else if (alreadyEnqueued > 0) parts.push(plural(alreadyEnqueued, 'destinatario aveva già ricevuto questa campagna su questo canale', 'destinatari avevano già ricevuto questa campagna su questo canale'));
  if (parts.length === 0) parts.push('la campagna non ha destinatari');
  return `${TRUTH_MESSAGES.nothingSent}: ${parts.join(', ')}`;
}

/** What a send answer says: how many were queued, or why none was. */
export const sendOutcomeMessage = (queued: number, skipped: SkippedByReason, alreadyEnqueued = 0, waiting = false) =>
  queued > 0 ? queuedMessage(queued) : nothingSentMessage(skipped, alreadyEnqueued, waiting);

/** Twilio error codes (REST answers and status callbacks) in Italian; https://www.twilio.com/docs/api/errors. */
export const TWILIO_ERRORS: Record<number, string> = {
  20003: 'Credenziali Twilio non valide: controlla Account SID e Auth Token',
  20404: 'Risorsa Twilio non trovata: controlla Account SID, numero mittente o Messaging Service SID',
  20429: 'Troppe richieste a Twilio: riprova tra poco',
  21211: 'Numero del destinatario non valido',
  21408: 'Invio verso il paese del destinatario non abilitato nell’account Twilio',
  21606: 'Il numero mittente non può inviare questo messaggio: controlla il numero Twilio',
  21608: 'Account Twilio di prova: il destinatario non è tra i numeri verificati',
  21610: 'Il destinatario ha chiesto a Twilio di non ricevere messaggi (STOP)',
  21612: 'Twilio non può raggiungere questo destinatario da questo numero',
  21614: 'Il numero del destinatario non è un cellulare',
  30003: 'Destinatario non raggiungibile (telefono spento o senza campo)',
  30004: 'Messaggio bloccato dal destinatario',
  30005: 'Numero del destinatario inesistente',
  30006: 'Numero fisso o operatore che non riceve SMS',
  30007: 'Messaggio filtrato dall’operatore come indesiderato',
  30008: 'Consegna non riuscita per un errore sconosciuto dell’operatore',
  63003: 'Numero WhatsApp del destinatario non valido',
  63007: 'Il numero mittente non è abilitato a WhatsApp',
  63016: 'Fuori dalla finestra di 24 ore di WhatsApp: serve un modello approvato',
};

/** Twilio answers without a known code: by HTTP status. */
export function twilioHttpError(status: number | undefined, code: number | string | undefined): string {
  if (status === 401) return TWILIO_ERRORS[20003];
  if (status === 404) return TWILIO_ERRORS[20404];
  if (status === 429) return TWILIO_ERRORS[20429];
  if (status !== undefined && status >= 500) return `Twilio non disponibile al momento (errore ${status}): nuovo tentativo più tardi`;
  return `${TRUTH_MESSAGES.unknownProviderError} Twilio${code ? ` (codice ${code})` : status ? ` (HTTP ${status})` : ''}`;
}

export const TWILIO_UNREACHABLE = 'Twilio non raggiungibile: nessuna risposta dal server';

export const SMTP_ERRORS = {
  auth: 'Autenticazione SMTP non riuscita: controlla utente e password di SMTP_URL',
  connection: 'Server SMTP non raggiungibile: controlla host e porta di SMTP_URL',
  recipient: 'Indirizzo del destinatario rifiutato dal server SMTP',
  envelope: 'Indirizzo del mittente o del destinatario non valido',
  unknown: (code: string | number | undefined) => `${TRUTH_MESSAGES.unknownProviderError} SMTP${code !== undefined ? ` (codice ${code})` : ''}`,
} as const;
