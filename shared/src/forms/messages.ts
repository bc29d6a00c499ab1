/**
 * The Italian messages of the form rules. No zod here: the public pages'
 * scripts read them through `@loyalty/shared/page-script` (a server's answer compared with a rule's words).
 */
import { PASSWORD_MIN_LENGTH } from '../constants';
import { PHONE_INVALID } from '../format/phone';

/** The most points one operation may add or take away (the API's POINTS_PER_OPERATION_MAX). */
export const POINTS_PER_OPERATION_MAX = 1_000_000;
/** The largest bonus threshold the API keeps. */
export const BONUS_THRESHOLD_MAX = 1_000_000_000;
/** A campaign's SMS or WhatsApp message: SMS-sized (SPEC). */
export const CAMPAIGN_MESSAGE_MAX_LENGTH = 160;
/** An e-mail campaign's message (the API's limit, decision 074). */
export const EMAIL_CAMPAIGN_MESSAGE_MAX_LENGTH = 5000;
/** A WhatsApp to one card (the API's limit). */
export const WHATSAPP_MESSAGE_MAX_LENGTH = 1600;

export const FORM_MESSAGES = {
  // An amount spent at the counter (decision 075): the API's words for the amounts it refuses (EARNING_MESSAGES).
  amountRequired: 'Scrivi l’importo speso',
  amountInvalid: 'Importo non valido: scrivi un numero in euro, per esempio 23,50',
  amountDecimals: 'Importo non valido: al massimo due decimali (centesimi)',
  amountNotPositive: 'L’importo deve essere maggiore di zero',
  amountTooLarge: 'L’importo non può superare 100.000 €',
  // Public card signup
  signupEmailRequired: 'Campo "email" è obbligatorio',
  signupFullNameRequired: 'Campo "nome completo" è obbligatorio',
  signupPhoneRequired: 'Campo "numero di telefono" obbligatorio',
  // Same wording as the API's refusal.
  privacyRequired: "È necessario accettare l'informativa sulla privacy",
  phoneInvalid: PHONE_INVALID,
  // User creation
  emailAndNameRequired: 'Campi email e nome sono obbligatori',
  selectBusinessForClient: "Seleziona un'azienda per associare il cliente",
  // Passwords
  passwordTooShort: `La password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri`,
  newPasswordTooShort: `La nuova password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri`,
  passwordFieldsRequired: 'Compila tutti i campi della password',
  passwordsDoNotMatch: 'Le password non corrispondono',
  // Points and the API's limits on them
  pointsAndDescriptionRequired: 'Compila sia punti che descrizione',
  pointsInvalid: 'Inserisci un numero di punti valido',
  pointsNotZero: 'I punti non possono essere zero',
  pointsDecimals: 'I punti possono avere al massimo due decimali',
  pointsPerOperation: 'Puoi aggiungere o togliere al massimo 1.000.000 punti per operazione',
  qrPointsMinimum: 'Inserisci almeno 1 punto',
  cardOrUserMissing: 'Card ID o User ID mancanti.',
  bonusThresholdInvalid: 'La soglia deve essere un numero intero di almeno 1',
  // Businesses, campaigns, messages
  businessNameRequired: "Il nome dell'azienda è obbligatorio",
  campaignNameRequired: 'Il nome della campagna è obbligatorio',
  messageEmpty: 'Il messaggio non può essere vuoto',
  campaignMessageTooLong: `Il messaggio supera i ${CAMPAIGN_MESSAGE_MAX_LENGTH} caratteri`,
  emailCampaignMessageTooLong: 'Il messaggio email supera i 5.000 caratteri',
  // Same wording as the API's refusal.
  campaignSubjectRequired: 'Campo "oggetto" è obbligatorio per una campagna email',
  whatsappMessageRequired: 'Inserisci un messaggio per la carta selezionata',
  whatsappMessageTooLong: `Il messaggio non può superare i ${WHATSAPP_MESSAGE_MAX_LENGTH} caratteri`,
  testRecipientRequired: 'Inserisci il destinatario di prova',
  // The shop's colour on wallet passes (the API's words)
  brandColorInvalid: 'Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)',
} as const;
