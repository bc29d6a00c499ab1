/** Decision 070: the words of the team's answers (staff, co-admins, invitations) and of the invitation message. */
export const TEAM_MESSAGES = {
  invited: 'Invito inviato',
  resent: 'Invito inviato di nuovo: il link precedente non vale più.',
  cancelled: 'Invito annullato',
  accepted: 'Password impostata: benvenuto!',
  /** The same sentence whoever holds the address and wherever: nothing about other shops. */
  emailHasAccount: 'Questo indirizzo email ha già un account: non può ricevere un invito.',
  businessesRequired: 'Scegli almeno un negozio',
  superAdminOnlyPassword: 'Solo il super admin crea un utente con la password; per un collega usa l’invito.',
  cannotSendEmail:
    'Il negozio non può ancora inviare email di servizio (invio email non attivo o in modalità di prova): l’invito non è partito. Chiedi all’amministratore della piattaforma di attivare l’invio email.',
  cannotSendChannel: (channel: 'whatsapp' | 'sms') =>
    `Il negozio non può ancora inviare messaggi ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} di servizio (servizio non attivo o in modalità di prova): l’invito non è partito. Scegli l’email o chiedi all’amministratore della piattaforma di attivarlo.`,
  phoneRequired: 'Per un invito via WhatsApp o SMS serve il numero di telefono del collega',
  invitationNotFound: 'Invito non trovato',
  linkInvalid: 'Link di invito non valido: chiedi a chi ti ha invitato di inviarlo di nuovo.',
  linkUsedOrExpired: 'Questo link di invito è scaduto o è già stato usato: chiedi a chi ti ha invitato di inviarlo di nuovo.',
  /** The invitation: a service message, nothing else. */
  invitationText: (businessName: string, roleLabel: string, url: string) =>
    `${businessName}: sei stato invitato come ${roleLabel}. Per scegliere la tua password apri questo link: ${url}\n` +
    'Il link vale 72 ore e si usa una sola volta. Se non ti aspettavi questo invito, ignora questo messaggio.',
} as const;

export const MEMBER_ROLE_LABELS = { admin: 'Amministratore', staff: 'Operatore di cassa' } as const;
