/**
 * The automations' SQL (migration 039, decision 080): the owner's settings, the last 30 days' counts of each
 * automation's messages, and the cards the win-back is due for.
 */
import type { Queryable } from '../../db';
import type { Channel } from '../messaging/types';

export interface AutomationSettings {
  welcome_enabled: boolean;
  win_back_enabled: boolean;
  win_back_days: number;
  win_back_channel: Channel;
  /** Null: the default text. */
  win_back_message: string | null;
  win_back_bonus_points: number | null;
  win_back_bonus_days: number | null;
}

export const DEFAULT_AUTOMATIONS: AutomationSettings = {
  welcome_enabled: true,
  win_back_enabled: false,
  win_back_days: 60,
  win_back_channel: 'whatsapp',
  win_back_message: null,
  win_back_bonus_points: null,
  win_back_bonus_days: null,
};

const COLUMNS = Object.keys(DEFAULT_AUTOMATIONS) as (keyof AutomationSettings)[];

/** An automation's messages by what became of them. */
export interface AutomationCounts {
  sent: number;
  /** Queued or being sent (a held one waits for the end of the quiet hours). */
  pending: number;
  failed: number;
  /** Not sent: no consent, no contact, STOP. */
  skipped: number;
}

/** The idempotency keys of each automation's messages (LIKE patterns). */
export const AUTOMATION_KEYS = { welcome: 'card:%:welcome', birthday: 'birthday:%', win_back: 'win-back:%' } as const;
export type AutomationKind = keyof typeof AUTOMATION_KEYS;

/** A card the win-back is due for: no visit since `last_visit`, `win_back_days` or more before the sweep's now. */
export interface WinBackCandidate {
  card_id: string;
  business_id: string;
  business_name: string;
  customer_name: string;
  channel: Channel;
  /** The card's contact on the channel, normalised like a campaign's ('' when it has none). */
  recipient: string;
  /** The card agreed to offers on the channel. */
  consent: boolean;
  message: string | null;
  bonus_points: number | null;
  bonus_days: number | null;
  /** Identifies the lapse: the last visit (microseconds since the epoch). */
  lapse: string;
}

export function createAutomationsRepository(db: Queryable) {
  return {
    /** The business's settings (the defaults when it never changed any). */
    async settings(businessId: string): Promise<AutomationSettings> {
      const { rows } = await db.query<AutomationSettings>(`SELECT ${COLUMNS.join(', ')} FROM automations WHERE business_id = $1`, [businessId]);
      return rows[0] ?? { ...DEFAULT_AUTOMATIONS };
    },

    /** Writes the whole settings (the caller merged the change into the current ones). */
    async save(businessId: string, settings: AutomationSettings): Promise<AutomationSettings> {
      const values = COLUMNS.map((c) => settings[c]);
      const { rows } = await db.query<AutomationSettings>(
        `INSERT INTO automations (business_id, ${COLUMNS.join(', ')}) VALUES ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')})
         ON CONFLICT (business_id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
         RETURNING ${COLUMNS.join(', ')}`,
        [businessId, ...values],
      );
      return rows[0];
    },

    /** Each automation's messages due in the 30 days before `now` (the app's clock), by outcome. */
    async counts(businessId: string, now: Date): Promise<Record<AutomationKind, AutomationCounts>> {
      const kinds = Object.keys(AUTOMATION_KEYS) as AutomationKind[];
      const { rows } = await db.query<{ kind: AutomationKind } & AutomationCounts>(
        `SELECT k.kind,
                count(j.id) FILTER (WHERE j.status = 'sent')::int AS sent,
                count(j.id) FILTER (WHERE j.status IN ('queued', 'sending'))::int AS pending,
                count(j.id) FILTER (WHERE j.status = 'failed')::int AS failed,
                count(j.id) FILTER (WHERE j.status = 'skipped')::int AS skipped
           FROM unnest($2::text[], $3::text[]) AS k(kind, pattern)
           LEFT JOIN messaging_jobs j ON j.business_id = $1 AND j.idempotency_key LIKE k.pattern
                                     AND j.next_run_at > $4::timestamptz - interval '30 days'
          GROUP BY k.kind`,
        [businessId, kinds, kinds.map((k) => AUTOMATION_KEYS[k]), now.toISOString()],
      );
      const byKind = Object.fromEntries(rows.map(({ kind, ...counts }) => [kind, counts]));
      return Object.fromEntries(kinds.map((k) => [k, byKind[k] ?? { sent: 0, pending: 0, failed: 0, skipped: 0 }])) as Record<AutomationKind, AutomationCounts>;
    },

    /**
     * The cards of the businesses with the win-back on (and its channel enabled) whose last visit — a credit
     * written by a person or a till, not a gift — or, without one, whose creation is `win_back_days` or more
     * before `now`, and whose lapse has no win-back yet.
     */
    async winBackCandidates(now: Date): Promise<WinBackCandidate[]> {
      const { rows } = await db.query<WinBackCandidate>(
        `SELECT c.id AS card_id, c.business_id, b.name AS business_name, c.customer_name, a.win_back_channel AS channel,
                coalesce(CASE WHEN a.win_back_channel = 'email' THEN lower(btrim(c.email))
                              ELSE regexp_replace(c.customer_phone, '[\\s().-]', '', 'g') END, '') AS recipient,
                a.win_back_channel = ANY(c.marketing_channels) AS consent,
                a.win_back_message AS message, a.win_back_bonus_points AS bonus_points, a.win_back_bonus_days AS bonus_days,
                v.lapse
           FROM automations a
           JOIN businesses b ON b.id = a.business_id
           JOIN loyalty_cards c ON c.business_id = a.business_id
          CROSS JOIN LATERAL (
            SELECT coalesce(max(l.created_at), c.created_at) AS last_visit FROM points_ledger l
             WHERE l.card_id = c.id AND l.kind = 'credit' AND l.once_key IS NULL
          ) lv
          CROSS JOIN LATERAL (SELECT (extract(epoch FROM lv.last_visit) * 1000000)::bigint::text AS lapse) v
          WHERE a.win_back_enabled
            AND CASE a.win_back_channel WHEN 'whatsapp' THEN b.whatsapp_enabled WHEN 'sms' THEN b.sms_enabled ELSE b.email_enabled END = 1
            AND lv.last_visit <= $1::timestamptz - make_interval(days => a.win_back_days)
            AND NOT EXISTS (SELECT 1 FROM messaging_jobs j WHERE j.idempotency_key = 'win-back:' || c.id || ':' || v.lapse)
          ORDER BY c.business_id, c.id`,
        [now.toISOString()],
      );
      return rows;
    },

    /** The days of the daily limit (migration 039) that are over: kept two days back, for the clock's sake. */
    async forgetPastDays(now: Date): Promise<void> {
      await db.query(`DELETE FROM marketing_card_days WHERE day < ($1::timestamptz AT TIME ZONE 'Europe/Rome')::date - 2`, [now.toISOString()]);
    },
  };
}

export type AutomationsRepository = ReturnType<typeof createAutomationsRepository>;
