import { managedBySql } from '../../lib/business-access';
import type { Queryable } from '../../db';
import { cardFilterConditions, segmentFilter, type Segment } from '../cards/repository';
import type { Channel } from '../messaging/types';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface CampaignRecipient {
  customer_name?: string | null;
  customer_phone: string | null;
  email: string | null;
}

/** What a campaign is given when created and keeps. */
interface CampaignFields {
  business_id: string;
  name: string;
  /** The e-mails' subject; null for a campaign without e-mail or made before migration 032. */
  subject: string | null;
  description: string;
  status: CampaignStatus;
  targets: string[];
  recipients: CampaignRecipient[];
  channels: Channel[];
}

export interface CampaignRecord extends CampaignFields {
  id: string;
  /** The cards the server sends to (null: the `recipients` list). */
  segment: Segment | null;
  /** The segment's size when the campaign was created, or the length of `recipients`. */
  recipient_count: number;
  created_at: string;
  delivery: CampaignDelivery | null;
  /** When its scheduled send starts (migration 036); null: none scheduled. */
  scheduled_at: string | null;
}

export interface NewCampaign extends CampaignFields {
  /** Given: the recipients are these cards of the business, resolved at send time (`recipients` is then []). */
  segment?: Segment | null;
  created_by: string;
}

/** Where a sent campaign's messages are, as its jobs say (decision 077); null before anything was sent. */
export const DELIVERY_STATUSES = ['sending', 'sent', 'partially_sent', 'failed'] as const;
export interface CampaignDelivery {
  /** sending: messages still queued; sent: every message accepted; partially_sent: some failed; failed: all failed. */
  status: (typeof DELIVERY_STATUSES)[number];
  pending: number;
  sent: number;
  /** Failed for good, or reported undelivered / failed by the provider (as `deliveryCounts` counts them). */
  failed: number;
}

/**
 * The campaign's delivery from its jobs, read when it is read (no status written by the worker or the provider's
 * callbacks, decision 077): skipped jobs do not count, so a send that queued nothing leaves it null.
 */
const DELIVERY_SQL = `(SELECT CASE WHEN d.pending + d.sent + d.failed > 0 THEN jsonb_build_object(
      'status', CASE WHEN d.pending > 0 THEN 'sending' WHEN d.failed = 0 THEN 'sent' WHEN d.sent = 0 THEN 'failed' ELSE 'partially_sent' END,
      'pending', d.pending, 'sent', d.sent, 'failed', d.failed) END
    FROM (SELECT count(*) FILTER (WHERE j.status IN ('queued', 'sending'))::int AS pending,
                 count(*) FILTER (WHERE j.status = 'sent' AND m.status IS DISTINCT FROM 'undelivered' AND m.status IS DISTINCT FROM 'failed')::int AS sent,
                 count(*) FILTER (WHERE j.status = 'failed' OR (j.status = 'sent' AND m.status IN ('undelivered', 'failed')))::int AS failed
            FROM messaging_jobs j LEFT JOIN outbox_messages m ON m.job_id = j.id
           WHERE j.campaign_id = c.id) d) AS delivery`;

const CAMPAIGN_COLUMNS =
  'c.id, c.business_id, c.name, c.subject, c.description, c.status, c.targets, c.recipients, c.channels, c.segment, ' +
  `coalesce(c.recipient_count, jsonb_array_length(c.recipients)) AS recipient_count, c.created_at, c.scheduled_at, ${DELIVERY_SQL}`;

export function createCampaignsRepository(db: Queryable) {
  return {
    /** With a segment, its size is counted in the same statement (ids of another business's cards do not count). */
    async create(campaign: NewCampaign): Promise<CampaignRecord> {
      const segment = campaign.segment ?? null;
      const params: unknown[] = [
        campaign.business_id,
        campaign.name,
        campaign.description,
        campaign.status,
        JSON.stringify(campaign.targets),
        JSON.stringify(campaign.recipients),
        JSON.stringify(campaign.channels),
        campaign.created_by,
        segment === null ? null : JSON.stringify(segment),
        campaign.subject,
      ];
      const count = segment
        ? `(SELECT count(*) FROM loyalty_cards c WHERE ${['c.business_id = $1', ...cardFilterConditions(segmentFilter(segment, { ids: campaign.targets, channels: campaign.channels }), params)].join(' AND ')})`
        : 'NULL';
      const { rows } = await db.query<CampaignRecord>(
        `INSERT INTO campaigns AS c (business_id, name, description, status, targets, recipients, channels, created_by, segment, subject, recipient_count)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9::jsonb, $10, ${count})
         RETURNING ${CAMPAIGN_COLUMNS}`,
        params,
      );
      return rows[0];
    },

    /** Deletes the campaign when it belongs to a business the owner manages (`ownerId` null: any). */
    async deleteInScope(id: string, ownerId: string | null): Promise<boolean> {
      const { rows } = await db.query(
        `DELETE FROM campaigns c WHERE c.id = $1
            AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id AND ${managedBySql('b', 2)}))
          RETURNING c.id`,
        [id, ownerId],
      );
      return rows.length > 0;
    },

    /** Newest first. */
    async listByBusiness(businessId: string): Promise<CampaignRecord[]> {
      const { rows } = await db.query<CampaignRecord>(
        `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.business_id = $1 ORDER BY c.created_at DESC, c.id`,
        [businessId],
      );
      return rows;
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
