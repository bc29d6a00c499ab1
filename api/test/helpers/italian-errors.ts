import { EARNING_MESSAGES, FIELD_LABELS, IMPORT_MESSAGES, ITEM_LABELS, MESSAGES, NAME_MESSAGES, OWNER_LABELS, POINTS_MESSAGES, REWARD_MESSAGES, UNDECLARED_FIELD_LABEL, URL_MESSAGES } from '../../src/messages';
import { BONUS_MESSAGES, MESSAGING_MESSAGES, QUIET_HOURS_MESSAGES, serviceDisabled, SMTP_ERRORS, TRUTH_MESSAGES, TWILIO_ERRORS, TWILIO_UNREACHABLE } from '../../src/features/messaging/messages';
import { CHANNELS } from '../../src/features/messaging/types';
import { POINTS_BALANCE_MAX } from '../../src/features/cards/repository';
import { WALLET_MESSAGES } from '../../src/features/wallet/messages';
import { CUSTOMER_MESSAGES } from '../../src/features/customer/messages';
import { UNSUBSCRIBE_MESSAGES } from '../../src/features/messaging/unsubscribe';
import { POINTS_PER_OPERATION_MAX } from '../../src/features/cards/schemas';
import { TEAM_MESSAGES } from '../../src/features/team/messages';
import { ACCOUNT_MESSAGES } from '../../src/features/accounts/messages';
import { SCHEDULE_MESSAGES } from '../../src/features/messaging/sending-routes';
import { AUTOMATION_MESSAGES, WIN_BACK_TEXT_MAX } from '../../src/features/automations/messages';
import { SERVICE_LABEL } from '../../src/features/messaging/messages';
import { PLATFORM_MESSAGES } from '../../src/features/messaging/platform-account';

