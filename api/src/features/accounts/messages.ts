/** The accounts feature's Italian copy (decision 071). */
export const ACCOUNT_MESSAGES = {
  resetRequested:
    'Se l’indirizzo appartiene a un account, riceverai a breve un’email con un link per scegliere una nuova password. Il link vale 30 minuti.',
  resetLinkInvalid: 'Il link non è valido, è scaduto o è già stato usato. Chiedine uno nuovo da «Password dimenticata?».',
  resetLinkValid: 'Link valido: scegli la nuova password.',
  passwordReset: 'Password aggiornata: accedi con la nuova password.',
  resetText: (url: string) =>
    `Hai chiesto di reimpostare la password del pannello fedeltà. Scegli la nuova password qui (vale 30 minuti, una sola volta): ${url}\nSe non l’hai chiesto tu, ignora questo messaggio.`,
  roleChanged: 'Ruolo aggiornato',
  userDisabled: 'Utente disattivato: le sue sessioni sono state chiuse',
  userEnabled: 'Utente riattivato',
  userDeleted: 'Utente eliminato',
  resetLinkSent: 'Link per reimpostare la password inviato all’indirizzo dell’utente',
  roleNotAllowed: 'Non puoi assegnare questo ruolo',
  ownsBusinesses: 'L’utente è titolare di almeno un’azienda: assegnala a un altro titolare prima di eliminarlo',
  shopsChanged: 'Negozi aggiornati',
  shopsOnlyForColleagues: 'Solo un amministratore o un operatore di cassa lavora in negozi scelti',
  notResettable: 'Un cliente o un utente disattivato non riceve link per reimpostare la password',
} as const;
