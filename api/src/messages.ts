/** Every Italian string the API answers with, in one place (the specification's wording, verbatim, where it gives one). */
export const MESSAGES = {
  notAuthenticated: 'Non autenticato',
  /** GET /api/metrics without the scraper's token (decision 087): not a user's session that is missing. */
  metricsTokenInvalid: 'Token delle metriche mancante o non valido',
  forbidden: 'Accesso negato',
  notFound: 'Risorsa non trovata',
  internal: 'Errore interno del server',
  badRequest: 'Richiesta non valida',
  missingBody: 'Corpo della richiesta mancante',
  invalidJson: 'Il corpo della richiesta non è un JSON valido',
  payloadTooLarge: 'Richiesta troppo grande',
  unsupportedMediaType: 'Tipo di contenuto non supportato',
  tooManyRequests: 'Troppe richieste. Riprova tra un minuto.',
  restarting: 'Il servizio si sta riavviando. Riprova tra qualche secondo.',
  headersTooLarge: 'Intestazioni della richiesta troppo grandi',
  requestTimeout: 'Richiesta non arrivata per intero in tempo',
  invalidCredentials: 'Credenziali non valide.',
  loginLocked: 'Troppi tentativi. Riprova tra 5 minuti.',
  accountDisabled: 'Account disattivato. Rivolgiti al titolare del negozio o all’amministratore.',
  businessNotFound: 'Azienda non trovata',
  databaseUnavailable: 'Database non raggiungibile',
  cardNotFound: 'Carta non trovata',
  campaignNotFound: 'Campagna non trovata',
  userNotFound: 'Utente non trovato',
  // The specification's wording, verbatim
  fullNameRequired: 'Campo "nome completo" è obbligatorio',
  phoneRequired: 'Campo "numero di telefono" obbligatorio',
  pointsAndDescriptionRequired: 'Compila sia punti che descrizione',
  cardOrUserMissing: 'Card ID o User ID mancanti.',
  emailAndNameRequired: 'Campi email e nome sono obbligatori',
  selectBusinessForClient: "Seleziona un'azienda per associare il cliente",
  passwordUpdated: 'Password aggiornata con successo',
  businessCreated: 'Azienda creata con successo',
  pointsUpdated: 'Punti aggiornati',
  pointsAdded: 'Punti aggiunti con successo',
  cardDeleted: 'Carta eliminata',
  campaignDeleted: 'Campagna eliminata',
  campaignCreated: 'Campagna creata con successo',
  settingsSaved: 'Impostazioni salvate con successo',
  // ours
  privacyAckRequired: "È necessario accettare l'informativa sulla privacy",
  // Marketing consent per channel (decision 025)
  marketingChannelUnknown: 'Canale marketing non valido: scegli tra whatsapp, sms ed email',
  marketingChannelsRequired: 'Indica i canali di consenso marketing (un elenco, anche vuoto)',
  marketingConsentSaved: 'Consenso marketing registrato',
  marketingConsentMismatch: 'Il consenso marketing non corrisponde ai canali scelti',
  insufficientPoints: 'Saldo punti insufficiente',
  pointsNotZero: 'I punti non possono essere zero',
  currentPasswordWrong: 'La password attuale non è corretta',
  newPasswordTooShort: 'La nuova password deve contenere almeno 8 caratteri',
  emailTaken: 'Esiste già un utente con questa email',
  passwordRequiredForAdmin: 'La password è obbligatoria per un nuovo admin (almeno 8 caratteri)',
  userCreated: 'Utente creato con successo',
  flagsSuperAdminOnly: 'Solo il super admin può abilitare o disabilitare i servizi',
  // Signup and users
  signupResent: 'Sei già iscritto: ti abbiamo inviato di nuovo la tua carta ai contatti che ci avevi lasciato. Se non la ricevi, chiedila in cassa.',
  // The resend also names the customer's page (decision 051)
  cardResentText: (businessName: string, cardNumber: string, myCardUrl: string) =>
    `La tua carta fedeltà ${businessName}: numero ${cardNumber}. Mostrala in cassa per raccogliere punti. Saldo e premi: ${myCardUrl}`,
  // Welcome
  /**
   * The one message a new card from the public signup gets (decision 051). Short enough for one SMS (160
   * GSM-7 characters: 'à' and 'è' are in the GSM alphabet) with a shop name of up to 48 characters and a
   * 30-character `<DASHBOARD_BASE_URL>/my-card`; longer ones take two parts (153 each).
   */
  cardWelcomeText: (businessName: string, cardNumber: string, myCardUrl: string) =>
    `Benvenuto da ${businessName}! La tua carta fedeltà è la n. ${cardNumber}. Saldo, premi e consensi: ${myCardUrl}`,
  clientAlreadyHasCard: 'Questo cliente ha già una carta in questa attività',
  emailNotForClient: 'Questa email non può essere usata per un cliente',
  emailNotForNewAdmin: 'Questa email non può essere usata per un nuovo admin',
  /** Decision 070: an owner adds a colleague by invitation (the colleague chooses the password), never without one. */
  colleagueByInvitation: 'Per aggiungere un collega usa «Invita un collega»: riceverà un link per scegliere la sua password.',
  // Auth; also a database with no connection free in time
  busy: 'Servizio momentaneamente occupato. Riprova tra poco.',
  hashingTooManyFromClient: 'Troppi tentativi in corso. Riprova tra qualche secondo.',
  // Bonus
  bonusThresholdInvalid: 'La soglia bonus deve essere un numero intero di almeno 1',
  bonusThresholdSaved: 'Soglia bonus salvata',
  // Audiences
  campaignSubjectRequired: 'Campo "oggetto" è obbligatorio per una campagna email',
  segmentOrRecipients: 'Indica i destinatari con un segmento oppure con una lista, non con entrambi',
  segmentCardsRequired: 'Scegli almeno una carta per i destinatari scelti uno per uno',
  // Consent and numbers
  phoneInvalid: 'Numero di telefono non valido',
} as const;

