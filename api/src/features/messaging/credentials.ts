/**
 * Credentials in messages (decision 058): an access link, and later an invitation or a password reset, is
 * a message whose body holds a token only its recipient may read. Such a message is queued with the
 * placeholder in place of the token and a `credential` naming what to issue ('<kind>:<reference>'). The
 * worker asks the kind's issuer for a fresh token just before it calls the driver — the issuer stores only
 * the token's hash — and hands the driver the body with the token in it; the job row, the message log and
 * every view of them keep the placeholder. So no copy of the database, and no shop, ever holds a usable token.
 */
import type { Channel } from './types';
import { MessagingError } from './types';

/** What a stored message shows where its credential goes, in the database and in every view of it. */
export const CREDENTIAL_PLACEHOLDER = '•••';

/**
 * Issues the token of one credential now, storing only what checks it later (a hash); null when the
 * credential may no longer be issued (expired, used, withdrawn).
 */
export type CredentialIssuer = (reference: string) => Promise<string | null>;

export interface Credentials {
  /** One issuer per kind of credential ('customer-link', …); a feature registers its own. */
  register(kind: string, issuer: CredentialIssuer): void;
  /** The token of `credential` ('<kind>:<reference>'); a permanent MessagingError when it cannot be issued. */
  issue(credential: string): Promise<string>;
}

export const CREDENTIAL_MESSAGES = {
  unknownKind: 'Credenziale di un tipo sconosciuto: messaggio non inviato',
  notIssued: 'Il link è scaduto, è già stato usato o è stato revocato prima dell’invio: messaggio non inviato',
  testMode:
    'In modalità di prova (nessun fornitore configurato) i link di accesso non partono e non si registrano: il cliente lo riceve solo da un negozio che invia davvero',
} as const;

export function createCredentials(): Credentials {
  const issuers = new Map<string, CredentialIssuer>();
  return {
    register(kind, issuer) {
      if (issuers.has(kind)) throw new Error(`credential kind ${kind} registered twice`);
      issuers.set(kind, issuer);
    },
    async issue(credential) {
      const colon = credential.indexOf(':');
      const issuer = colon > 0 ? issuers.get(credential.slice(0, colon)) : undefined;
      if (!issuer) throw new MessagingError(CREDENTIAL_MESSAGES.unknownKind, true);
      const token = await issuer(credential.slice(colon + 1));
      if (token === null) throw new MessagingError(CREDENTIAL_MESSAGES.notIssued, true);
      return token;
    },
  };
}

/** The body the driver sends: every placeholder replaced by the token (a placeholder can only reach the recipient). */
export const withCredential = (body: string, token: string): string => body.split(CREDENTIAL_PLACEHOLDER).join(token);

/**
 * Masks any token a message body still carries in a link's `token=` parameter (a row an instance older than
 * decision 058 wrote during a rolling restart): what a view shows is never more than the placeholder.
 */
export const maskCredentials = (body: string): string => body.replace(/([?&]token=)(?!•••)[^\s&#"'<>]+/g, `$1${CREDENTIAL_PLACEHOLDER}`);

/** A credential goes to the contact it was asked for, on that contact's own kind of channel. */
export const CREDENTIAL_CHANNELS: Record<'email' | 'phone', Channel[]> = { email: ['email'], phone: ['whatsapp', 'sms'] };
