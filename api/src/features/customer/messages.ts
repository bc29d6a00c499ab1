/** Decision 048: the customer's page, the words of the API's answers and messages. */
export const CUSTOMER_MESSAGES = {
  /** The same answer whether the contact is known or not (no enumeration). */
  linkRequested:
    'Se il contatto è registrato, riceverai a breve un link per accedere alla tua carta: per email se hai indicato un’email, per SMS o WhatsApp se hai indicato un numero. Il link vale 15 minuti.',
  contactInvalid: 'Inserisci un indirizzo email o un numero di telefono valido',
  linkInvalid: 'Link non valido: richiedine uno nuovo.',
  linkUsedOrExpired: 'Questo link è già stato usato o è scaduto: richiedine uno nuovo.',
  notCustomerSession: 'Accesso scaduto o non valido: richiedi un nuovo link.',
  consentSaved: 'Preferenze salvate',
  cardErased: 'I dati personali della carta sono stati cancellati.',
  allErased: 'I dati personali delle tue carte sono stati cancellati.',
  eraseTargetRequired: 'Indica la carta da cancellare (card_id) oppure tutte le carte (all: true)',
  eraseTargetAmbiguous: 'Indica una sola carta (card_id) oppure tutte le carte (all: true), non entrambe',
  signedOut: 'Hai chiuso la sessione.',
  /** The message with the access link. */
  linkText: (businessName: string, url: string) =>
    `${businessName}: ecco il link per vedere la tua carta fedeltà: ${url}\nVale 15 minuti e si usa una sola volta. Se non l'hai chiesto tu, ignora questo messaggio.`,
  /** The confirmation of an erasure, sent to the contact before it is erased. */
  erasedText: (businessName: string, cardNumber: string) =>
    `${businessName}: come richiesto, abbiamo cancellato i dati personali della carta ${cardNumber}. Non riceverai più messaggi da questa carta.`,
} as const;