// Consent and numbers
/**
 * A campaign's recipient list with numbers that are not valid: the first one named, by its place in the
 * list (from 1) and as written, and how many more there are.
 */
export const recipientPhoneInvalid = (position: number, written: string, others: number) =>
  `${MESSAGES.phoneInvalid}: destinatario ${position} (${written.replace(/[;\p{Cc}]/gu, ' ')})${others === 0 ? '' : others === 1 ? ' e un altro' : ` e altri ${others}`}`;

// Bonus
/** The question the cards screen asks before a threshold change that sends messages (also the 409's error). */
export const bonusConfirmQuestion = (messages: number) =>
  `La nuova soglia invierà ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`}. Confermi?`;

/** A field's message, the field named by its Italian label (`FIELD_LABELS.business_id`, never 'business_id'). */
export const fieldRequired = (label: string) => `Campo "${label}" è obbligatorio`;
export const fieldInvalid = (label: string) => `Campo "${label}" non valido`;

// Input: every field of every route
/**
 * The Italian label of every field a route reads (params, querystring, headers, body, and the fields inside
 * them), for the messages that name one: an answer never shows an internal name. test/field-labels.test.ts
 * walks every route's schemas and fails on a field missing here.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // people and businesses
  name: 'nome',
  full_name: 'nome completo',
  customer_name: 'nome',
  email: 'email',
  phone: 'numero di telefono',
  customer_phone: 'numero di telefono',
  address: 'indirizzo',
  website: 'sito web',
  brand_color: 'colore del negozio',
  role: 'ruolo',
  password: 'password',
  currentPassword: 'password attuale',
  newPassword: 'nuova password',
  privacy_ack: 'informativa privacy',
  marketing_consent: 'consenso marketing',
  marketing_channels: 'canali marketing',
  renew: 'rinnovo del consenso',
  // ids
  id: 'identificativo',
  businessId: 'azienda',
  business_id: 'azienda',
  card_id: 'carta',
  user_id: 'utente',
  campaignId: 'campagna',
  adminId: 'admin',
  userId: 'utente',
  business_ids: 'negozi',
  // a scheduled campaign (decision 077)
  at: 'data e ora',
  // points and cards
  points: 'punti',
  description: 'descrizione',
  min_points: 'punti minimi',
  threshold: 'soglia bonus',
  confirm_messages: 'messaggi confermati',
  q: 'ricerca',
  status: 'stato',
  limit: 'numero di risultati',
  offset: 'posizione',
  // campaigns and messages
  recipients: 'destinatari',
  targets: 'carte destinatarie',
  channels: 'canali',
  channel: 'canale',
  segment: 'segmento',
  kind: 'tipo',
  service: 'servizio',
  message: 'messaggio',
  'idempotency-key': 'Idempotency-Key',
  // messaging settings
  accountSid: 'Account SID',
  authToken: 'Auth Token',
  phoneNumber: 'numero di telefono',
  messagingServiceSid: 'Messaging Service SID',
  emailSender: 'mittente email',
  // the platform's messaging account (decision 086)
  twilioAccountSid: 'Account SID della piattaforma',
  twilioAuthToken: 'Auth Token della piattaforma',
  twilioSmsFrom: 'numero mittente SMS della piattaforma',
  smsShopNameSender: 'nome del negozio come mittente SMS',
  twilioWhatsappFrom: 'numero WhatsApp della piattaforma',
  smtpUrl: 'URL SMTP della piattaforma',
  smtpHost: 'server SMTP della piattaforma',
  smtpPort: 'porta SMTP della piattaforma',
  smtpSecure: 'TLS SMTP della piattaforma',
  smtpUser: 'utente SMTP della piattaforma',
  smtpPassword: 'password SMTP della piattaforma',
  emailFrom: 'indirizzo mittente email della piattaforma',
  month: 'mese',
  subject: 'oggetto',
  whatsappEnabled: 'WhatsApp attivo',
  smsEnabled: 'SMS attivo',
  emailEnabled: 'email attiva',
  whatsapp_enabled: 'WhatsApp attivo',
  sms_enabled: 'SMS attivo',
  email_enabled: 'email attiva',
  driver: 'fornitore',
  bonusTemplate: 'messaggio bonus',
  sendFrom: 'inizio dell’orario di invio',
  sendUntil: 'fine dell’orario di invio',
  testRecipient: 'destinatario di prova',
  // Rewards and the program
  cost: 'costo',
  active: 'attivo',
  valid_from: 'valido dal',
  valid_until: 'valido fino al',
  stock: 'pezzi disponibili',
  reward_id: 'premio',
  loyalty_mode: 'modalità',
  expiry_months: 'mesi di validità dei punti',
  expiry_reminder_days: 'giorni di preavviso',
  birthday_points: 'punti di compleanno',
  birthday_message: 'messaggio di compleanno',
  earning_rule: 'regola punti',
  earn_points: 'punti guadagnati',
  earn_every_cents: 'ogni (€)',
  earn_rounding: 'arrotondamento',
  min_spend_cents: 'spesa minima',
  visit_points: 'punti per visita',
  visit_once_per_day: 'una visita al giorno',
  // Automations (decision 080)
  welcome_enabled: 'benvenuto attivo',
  win_back_enabled: '«ci manchi» attivo',
  win_back_days: 'giorni senza visite',
  win_back_channel: 'canale del «ci manchi»',
  win_back_message: 'messaggio «ci manchi»',
  win_back_bonus_points: 'punti bonus',
  win_back_bonus_days: 'giorni di validità del bonus',
  // Sales and promotions (decision 075)
  amount: 'importo',
  confirm: 'conferma',
  multiplier: 'moltiplicatore',
  bonus_points: 'punti extra',
  starts_on: 'inizio',
  ends_on: 'fine',
  weekdays: 'giorni della settimana',
  start_time: 'ora di inizio',
  end_time: 'ora di fine',
  // Twilio's webhooks (Twilio's own parameter names)
  From: 'mittente',
  Body: 'testo del messaggio',
  MessageSid: 'Message SID',
  MessageStatus: 'stato del messaggio',
  ErrorCode: 'codice di errore',
  // Apple Wallet (Apple's PassKit web service names)
  file: 'file del pass',
  device: 'dispositivo',
  passTypeId: 'tipo di pass',
  serial: 'numero di serie del pass',
  pushToken: 'token di notifica',
  passesUpdatedSince: 'tag di aggiornamento',
  logs: 'messaggi di log',
  // Google Wallet's short save link (decision 044); the customer's access link (decision 048)
  token: 'codice del link',
  // The CSV import of cards (decision 046)
  dry_run: 'solo anteprima',
  // The customer's page (decision 048)
  contact: 'email o telefono',
  all: 'tutte le carte',
};

/** A list field's items, named one by one with their position from 1 (`channels[0]` → 'canale 1'). */
export const ITEM_LABELS: Readonly<Record<string, string>> = {
  recipients: 'destinatario',
  targets: 'carta destinataria',
  channels: 'canale',
  marketing_channels: 'canale marketing',
  logs: 'messaggio di log',
  weekdays: 'giorno della settimana',
  business_ids: 'negozio',
};

/** What follows the label of a field inside another (`recipients[1].email` → 'email del destinatario 2'). */
export const OWNER_LABELS: Readonly<Record<string, string>> = {
  recipients: 'del destinatario',
  segment: 'del segmento',
};

/** A field no route declares, such as one of the extra parameters Twilio posts to a webhook. */
export const UNDECLARED_FIELD_LABEL = 'parametro aggiuntivo';

export const fieldWithInvalidCharacters = (label: string) => `Campo "${label}" contiene caratteri non validi`;

const italianNumber = new Intl.NumberFormat('it-IT');
export const POINTS_MESSAGES = {
  decimals: 'I punti possono avere al massimo due decimali',
  perOperation: (max: number) => `Puoi aggiungere o togliere al massimo ${italianNumber.format(max)} punti per operazione`,
  balance: (max: number) => `Il saldo supererebbe il massimo consentito di ${italianNumber.format(max)} punti`,
} as const;

// Rewards, redemption, stamps, expiry and birthdays
/** 'punti' or 'timbri': how a business counts (its `loyalty_mode`). */
export const unitWord = (mode: 'points' | 'stamps') => (mode === 'stamps' ? 'timbri' : 'punti');
/** Points the Italian way, as the dashboard and the bonus message write them: 4017.5 → '4.017,5'. */
const ITALIAN_POINTS = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 2 });
export const formatPointsIt = (points: number) => ITALIAN_POINTS.format(points);

export const REWARD_MESSAGES = {
  rewardNotFound: 'Premio non trovato',
  businessRequired: 'Campo "azienda" è obbligatorio',
  nameRequired: 'Il nome del premio è obbligatorio',
  nameTooLong: 'Il nome del premio può avere al massimo 200 caratteri',
  costRequired: 'Il costo del premio è obbligatorio',
  costInvalid: 'Il costo deve essere un numero intero di almeno 1',
  descriptionInvalid: 'La descrizione può avere al massimo 1000 caratteri',
  activeInvalid: 'Campo "attivo" non valido: usa sì o no',
  dateInvalid: 'La data deve essere nel formato AAAA-MM-GG',
  datesOutOfOrder: 'La data di fine validità non può precedere quella di inizio',
  stockInvalid: 'I pezzi disponibili devono essere un numero intero di almeno 0',
  rewardRequired: 'Scegli il premio da riscattare',
  rewardDeleted: 'Premio eliminato',
  rewardArchived: 'Premio archiviato',
  redeemed: 'Premio riscattato',
  insufficientPoints: 'Punti insufficienti per questo premio',
  insufficientStamps: 'Timbri insufficienti per questo premio',
  rewardArchivedNotRedeemable: 'Questo premio non è più disponibile',
  rewardInactive: 'Questo premio non è attivo',
  rewardNotYetValid: 'Questo premio non è ancora riscattabile',
  rewardExpired: 'Questo premio non è più riscattabile: la validità è terminata',
  rewardOutOfStock: 'Questo premio è esaurito',
  keyReused: 'Questa chiave dell’invio (Idempotency-Key) è già stata usata per un’altra operazione su questa carta: ricarica la pagina e riprova',
  modeInvalid: 'Modalità non valida: scegli tra punti e timbri',
  expiryMonthsInvalid: 'La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120',
  reminderDaysInvalid: 'Il preavviso deve essere un numero intero di giorni tra 1 e 90',
  birthdayPointsInvalid: 'I punti di compleanno devono essere un numero intero tra 0 e 100.000',
  birthdayMessageInvalid: 'Il messaggio di compleanno può avere al massimo 1600 caratteri',
  birthdayPlaceholders: 'Il messaggio di compleanno può usare solo {nome}, {punti} e {negozio}',
  stampsFractionalBalances: 'Non puoi passare ai timbri: alcune carte hanno un saldo con decimali. Arrotonda prima quei saldi.',
  stampsWholeNumbers: 'In modalità timbri puoi aggiungere solo timbri interi (almeno 1)',
  programSaved: 'Programma salvato',
  receipt: (reward: string, balance: number, mode: 'points' | 'stamps') => `Hai riscattato ${reward}. Saldo: ${formatPointsIt(balance)} ${unitWord(mode)}`,
  expiryDescription: 'Punti scaduti',
  birthdayDescription: 'Regalo di compleanno',
  defaultBirthdayMessage: 'Buon compleanno {nome}! {negozio} ti regala {punti} punti.',
  reminder: (name: string, points: number, shop: string, date: string, mode: 'points' | 'stamps') =>
    `Ciao ${name}, ${formatPointsIt(points)} ${unitWord(mode)} della tua carta ${shop} scadono il ${date}.`,
} as const;

// Points from the sale: earning rule, promotions, the counter (docs/decisions/075-points-from-the-sale.md)
const euroFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
/** Cents the Italian way, with a plain space: 123450 → '1.234,50 €'. */
export const formatEuroIt = (cents: number) => `${euroFormat.format(cents / 100)} €`;
export const EARNING_MESSAGES = {
  ruleInvalid: 'Campo "regola punti" non valido: scegli tra punti a mano, punti per euro e punti per visita',
  earnPointsInvalid: 'Campo "punti guadagnati" non valido: un numero intero tra 1 e 10.000',
  earnEveryInvalid: 'Campo "ogni (€)" non valido: un importo maggiore di zero, al massimo 100.000 €, in centesimi interi',
  roundingInvalid: 'Campo "arrotondamento" non valido: scegli per difetto o al più vicino',
  minSpendInvalid: 'Campo "spesa minima" non valido: un importo maggiore di zero, al massimo 100.000 €, in centesimi interi',
  visitPointsInvalid: 'Campo "punti per visita" non valido: un numero intero tra 1 e 10.000',
  oncePerDayInvalid: 'Campo "una visita al giorno" non valido: usa sì o no',
  amountRequired: 'Scrivi l’importo speso',
  amountInvalid: 'Importo non valido: scrivi un numero in euro, per esempio 23,50',
  amountDecimals: 'Importo non valido: al massimo due decimali (centesimi)',
  amountNotPositive: 'L’importo deve essere maggiore di zero',
  amountTooLarge: 'L’importo non può superare 100.000 €',
  keyRequired: 'Manca la chiave dell’invio (Idempotency-Key): ricarica la pagina e riprova',
  confirmInvalid: 'Campo "conferma" non valido: usa sì o no',
  manualRule: 'Questo negozio assegna i punti a mano: usa il campo punti con una descrizione',
  visitedToday: 'Questa carta ha già registrato la visita di oggi: con la regola a visita vale una volta al giorno',
  recentSale: (points: number, mode: 'points' | 'stamps') =>
    `Hai appena registrato ${formatPointsIt(points)} ${unitWord(mode)} su questa carta: registrare un'altra vendita?`,
  saleRecorded: 'Vendita registrata',
  saleDescription: (amountCents: number | null, promotions: readonly string[]) =>
    `${amountCents === null ? 'Visita' : `Vendita di ${formatEuroIt(amountCents)}`}${promotions.length > 0 ? ` · ${promotions.join(', ')}` : ''}`,
  promotionNotFound: 'Promozione non trovata',
  promotionNameRequired: 'Campo "nome della promozione" è obbligatorio',
  promotionNameTooLong: 'Campo "nome della promozione": al massimo 200 caratteri',
  promotionKind: 'Indica un moltiplicatore (per esempio 2 per doppi punti) oppure dei punti extra, non entrambi',
  multiplierInvalid: 'Campo "moltiplicatore" non valido: un numero maggiore di 1 e al massimo 10, con al massimo due decimali',
  bonusInvalid: 'Campo "punti extra" non valido: un numero intero tra 1 e 10.000',
  weekdaysInvalid: 'Campo "giorni della settimana" non valido: da 1 (lunedì) a 7 (domenica), ciascuno una volta',
  timeInvalid: 'L’orario deve essere nel formato HH:MM',
  hoursBoth: 'Indica sia l’ora di inizio che quella di fine, oppure nessuna',
  endTimeBeforeStart: 'Campo "ora di fine": deve venire dopo l’ora di inizio',
  endDateBeforeStart: 'Campo "fine": la data di fine non può precedere quella di inizio',
  promotionDeleted: 'Promozione eliminata',
} as const;

