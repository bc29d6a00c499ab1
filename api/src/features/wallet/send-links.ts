/**
 * An admin sends a customer the card's wallet links (decision 042). A service message through the
 * messaging queue to the card's holder (`enqueueMessage`, features/messaging/enqueue.ts):
 * WhatsApp, else SMS, else e-mail, on the business's active channels; a contact on the STOP list gets a
 * 'skipped' job. A second request for the same card within a minute (a double click) sends nothing more and
 * says what the first one did.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import { enqueueMessage } from '../messaging/enqueue';
import type { Channel } from '../messaging/types';
import { WALLET_MESSAGES } from './messages';

/** How long a request for a card's links keeps a second one from sending again. */
export const WALLET_LINKS_WINDOW_SECONDS = 60;

export type WalletLinksOutcome = 'queued' | 'skipped' | 'already_sent' | 'no_channel';

export interface WalletLinksResult {
  outcome: WalletLinksOutcome;
  /** The channel of the message (queued, skipped, or the earlier one); null when no channel reaches the customer. */
  channel: Channel | null;
  /** The wallets the message offers. */
  wallets: ('apple' | 'google')[];
  /** Whether a message with the links is in the queue (now, or from the request a moment ago). */
  queued: boolean;
  message: string;
}

interface JobRow {
  channel: Channel;
  status: string;
  skip_reason: string | null;
}

/**
 * Queues the message for the card (which the caller has found within the user's scope). `links` are the
 * card's links of the configured wallets (at least one).
 */
export async function sendWalletLinks(
  app: FastifyInstance,
  card: { id: string; customer_name: string; business_name: string },
  links: { apple?: string | null; google?: string | null },
): Promise<WalletLinksResult> {
  const wallets = (['apple', 'google'] as const).filter((wallet) => links[wallet]);
  const body = WALLET_MESSAGES.linksText(card.customer_name, card.business_name, links);
  const result = await app.db.transaction(async (tx) => {
    // Two requests for one card take turns: the second sees the first one's job.
    const locked = await tx.query('SELECT id FROM loyalty_cards WHERE id = $1 FOR UPDATE', [card.id]);
    if (locked.rows.length === 0) throw notFound(MESSAGES.cardNotFound); // deleted meanwhile
    // The key names the card and the minute; a request also looks at the previous minute's key, so two
    // clicks across a minute's edge are still one message. Exact keys: the unique index finds them.
    const { rows } = await tx.query<JobRow & { bucket: string }>(
      `WITH t AS (SELECT floor(extract(epoch FROM now()) / $2)::bigint AS bucket)
       SELECT t.bucket::text AS bucket, j.channel, j.status, j.skip_reason
         FROM t LEFT JOIN messaging_jobs j
           ON j.idempotency_key IN ('wallet-links:' || $1 || ':' || t.bucket, 'wallet-links:' || $1 || ':' || (t.bucket - 1))
          AND j.created_at > now() - make_interval(secs => $2)
        ORDER BY j.id DESC NULLS LAST
        LIMIT 1`,
      [card.id, WALLET_LINKS_WINDOW_SECONDS],
    );
    const { bucket, ...earlier } = rows[0];
    if (earlier.channel) return { already: true, job: earlier as JobRow };
    const key = `wallet-links:${card.id}:${bucket}`;
    await enqueueMessage(tx, { cardId: card.id, body, idempotencyKey: key });
    const job = await tx.query<JobRow>('SELECT channel, status, skip_reason FROM messaging_jobs WHERE idempotency_key = $1', [key]);
    return { already: false, job: job.rows[0] ?? null };
  });
  const { already, job } = result;
  if (!job) return { outcome: 'no_channel', channel: null, wallets, queued: false, message: WALLET_MESSAGES.linksNoChannel };
  const skipped = job.status === 'skipped';
  if (already) return { outcome: 'already_sent', channel: job.channel, wallets, queued: !skipped, message: WALLET_MESSAGES.linksAlreadySent(job.channel, skipped) };
  if (skipped) return { outcome: 'skipped', channel: job.channel, wallets, queued: false, message: WALLET_MESSAGES.linksOptedOut(job.channel) };
  app.messaging.worker.wake();
  return { outcome: 'queued', channel: job.channel, wallets, queued: true, message: WALLET_MESSAGES.linksQueued(links, job.channel) };
}