/** Every fixed sentence the API answers an error with. */
const SENTENCES = new Set<string>([
  // MESSAGES also holds templates of message texts (functions): only the fixed sentences are answers.
  ...(Object.values(MESSAGES).filter((value) => typeof value === 'string') as string[]),
  ...Object.values(MESSAGING_MESSAGES),
  ...Object.values(URL_MESSAGES),
  // Rewards and the program (the functions are message texts, not answers).
  ...(Object.values(REWARD_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  ...Object.values(BONUS_MESSAGES),
  // Sales, the earning rule and promotions (decision 075; recentSale is a template below).
  ...(Object.values(EARNING_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  // The wallets (the functions are message texts and outcomes, not errors).
  ...(Object.values(WALLET_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  ...Object.values(TRUTH_MESSAGES),
  // Decision 074: the unsubscribe route's refusals.
  UNSUBSCRIBE_MESSAGES.invalid,
  UNSUBSCRIBE_MESSAGES.badBody,
  // The team: staff, co-admins and invitations (decision 070); accounts and password recovery (decision 071).
  ...(Object.values(TEAM_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  // Decision 078: an invitation by WhatsApp or SMS from a shop that does not send them.
  TEAM_MESSAGES.cannotSendChannel('whatsapp'),
  TEAM_MESSAGES.cannotSendChannel('sms'),
  ...(Object.values(ACCOUNT_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  // Scheduled campaigns and the shop's sending window (decision 077).
  ...Object.values(SCHEDULE_MESSAGES),
  ...Object.values(QUIET_HOURS_MESSAGES),
  // The platform's messaging account (decision 086).
  ...Object.values(PLATFORM_MESSAGES),
  // The automations' refusals (decision 080).
  ...(Object.values(AUTOMATION_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  ...CHANNELS.map((channel) => AUTOMATION_MESSAGES.messageTooLong(WIN_BACK_TEXT_MAX[channel], SERVICE_LABEL[channel])),
  // A customer's name that the import and the dashboard refuse alike (decision 073).
  ...Object.values(NAME_MESSAGES),
  // The customer's page (decision 048).
  ...(Object.values(CUSTOMER_MESSAGES).filter((value) => typeof value === 'string') as string[]),
  ...Object.values(TWILIO_ERRORS),
  TWILIO_UNREACHABLE,
  ...(Object.values(SMTP_ERRORS).filter((value) => typeof value === 'string') as string[]),
  POINTS_MESSAGES.decimals,
  POINTS_MESSAGES.perOperation(POINTS_PER_OPERATION_MAX),
  POINTS_MESSAGES.balance(POINTS_BALANCE_MAX),
  ...CHANNELS.map(serviceDisabled),
  // The CSV import's file-level errors (the row reasons are inside a 200 preview, never an error).
  IMPORT_MESSAGES.encoding,
  IMPORT_MESSAGES.empty,
  IMPORT_MESSAGES.header,
  IMPORT_MESSAGES.tooLarge(20),
]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (labels: Iterable<string>) => `(?:${[...labels].map(escape).join('|')})`;
const POSITION = ' [1-9]\\d*';

/**
 * The labels a field message may quote: one of FIELD_LABELS, an item of a list with its position, each
 * followed by the fields it sits in ('email del destinatario 2'), or the label of an undeclared field.
 * Built from the label tables, never from the message's own text: a raw name such as `testRecipient` or
 * `recipients[1].email` is refused.
 */
const FIELD_LABEL = new RegExp(
  `^(?:${escape(UNDECLARED_FIELD_LABEL)}|(?:${anyOf(Object.values(FIELD_LABELS))}|${anyOf(Object.values(ITEM_LABELS))}${POSITION})` +
    `(?: ${anyOf(Object.values(OWNER_LABELS))}(?:${POSITION})?)*)$`,
);

/** A sentence naming a field: `Campo "<label>" non valido` (and the others), the label a known one. */
const FIELD_MESSAGE = /^Campo "(.+?)" (?:è obbligatorio|non valido|contiene caratteri non validi)(?:: .+)?$/s;

export const isFieldLabel = (label: string) => FIELD_LABEL.test(label);

/** The sentences that name a field or carry a provider's reason. */
const TEMPLATES: { test(text: string): boolean }[] = [
  { test: (text) => isFieldLabel(FIELD_MESSAGE.exec(text)?.[1] ?? '') },
  new RegExp(`^${MESSAGING_MESSAGES.connectionTestFailed}: `),
  // bonusConfirmQuestion, unknownBonusPlaceholder, nothingSentMessage (src/messages.ts, src/features/messaging/messages.ts)
  // EARNING_MESSAGES.recentSale (src/messages.ts)
  /^Hai appena registrato [\d.,]+ (punti|timbri) su questa carta: registrare un'altra vendita\?$/,
  /^La nuova soglia invierà (1 messaggio bonus|[\d.]+ messaggi bonus)\. Confermi\?$/,
  // recipientPhoneInvalid (src/messages.ts)
  new RegExp(`^${MESSAGES.phoneInvalid}: destinatario \\d+ \\(.*\\)( e un altro| e altri \\d+)?$`, 's'),
  /^Segnaposto sconosciuto nel messaggio bonus: .+\. Usa .+$/s,
  new RegExp(`^${TRUTH_MESSAGES.nothingSent}: .+$`),
  // The CSV import's errors naming a line (src/messages.ts IMPORT_MESSAGES).
  /^Il file non si legge come CSV alla riga \d+: controlla le virgolette\.$/,
  /^La riga \d+ (ha una cella troppo lunga|è troppo lunga|ha [\d.]+ colonne: al massimo \d+)\b.*$/,
  /^Il file ha più di [\d.]+ righe: dividilo in più file\.$/,
];

/**
 * Whether an error message is made only of the API's own Italian sentences (a validation answer joins
 * one per field with '; '): a positive check, so an English framework or library message never passes.
 */
export function isItalianError(message: unknown): boolean {
  if (typeof message !== 'string' || message === '') return false;
  return message.split('; ').every((part) => SENTENCES.has(part) || TEMPLATES.some((t) => t.test(part)));
}
