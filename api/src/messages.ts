/** Every Italian string the API answers with, in one place (SPEC §8 strings are used verbatim). */
export const MESSAGES = {
  notAuthenticated: 'Non autenticato',
  forbidden: 'Accesso negato',
  notFound: 'Risorsa non trovata',
  internal: 'Errore interno del server',
  badRequest: 'Richiesta non valida',
  missingBody: 'Corpo della richiesta mancante',
  invalidJson: 'Il corpo della richiesta non è un JSON valido',
  payloadTooLarge: 'Richiesta troppo grande',
  unsupportedMediaType: 'Tipo di contenuto non supportato',
  tooManyRequests: 'Troppe richieste. Riprova tra un minuto.',
  invalidCredentials: 'Credenziali non valide.',
  loginLocked: 'Troppi tentativi. Riprova tra 5 minuti.',
  businessNotFound: 'Azienda non trovata',
  databaseUnavailable: 'Database non raggiungibile',
  cardNotFound: 'Carta non trovata',
  campaignNotFound: 'Campagna non trovata',
  userNotFound: 'Utente non trovato',
  // SPEC §5 / §8, verbatim
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
  insufficientPoints: 'Saldo punti insufficiente',
  pointsNotZero: 'I punti non possono essere zero',
  currentPasswordWrong: 'La password attuale non è corretta',
  newPasswordTooShort: 'La nuova password deve contenere almeno 8 caratteri',
  emailTaken: 'Esiste già un utente con questa email',
  passwordRequiredForAdmin: 'La password è obbligatoria per un nuovo admin (almeno 8 caratteri)',
  userCreated: 'Utente creato con successo',
  flagsSuperAdminOnly: 'Solo il super admin può abilitare o disabilitare i servizi',
  // issue 17: bonus
  bonusThresholdInvalid: 'La soglia bonus deve essere un numero intero di almeno 1',
  bonusThresholdSaved: 'Soglia bonus salvata',
} as const;

// issue 17: bonus
/** The question the cards screen asks before a threshold change that sends messages (also the 409's error). */
export const bonusConfirmQuestion = (messages: number) =>
  `La nuova soglia invierà ${messages === 1 ? '1 messaggio bonus' : `${messages} messaggi bonus`}. Confermi?`;

export const fieldRequired = (field: string) => `Campo "${field}" è obbligatorio`;
export const fieldInvalid = (field: string) => `Campo "${field}" non valido`;
