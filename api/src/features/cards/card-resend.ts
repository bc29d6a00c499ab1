/**
 * The service messages about a card that the public signup queues: the card's number again to the contact
 * its business has on file, when someone signs up again at that business without proving to be the card's
 * holder; and one welcome to a new card's holder (decision 051). Both go only where the
 * shop reaches the holder, never to what a visitor typed for an existing card, so a stranger learns nothing
 * and cannot redirect anything; both name the customer's page (`<DASHBOARD_BASE_URL>/my-card`).
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../messages';
import { reachableContact } from '../messaging/repository';
import type { Channel } from '../messaging/types';
import type { BusinessRecord } from '../businesses/repository';
import type { LoyaltyCardRecord } from './repository';

/** The customer's page: where a customer asks for a link to see balance, rewards and consents. */
export const myCardLink = (dashboardBaseUrl: string) => `${dashboardBaseUrl.replace(/\/+$/, '')}/my-card`;

/**
 * The channel and recipient for the card: e-mail when the business has it on and the card has an address,
 * else WhatsApp, else SMS to the card's phone; a contact that asked to stop (STOP list) is skipped like a
 * missing one. Null when nothing is left.
 */
export async function pickContact(
  app: FastifyInstance,
  business: BusinessRecord,
  card: Pick<LoyaltyCardRecord, 'email' | 'customer_phone'>,
): Promise<{ channel: Channel; recipient: string } | null> {
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
 * Queues one service message about the card to its contact (pickContact), once per idempotency key. Never
 * throws: a failure is logged, and the signup's answer is the same whatever happens here.
 */
async function queueCardMessage(app: FastifyInstance, business: BusinessRecord, card: LoyaltyCardRecord, body: string, idempotencyKey: string, what: string) {
  try {
    const contact = await pickContact(app, business, card);
    if (!contact) return;
    const queued = await app.messaging.repo.enqueueOne({
      businessId: business.id,
      cardId: card.id,
      channel: contact.channel,
      recipient: contact.recipient,
      body,
      idempotencyKey,
    });
    if (queued) app.messaging.worker.wake();
  } catch (error) {
    app.log.error({ err: error, cardId: card.id }, `could not queue the card ${what}`);
  }
}

/**
 * Queues the card's message once per card per clock hour (the idempotency key carries the UTC hour), so
 * repeated signups cannot turn the shop into a spammer of its own customer. Never throws: whether a card
 * exists and how it is reached must not show in the visitor's answer, not even as an error.
 */
export async function resendCard(app: FastifyInstance, business: BusinessRecord, card: LoyaltyCardRecord): Promise<void> {
  const hour = app.clock().toISOString().slice(0, 13);
  const body = MESSAGES.cardResentText(business.name, card.card_number, myCardLink(app.config.dashboardBaseUrl));
  await queueCardMessage(app, business, card, body, `card:${card.id}:resend:${hour}`, 'resend');
}

/**
 * Decision 051: the welcome of a card the public signup has just created — one message per card
 * ever (key `card:<id>:welcome`), with its number and the customer's page. Only the public signup calls it:
 * a card an admin creates or a CSV import brings gets nothing (nobody asked for a message). Never throws;
 * the signup waits only for the queue's insert, the worker sends it later.
 */
export async function welcomeCard(app: FastifyInstance, business: BusinessRecord, card: LoyaltyCardRecord): Promise<void> {
  // Decision 080: the owner may turn the welcome off («Automazioni»).
  if (!(await app.repos.automations.settings(business.id)).welcome_enabled) return;
  const body = MESSAGES.cardWelcomeText(business.name, card.card_number, myCardLink(app.config.dashboardBaseUrl));
  await queueCardMessage(app, business, card, body, `card:${card.id}:welcome`, 'welcome');
}
