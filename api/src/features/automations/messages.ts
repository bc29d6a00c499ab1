/** The automations' Italian words (decision 080): the default win-back texts and the refusals of bad settings. */
import { EMAIL_MESSAGE_MAX_LENGTH } from '../messaging/messages';

/** What a win-back text may name. */
export const WIN_BACK_PLACEHOLDERS = ['{nome}', '{negozio}', '{punti}', '{scadenza}'] as const;

/** SMS and WhatsApp keep SPEC's 160 characters; an e-mail may say more (decision 074). */
export const WIN_BACK_TEXT_MAX = { sms: 160, whatsapp: 160, email: EMAIL_MESSAGE_MAX_LENGTH } as const;

export const AUTOMATION_MESSAGES = {
  defaultWinBack: 'Ciao {nome}, ci manchi! Ti aspettiamo da {negozio}.',
  defaultWinBackWithBonus: 'Ciao {nome}, ci manchi! {negozio} ti regala {punti} punti, validi fino al {scadenza}.',
  welcomeBody: 'Benvenuto da {negozio}! La tua carta fedeltà è la n. {numero}. Saldo, premi e consensi: {link}',
  daysInvalid: 'I giorni senza visite devono essere un numero intero maggiore di zero (al massimo 3650)',
  bonusPointsInvalid: 'I punti bonus devono essere un numero intero maggiore di zero (al massimo 100.000)',
  bonusDaysInvalid: 'I giorni di validità dei punti bonus devono essere un numero intero maggiore di zero (al massimo 3650)',
  bonusWhole: 'Indica sia i punti bonus sia i giorni di validità, oppure nessuno dei due',
  channelInvalid: 'Canale non valido: usa WhatsApp, SMS o email',
  messageEmpty: 'Il messaggio non può essere vuoto',
  messageInvalid: 'Il messaggio deve essere un testo',
  messageTooLong: (max: number, channel: string) => `Il messaggio non può superare i ${new Intl.NumberFormat('it-IT').format(max)} caratteri per ${channel}`,
  placeholders: 'Il messaggio può usare solo {nome}, {negozio}, {punti} e {scadenza}',
  switchInvalid: 'Valore non valido: usa sì o no',
  saved: 'Automazioni salvate',
  bonusDescription: (days: number) => `Bonus «ci manchi» (valido ${days} giorni)`,
} as const;
