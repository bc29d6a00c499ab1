/**
 * Decision 048: the customer's session token. A JWT of lib/tokens.ts's codec like the admins', with the
 * same secret but its own audience and a `typ` claim, so neither kind opens the other's routes: the admins'
 * verifier requires the audience 'loyalty-dashboard', this one 'loyalty-customer' and `typ: 'customer'`.
 * The subject is the contact the customer proved to hold (an e-mail or an E.164 phone); `jti` names the
 * session's row (customer_sessions, decision 058), without which the token opens nothing: a session ends on
 * the server («Esci», an erasure) before its 30 minutes.
 */
import { createJwtCodec } from '../../lib/tokens';

export const CUSTOMER_AUDIENCE = 'loyalty-customer';

/** A customer session lasts 30 minutes; then a new link is needed. */
export const CUSTOMER_SESSION_SECONDS = 30 * 60;

export type ContactKind = 'email' | 'phone';

export interface CustomerContact {
  kind: ContactKind;
  /** Lower-case e-mail or E.164 phone. */
  value: string;
}

export interface CustomerTokenService {
  sign(contact: CustomerContact, sessionId: string, expiresInSeconds?: number): Promise<string>;
  /** The contact and session of a valid customer token; null for an invalid, expired or admin token. */
  verify(token: string): Promise<(CustomerContact & { sessionId: string; expiresAt: number }) | null>;
}

export function createCustomerTokenService(secret: string): CustomerTokenService {
  const jwt = createJwtCodec(secret, CUSTOMER_AUDIENCE);
  return {
    sign: (contact, sessionId, expiresInSeconds = CUSTOMER_SESSION_SECONDS) =>
      jwt.sign({ typ: 'customer', kind: contact.kind }, { subject: contact.value, jti: sessionId, expiresInSeconds }),

    async verify(token) {
      const payload = await jwt.verify(token, ['sub', 'exp', 'jti']);
      if (!payload || payload.typ !== 'customer' || typeof payload.sub !== 'string' || payload.sub === '') return null;
      if (payload.kind !== 'email' && payload.kind !== 'phone') return null;
      if (typeof payload.jti !== 'string' || payload.jti === '') return null;
      return { kind: payload.kind, value: payload.sub, sessionId: payload.jti, expiresAt: payload.exp! * 1000 };
    },
  };
}
