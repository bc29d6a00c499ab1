/**
 * Sends a card's number again to the contact its business has on file, when someone signs up again at that
 * business without proving to be the card's holder (issue 16). The card goes only where the shop already
 * reaches the holder, never to what the visitor typed, so a stranger learns nothing and cannot redirect it.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../messages';
import { reachableContact } from '../messaging/repository';
import type { Channel } from '../messaging/types';
import type { BusinessRecord } from '../repositories/businesses';
import type { LoyaltyCardRecord } from '../repositories/loyalty-cards';

/**
 * The channel and recipient for the card: e-mail when the business has it on and the card has an address,
 * else WhatsApp, else SMS to the card's phone; a contact that asked to stop (STOP list) is skipped like a
 * missing one. Null when nothing is left.
 */
async function pickContact(app: FastifyInstance, business: BusinessRecord, card: LoyaltyCardRecord): Promise<{ channel: Channel; recipient: string } | null> {
  const choices: [Channel, boolean, string | null][] = [
    ['email', business.email_enabled === 1, card.email],
    ['whatsapp', business.whatsapp_enabled === 1, card.customer_phone],
    ['sms', business.sms_enabled === 1, card.customer_phone],
  ];
  for (const [channel, enabled, contact] of choices) {
    // A phone that is not valid (kept as written since before migration 011) is no way to reach anyone.
    const recipient = reachableContact(channel, contact);
    if (enabled && recipient && !(await app.messaging.repo.isOptedOut(business.id, recipient))) return { channel, recipient };
  }
  return null;
}

/**
 * Queues the card's message once per card per clock hour (the idempotency key carries the UTC hour), so
 * repeated signups cannot turn the shop into a spammer of its own customer. Never throws: whether a card
 * exists and how it is reached must not show in the visitor's answer, not even as an error.
 */
export async function resendCard(app: FastifyInstance, business: BusinessRecord, card: LoyaltyCardRecord): Promise<void> {
  try {
    const contact = await pickContact(app, business, card);
    if (!contact) return;
    const hour = app.clock().toISOString().slice(0, 13);
    const queued = await app.messaging.repo.enqueueOne({
      businessId: business.id,
      cardId: card.id,
      channel: contact.channel,
      recipient: contact.recipient,
      body: MESSAGES.cardResentText(business.name, card.card_number),
      idempotencyKey: `card:${card.id}:resend:${hour}`,
    });
    if (queued) app.messaging.worker.wake();
  } catch (error) {
    app.log.error({ err: error, cardId: card.id }, 'could not queue the card resend');
  }
}
