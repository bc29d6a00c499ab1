import type { Queryable } from '../../db';

export type MessagingDriver = 'outbox' | 'twilio' | 'smtp';

export interface MessagingSettingsRecord {
  business_id: string;
  /** NULL: the configuration's default (MESSAGING_DRIVER). */
  driver: MessagingDriver | null;
  account_sid: string | null;
  /** Only the last four characters: the encrypted token never leaves the messaging module. */
  auth_token_last4: string | null;
  phone_number: string | null;
  messaging_service_sid: string | null;
  email_sender: string | null;
  /** NULL: the default text. */
  bonus_template: string | null;
  /** The sending window of marketing and automatic messages, whole hours Rome time (migration 035: within 9–20). */
  send_from: number;
  send_until: number;
}

export function createMessagingSettingsRepository(db: Queryable) {
  return {
    async findByBusiness(businessId: string): Promise<MessagingSettingsRecord | null> {
      const { rows } = await db.query<MessagingSettingsRecord>(
        `SELECT business_id, driver, account_sid, auth_token_last4, phone_number, messaging_service_sid, email_sender, bonus_template, send_from, send_until
           FROM messaging_settings WHERE business_id = $1`,
        [businessId],
      );
      return rows[0] ?? null;
    },
  };
}

export type MessagingSettingsRepository = ReturnType<typeof createMessagingSettingsRepository>;
