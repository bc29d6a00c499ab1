/**
 * Italian copy: errors and successes, plus UI strings used by several parts. The strings are the product
 * specification's wording verbatim, including its spelling ('piu' without accent).
 */
export type MessagingChannelLabel = 'WhatsApp' | 'SMS' | 'Email';

export const MESSAGES = {
  // Login form
  loginMissingFields: 'Inserisci email e password.',
  loginLocked: 'Troppi tentativi. Riprova tra 5 minuti.',
  loginInvalid: 'Credenziali non valide.',
  loginConnectionError: 'Errore di connessione. Riprova piu tardi.',

  // Default errors when the response carries no `error` field
  userCreateError: "Errore nella creazione dell'utente",
  campaignsLoadError: 'Errore durante il caricamento delle campagne',
  campaignCreateError: 'Errore durante la creazione della campagna',
  campaignDeleteError: "Errore durante l'eliminazione della campagna",
  campaignSendError: "Errore durante l'invio dei messaggi",
  cardsLoadError: 'Errore durante il caricamento delle carte',
  pointsUpdateError: 'Errore aggiornamento punti',
  cardDeleteError: 'Errore eliminazione carta',
  whatsappError: 'Errore WhatsApp',
  messageSendError: "Errore durante l'invio del messaggio",
  settingsLoadError: 'Errore durante il caricamento delle impostazioni',
  passwordChangeError: 'Errore durante il cambio password',
  businessCreateError: "Errore durante la creazione dell'azienda",
  serviceToggleError: 'Errore durante la modifica del servizio',
  adminDetailsLoadError: 'Errore durante il caricamento dei dettagli admin',
  settingsSaveError: 'Errore durante il salvataggio delle impostazioni',
  connectionTestError: 'Errore durante il test di connessione',
  usersLoadError: 'Errore nel caricamento degli utenti',
  addPointsError: "Errore durante l'aggiunta dei punti.",
  loyaltyCardsLoadError: 'Errore durante il caricamento delle carte fedeltà',
  whatsappNotEnabled: 'WhatsApp non abilitato',

  // Successes; they vanish after NOTIFICATION_TIMEOUT_MS
  pointsUpdated: 'Punti aggiornati',
  cardDeleted: 'Carta eliminata',
  whatsappSent: 'WhatsApp inviato',
  messageSent: 'Messaggio inviato con successo',
  passwordChanged: 'Password aggiornata con successo',
  businessCreated: 'Azienda creata con successo',
  twilioSettingsSaved: 'Impostazioni Twilio salvate con successo',

  // Shared UI strings
  loading: 'Caricamento…',
  retry: 'Riprova',
  close: 'Chiudi',
  genericError: 'Si è verificato un errore. Riprova.',
} as const;

/** 'Servizio WhatsApp non abilitato per questo business', likewise for SMS and Email. */
export function channelDisabledMessage(channel: MessagingChannelLabel): string {
  return `Servizio ${channel} non abilitato per questo business`;
}

/** 'Servizio {name} abilitato/disabilitato con successo'. */
export function serviceToggledMessage(name: string, enabled: boolean): string {
  return `Servizio ${name} ${enabled ? 'abilitato' : 'disabilitato'} con successo`;
}

/** 'Test di connessione {SERVICE} completato con successo' (the service name upper-cased: 'WHATSAPP'). */
export function connectionTestSucceededMessage(service: string): string {
  return `Test di connessione ${service.toUpperCase()} completato con successo`;
}

/** 'Azienda {name} selezionata'. */
export function businessSelectedMessage(name: string): string {
  return `Azienda ${name} selezionata`;
}
