import type { App } from '../../src/app';
import { normalizeContact } from '../../src/features/messaging/repository';
import { canonicalChannels, CHANNELS, MessagingError, type Channel, type MessageDriver, type OutgoingMessage, type SendResult } from '../../src/features/messaging/types';

/** A campaign of the business with these recipients, created directly in the database. */
export async function createCampaign(app: App, businessId: string, recipients: { customer_name?: string; customer_phone?: string | null; email?: string | null }[]) {
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO campaigns (business_id, name, recipients, channels) VALUES ($1, 'Campagna di prova', $2::jsonb, '["whatsapp","sms","email"]') RETURNING id`,
    [businessId, JSON.stringify(recipients)],
  );
  return rows[0].id;
}

/**
 * A card of the business created directly in the database. `consent`: true agrees to marketing on every
 * channel (as the old single checkbox), false on none, or the channels agreed to (decision 025).
 */
export async function createCard(
  app: App,
  businessId: string,
  card: { name: string; phone?: string | null; email?: string | null; consent: boolean | Channel[]; points?: number },
) {
  const channels = card.consent === true ? [...CHANNELS] : card.consent === false ? [] : canonicalChannels(card.consent);
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO loyalty_cards (business_id, card_number, customer_name, customer_phone, email, marketing_channels, points)
     VALUES ($1, 'LC-' || lpad((floor(random() * 1e8))::bigint::text, 8, '0'), $2, $3, $4, $5::text[], $6) RETURNING id`,
    [businessId, card.name, card.phone ?? null, card.email ?? null, channels, card.points ?? 0],
  );
  return rows[0].id;
}

/**
 * One card of the business per distinct contact (a phone, or an e-mail address when it has an @), agreeing
 * to marketing on `channels`: a campaign reaches only the holders of such a card (decision 025). The
 * contacts are stored normalised, as a signup stores them; all cards go in one statement, so 10 000 are quick.
 * Answers the cards' ids.
 * Card numbers are 'LC-' and a UUID: unlike `createCard`'s random 8 digits, thousands never collide.
 */
export async function consentingCards(app: App, businessId: string, contacts: (string | null | undefined)[], channels: Channel[]): Promise<string[]> {
  const normalised = new Set<string>();
  for (const contact of contacts) {
    if (contact?.trim()) normalised.add(contact.includes('@') ? normalizeContact('email', contact) : normalizeContact('sms', contact));
  }
  const list = [...normalised];
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO loyalty_cards (business_id, card_number, customer_name, customer_phone, email, marketing_channels)
     SELECT $1, 'LC-' || gen_random_uuid()::text, 'Cliente consenziente ' || ord, phone, email, $4::text[]
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(phone, email, ord)
     RETURNING id`,
    [businessId, list.map((c) => (c.includes('@') ? null : c)), list.map((c) => (c.includes('@') ? c : null)), canonicalChannels(channels)],
  );
  return rows.map((r) => r.id);
}

/**
 * A driver that never leaves the process: counts what it sent per recipient and can be told to fail or
 * to hang (a provider call that never returns, as in a process that died mid-send).
 */
export class FakeDriver implements MessageDriver {
  readonly name = 'fake';
  readonly sent = new Map<string, number>();
  /** Every message sent, as the driver was handed it (a credential's token in its body). */
  readonly messages: OutgoingMessage[] = [];
  calls = 0;
  /** Returns an error to throw for this call, or null to send. */
  failWith: (message: OutgoingMessage, call: number) => Error | null = () => null;
  /** From this many successful sends on, every call hangs until `release()`. */
  hangAfter = Infinity;
  private hanging: (() => void)[] = [];

  async send(message: OutgoingMessage): Promise<SendResult> {
    this.calls += 1;
    const error = this.failWith(message, this.calls);
    if (error) throw error;
    if (this.total() >= this.hangAfter) {
      await new Promise<void>((resolve) => this.hanging.push(resolve));
      throw new Error('abandoned');
    }
    this.sent.set(message.recipient, (this.sent.get(message.recipient) ?? 0) + 1);
    this.messages.push(message);
    return { providerMessageId: `FAKE${this.calls}`, status: 'sent' };
  }

  total(): number {
    let n = 0;
    for (const count of this.sent.values()) n += count;
    return n;
  }

  /** Lets the hung calls end (they fail; a killed worker ignores them). */
  release(): void {
    this.hangAfter = Infinity;
    for (const resolve of this.hanging.splice(0)) resolve();
  }
}

export const transient = (message = 'rete non raggiungibile') => new MessagingError(message, false);
export const permanent = (message = 'numero non valido') => new MessagingError(message, true);

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

type SkipReason = 'noConsent' | 'optedOut' | 'invalidContact' | 'channelDisabled';

/**
 * A send route's whole answer (a campaign's, a single WhatsApp's, a test message's): `queued` jobs, the recipients
 * skipped by reason (a reason not named: none) whose sum is `skipped`, those already sent this campaign on the
 * channel, and `mode` ('test' unless a provider really delivers).
 */
export function sendAnswer(
  message: string,
  { queued, skipped = {}, alreadyEnqueued = 0, mode = 'test' }: { queued: number; skipped?: Partial<Record<SkipReason, number>>; alreadyEnqueued?: number; mode?: 'test' | 'live' },
) {
  const skippedByReason = { noConsent: 0, optedOut: 0, invalidContact: 0, channelDisabled: 0, dailyLimit: 0, ...skipped };
  const skippedCount = Object.values(skippedByReason).reduce((a, b) => a + b, 0);
  return { message, queued, skipped: skippedCount, skippedByReason, alreadyEnqueued, mode };
}

/** A campaign's or an Easy SMS's send answer: a send answer and `heldUntil`, when the sending hours hold its messages (null: they leave at once). */
export function withHeldUntil(answer: ReturnType<typeof sendAnswer>, heldUntil: string | null = null) {
  return { ...answer, heldUntil };
}

/** A send's answer (test mode) when its only recipient has no marketing consent. */
export const NOTHING_SENT_NO_CONSENT = sendAnswer('Nessun messaggio inviato: 1 destinatario senza consenso marketing', { queued: 0, skipped: { noConsent: 1 } });

/**
 * What GET /api/twilio/settings answers for the settings a shop has not chosen: every channel on, the default
 * bonus text, the widest sending window (9 to 20, decision 077). Tests spread it and state what they set.
 */
export const UNCHOSEN_MESSAGING_SETTINGS = {
  whatsappEnabled: true,
  smsEnabled: true,
  emailEnabled: true,
  driver: '',
  bonusTemplate: 'Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.',
  sendFrom: 9,
  sendUntil: 20,
};
