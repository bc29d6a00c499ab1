import { createHash } from 'node:crypto';
import type { Queryable } from '../../db';
import { managedBySql } from '../../lib/business-access';
import { normalizeEmail } from '../../lib/email';
import type { MemberRole } from '../../lib/principal';

/** Only the SHA-256 of an invitation's token is kept (decision 070). */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** How long an invitation link is valid. */
export const INVITATION_HOURS = 72;

export interface TeamMember {
  id: string;
  email: string;
  full_name: string;
  role: MemberRole;
  businesses: { business_id: string; business_name: string; role: MemberRole }[];
  status: 'invited' | 'expired' | 'active';
  invitation_expires_at: string | null;
  created_at: string;
}

/** How an invitation's link travels (decision 078). */
export type InvitationChannel = 'email' | 'whatsapp' | 'sms';

export interface PendingInvitee {
  id: string;
  email: string;
  phone: string | null;
  channel: InvitationChannel;
  role: MemberRole;
  business_id: string;
  business_name: string;
}

export function createTeamRepository(db: Queryable) {
  return {
    /**
     * The members of the businesses `actorId` manages (null: every business, the super admin), each with only
     * those of its businesses: what another owner's shops it works in is not shown.
     */
    async list(actorId: string | null, now: Date): Promise<TeamMember[]> {
      const { rows } = await db.query<TeamMember>(
        `SELECT u.id, u.email, u.full_name, u.role, u.created_at,
                json_agg(json_build_object('business_id', b.id, 'business_name', b.name, 'role', m.role) ORDER BY b.created_at, b.id) AS businesses,
                CASE WHEN i.user_id IS NULL THEN 'active' WHEN i.expires_at > $2 THEN 'invited' ELSE 'expired' END AS status,
                i.expires_at AS invitation_expires_at
           FROM business_members m
           JOIN businesses b ON b.id = m.business_id
           JOIN users u ON u.id = m.user_id
           LEFT JOIN user_invitations i ON i.user_id = u.id
          WHERE ($1::text IS NULL OR ${managedBySql('b', 1)})
          GROUP BY u.id, i.user_id, i.expires_at
          ORDER BY u.created_at DESC, u.id`,
        [actorId, now.toISOString()],
      );
      return rows;
    },

    /** Creates the invited user (no password) with its memberships; null when the e-mail has an account. */
    async createInvited(person: { email: string; full_name: string; role: MemberRole; business_ids: string[]; phone?: string | null }): Promise<{ id: string } | null> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (email, full_name, role, business_id, phone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [normalizeEmail(person.email), person.full_name, person.role, person.business_ids[0], person.phone ?? null],
      );
      if (!rows[0]) return null;
      await db.query(
        `INSERT INTO business_members (business_id, user_id, role) SELECT unnest($1::text[]), $2, $3`,
        [person.business_ids, rows[0].id, person.role],
      );
      return rows[0];
    },

    /**
     * Opens (or reopens) the user's invitation with a new sending: the previous link stops working at once
     * (its hash is dropped); the new one is issued when its message is sent (`issue`).
     */
    async open(userId: string, sendId: string, invitedBy: string, now: Date, channel?: InvitationChannel): Promise<void> {
      const expires = new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
      // A resend (no channel given) keeps the invitation's channel.
      await db.query(
        `INSERT INTO user_invitations (user_id, send_id, invited_by, created_at, expires_at, channel) VALUES ($1, $2, $3, $4, $5, COALESCE($6, 'email'))
         ON CONFLICT (user_id) DO UPDATE SET send_id = EXCLUDED.send_id, token_hash = NULL, invited_by = EXCLUDED.invited_by,
           created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, channel = COALESCE($6, user_invitations.channel)`,
        [userId, sendId, invitedBy, now.toISOString(), expires, channel ?? null],
      );
    },

    /** Stores the hash of the sending's token; false when that sending was replaced, cancelled or expired. */
    async issue(sendId: string, tokenHash: string, now: Date): Promise<boolean> {
      const { rows } = await db.query('UPDATE user_invitations SET token_hash = $2 WHERE send_id = $1 AND expires_at > $3 RETURNING user_id', [
        sendId,
        tokenHash,
        now.toISOString(),
      ]);
      return rows.length > 0;
    },

    /** What a link's token opens: unknown, spent (expired), or the invited user. Reads only. */
    async find(tokenHash: string, now: Date): Promise<'unknown' | 'expired' | { user_id: string }> {
      const { rows } = await db.query<{ user_id: string; valid: boolean }>('SELECT user_id, expires_at > $2 AS valid FROM user_invitations WHERE token_hash = $1', [
        tokenHash,
        now.toISOString(),
      ]);
      if (!rows[0]) return 'unknown';
      return rows[0].valid ? { user_id: rows[0].user_id } : 'expired';
    },

    /** Uses the link once: deletes the invitation when the token is still its current, unexpired one. */
    async consume(tokenHash: string, now: Date): Promise<string | null> {
      const { rows } = await db.query<{ user_id: string }>('DELETE FROM user_invitations WHERE token_hash = $1 AND expires_at > $2 RETURNING user_id', [
        tokenHash,
        now.toISOString(),
      ]);
      return rows[0]?.user_id ?? null;
    },

    /**
     * The pending invitee `userId` when `actorId` (null: super admin) manages every business it was invited to
     * (an invitation is one inviter's), with its first business for the message; else null.
     */
    async pendingInScope(userId: string, actorId: string | null): Promise<PendingInvitee | null> {
      const { rows } = await db.query<PendingInvitee & { outside: boolean }>(
        `SELECT u.id, u.email, u.phone, i.channel, m.role, b.id AS business_id, b.name AS business_name,
                EXISTS (SELECT 1 FROM business_members m2 JOIN businesses b2 ON b2.id = m2.business_id
                         WHERE m2.user_id = u.id AND $2::text IS NOT NULL AND NOT ${managedBySql('b2', 2)}) AS outside
           FROM users u
           JOIN user_invitations i ON i.user_id = u.id
           JOIN business_members m ON m.user_id = u.id
           JOIN businesses b ON b.id = m.business_id
          WHERE u.id = $1 AND u.password_hash IS NULL
          ORDER BY m.created_at, b.id
          LIMIT 1`,
        [userId, actorId],
      );
      const row = rows[0];
      if (!row || row.outside) return null;
      const { outside: _outside, ...pending } = row;
      return pending;
    },

    /** Deletes a user that never accepted its invitation (its memberships and invitation go with it). */
    async deletePending(userId: string): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM users WHERE id = $1 AND password_hash IS NULL RETURNING id', [userId]);
      return rows.length > 0;
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