/** Fastify's own refusals of a URL, before any route runs (src/plugins/errors.ts). */
export const URL_MESSAGES = {
  invalid: 'Indirizzo della richiesta non valido',
  tooLong: 'Indirizzo della richiesta troppo lungo',
} as const;

/** A customer's name, on every path that writes one (src/lib/customer-name.ts): the dashboard, the signup, the import. */
export const NAME_MESSAGES = {
  tooLong: 'nome troppo lungo (al massimo 200 caratteri)',
  invalid: 'nome con caratteri non validi',
  formula: 'nome non valido: sembra una formula del foglio di calcolo (inizia con =, +, - o @)',
} as const;

/** The admin's CSV and Excel import of cards (src/features/import-export/csv-import.ts, decision 046). */
export const IMPORT_MESSAGES = {
  encoding:
    'Il file non è in UTF-8 né in Windows-1252 (forse è UTF-16 o «Testo Unicode»). Salvalo come CSV UTF-8: in Excel scegli «Salva con nome» → «CSV UTF-8 (delimitato da virgole)». ' +
    'In LibreOffice «Salva con nome» → tipo «Testo CSV», spunta «Modifica impostazioni filtro» e scegli «Unicode (UTF-8)» come set di caratteri. Oppure carica il file Excel (.xlsx) così com’è.',
  xlsxUnreadable: 'Il file Excel non si legge: salvalo di nuovo come «Cartella di lavoro di Excel (.xlsx)» e riprova.',
  xlsxTooBig: 'Il file Excel decompresso è troppo grande: dividilo in più file.',
  xlsxNoSheet: 'Il file Excel non ha fogli con dati.',
  empty: 'Il file è vuoto.',
  header:
    'Intestazione non riconosciuta: la prima riga deve avere le colonne «nome» (o full_name) e «email» e/o «telefono» (o phone). ' +
    'Facoltative «punti» (o points) e «data di nascita» (o birth_date), separate da «;» o «,».',
  unreadable: (line: number) => `Il file non si legge come CSV alla riga ${line}: controlla le virgolette.`,
  cellTooLong: (line: number) => `La riga ${line} ha una cella troppo lunga (al massimo 1000 caratteri).`,
  rowTooLong: (line: number) => `La riga ${line} è troppo lunga: controlla il separatore e le virgolette.`,
  tooManyColumns: (line: number, columns: number, max: number) =>
    `La riga ${line} ha ${columns.toLocaleString('it-IT')} colonne: al massimo ${max}. Controlla il separatore.`,
  tooManyRows: (max: number) => `Il file ha più di ${max.toLocaleString('it-IT')} righe: dividilo in più file.`,
  tooLarge: (mb: number) => `Il file è troppo grande: al massimo ${mb} MB.`,
  nameMissing: 'nome mancante',
  contactMissing: 'email o telefono mancante',
  emailInvalid: 'email non valida',
  phoneInvalid: 'telefono non valido',
  pointsInvalid: 'punti non validi (un numero da 0, al massimo con 2 decimali)',
  pointsTooMany: 'punti oltre il massimo (1.000.000.000)',
  stampsWhole: 'in modalità timbri i timbri devono essere interi',
  birthDateInvalid: 'data di nascita non valida (GG/MM/AAAA)',
  duplicate: (line: number) => `duplicato nel file (come la riga ${line})`,
  alreadyPresent: 'già presente',
  ledgerDescription: 'Saldo importato',
} as const;

// Import consents
/** The reasons of the import's consent columns (decision 050), shown in the preview as "Riga N: motivo". */
export const IMPORT_CONSENT_MESSAGES = {
  channelUnknown: (value: string) => `canale del consenso marketing non riconosciuto: «${value}» (usa email, sms, whatsapp)`,
  dateMissing: 'consenso marketing senza la data in cui è stato dato («data consenso», GG/MM/AAAA)',
  sourceMissing: 'consenso marketing senza la fonte («fonte consenso», ad esempio «modulo cartaceo in negozio»)',
  channelsMissing: 'data o fonte del consenso senza i canali («consenso marketing»: email, sms, whatsapp)',
  dateInvalid: 'data del consenso non valida (GG/MM/AAAA)',
  dateFuture: 'data del consenso nel futuro',
  lapsed: (months: number) =>
    `consenso marketing scaduto: è stato dato più di ${months} mesi fa (limite di ${months} mesi). ` +
    'Il cliente deve darlo di nuovo; oppure importa la riga senza le colonne del consenso.',
  sourceTooLong: (max: number) => `fonte del consenso troppo lunga (al massimo ${max} caratteri)`,
  sourceInvalid: 'fonte del consenso con caratteri non validi',
} as const;
