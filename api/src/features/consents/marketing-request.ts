import type { FastifyInstance } from 'fastify';
import { CONSENT_WORDING } from '../../consent-wording';
import type { Queryable } from '../../db';
import { notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { canonicalChannels, type Channel } from '../messaging/types';

/** What a person asks of a card's marketing consent: these channels (duplicates ignored), and with `renew` those already given renewed too. */
export interface MarketingConsentRequest {
  marketing_channels: readonly Channel[];
  renew?: boolean;
}

/**
 * Records what a person asked of a card's marketing consent, at the counter (an admin, `actorUserId`) or on the
 * customer's own page: the channels asked become the consent's, with one event per channel granted or withdrawn
 * under the current wording. The card is found and changed in one transaction, so a card deleted in between is
 * a 404 and never half a change; `findCard` answers null for a card the requester may not change, which is the
 * same 404. Answers the route's body but its message.
 */
export async function recordMarketingRequest(
  app: FastifyInstance,
  findCard: (tx: Queryable) => Promise<{ id: string } | null>,
  asked: MarketingConsentRequest,
  by: { source: 'admin'; actorUserId: string } | { source: 'customer_page' },
) {
  const channels = canonicalChannels(asked.marketing_channels);
  const [cardId, change] = await app.db.transaction(async (tx) => {
    const card = await findCard(tx);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    const changed = await app.reposOf(tx).consents.setMarketingConsent(card.id, channels, {
      ...by,
      wordingVersion: CONSENT_WORDING.marketing,
      at: app.clock(),
      renew: asked.renew ? channels : undefined,
    });
    return [card.id, changed] as const;
  });
  if (!change) throw notFound(MESSAGES.cardNotFound);
  return { card_id: cardId, marketing_channels: change.channels, granted: change.granted, withdrawn: change.withdrawn };
}
