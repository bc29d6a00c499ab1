/**
 * Accounts (decision 071): password reset links, the people a principal may manage, the changes made to them,
 * and the audit of those changes. Tokens are never stored, only their SHA-256.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db';
import { managedBySql } from '../../lib/business-access';
import type { Role, UserRecord } from '../../lib/principal';

/** A reset link lasts 30 minutes from its request. */
export const RESET_LINK_MINUTES = 30;

export const resetTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const AUDIT_ACTIONS = [
  'role_changed',
  'disabled',
  'enabled',
  'deleted',
  'reset_link_sent',
  'password_reset',
  // Decision 078 (migration 037): the shops of a colleague and the life of an invitation.
  'shops_changed',
  'invited',
  'invitation_resent',
  'invitation_cancelled',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEvent {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: AuditAction;
  target_id: string | null;
  target_email: string;
  detail: string | null;
}

export interface ManagedUser {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  business_id: string | null;
  created_at: string;
  disabled: boolean;
}

const MANAGED_COLUMNS = 'u.id, u.email, u.full_name, u.role, u.business_id, u.created_at, u.disabled_at IS NOT NULL AS disabled';

/**
 * The one rule of who may manage whom: a SQL condition on the users row `u`, with the principal's id as `$1`.
 * The super admin: every other account. An owner (admin): the admins whose home business is one of the owner's
 * shops and who own no shop of their own (another owner's account is never theirs to change) — never itself,
 * a client or the super admin. Staff memberships extend it here.
 */
export function usersManageableBy(principal: Pick<UserRecord, 'id' | 'role'>): string | null {
  if (principal.role === 'super_admin') return 'u.id <> $1';
  if (principal.role === 'admin') {
    // The owner's colleagues: admins attached to one of their shops, and the members (co-admins and staff,
    // decision 070) of any of them; never another owner.
    return `u.id <> $1 AND u.role IN ('admin', 'staff')
        AND (u.business_id IN (SELECT b.id FROM businesses b WHERE b.owner_id = $1)
          OR EXISTS (SELECT 1 FROM business_members m JOIN businesses b ON b.id = m.business_id WHERE m.user_id = u.id AND b.owner_id = $1))
        AND NOT EXISTS (SELECT 1 FROM businesses o WHERE o.owner_id = u.id)`;
  }
  return null;
}

export function createAccountsRepository(db: Queryable) {
  return {
    /** The accounts the principal may manage, oldest first; empty for anyone else. */
    async listManageable(principal: Pick<UserRecord, 'id' | 'role'>): Promise<ManagedUser[]> {
      const rule = usersManageableBy(principal);
      if (!rule) return [];
      const { rows } = await db.query<ManagedUser>(`SELECT ${MANAGED_COLUMNS} FROM users u WHERE ${rule} ORDER BY u.created_at, u.id`, [principal.id]);
      return rows;
    },

    /** One account the principal may manage, locked for the change in hand; null when it is not theirs (or unknown). */
    async findManageable(principal: Pick<UserRecord, 'id' | 'role'>, id: string): Promise<ManagedUser | null> {
      const rule = usersManageableBy(principal);
      if (!rule) return null;
      const { rows } = await db.query<ManagedUser>(`SELECT ${MANAGED_COLUMNS} FROM users u WHERE ${rule} AND u.id = $2 FOR UPDATE`, [principal.id, id]);
      return rows[0] ?? null;
    },

    /** The user's role, and the role of their shop memberships with it (a member is a co-admin or staff: decision 070). */
    async setRole(id: string, role: Role): Promise<void> {
      await db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
      if (role === 'admin' || role === 'staff') await db.query('UPDATE business_members SET role = $2 WHERE user_id = $1', [id, role]);
    },

    /**
     * Decision 078: the shops a colleague (admin or staff member) works in, among those `actorId` manages (null:
     * the super admin, every shop): memberships in those shops not chosen go, chosen ones are added with the
     * user's role; memberships in shops the actor does not manage stay. The home business follows when it left.
     * Returns the chosen shops' names, in the order given.
     */
    async setShops(user: { id: string; role: Role }, businessIds: readonly string[], actorId: string | null): Promise<string[]> {
      await db.query(
        `DELETE FROM business_members m USING businesses b
          WHERE m.user_id = $2 AND b.id = m.business_id AND NOT (b.id = ANY($3::text[]))
            AND ($1::text IS NULL OR ${managedBySql('b', 1)})`,
        [actorId, user.id, businessIds],
      );
      await db.query(
        `INSERT INTO business_members (business_id, user_id, role) SELECT unnest($1::text[]), $2, $3 ON CONFLICT DO NOTHING`,
        [businessIds, user.id, user.role],
      );
      await db.query(
        `UPDATE users SET business_id = $2
          WHERE id = $1 AND (business_id IS NULL OR NOT EXISTS (SELECT 1 FROM business_members m WHERE m.user_id = $1 AND m.business_id = users.business_id))`,
        [user.id, businessIds[0]],
      );
      const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM businesses WHERE id = ANY($1::text[])', [businessIds]);
      return businessIds.map((id) => rows.find((r) => r.id === id)?.name ?? id);
    },

    async setDisabled(id: string, at: Date | null): Promise<void> {
      await db.query('UPDATE users SET disabled_at = $2 WHERE id = $1', [id, at?.toISOString() ?? null]);
    },

    async ownsBusinesses(id: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM businesses WHERE owner_id = $1 LIMIT 1', [id]);
      return rows.length > 0;
    },

    /** Deletes the account; the ledger rows it wrote keep its name as it was (their author_id becomes NULL). */
    async deleteUser(id: string): Promise<void> {
      await db.query(
        'UPDATE points_ledger SET author_name = (SELECT full_name FROM users WHERE id = $1) WHERE author_id = $1 AND author_name IS NULL',
        [id],
      );
      await db.query('DELETE FROM users WHERE id = $1', [id]);
    },

    async record(event: { actor: Pick<UserRecord, 'id' | 'email'> | null; action: AuditAction; target: { id: string; email: string }; detail?: string | null; at: Date }): Promise<void> {
      await db.query(
        `INSERT INTO user_audit_events (at, actor_id, actor_email, action, target_id, target_email, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [event.at.toISOString(), event.actor?.id ?? null, event.actor?.email ?? null, event.action, event.target.id, event.target.email, event.detail ?? null],
      );
    },

    /** The newest changes first. */
    async auditEvents(limit = 200): Promise<AuditEvent[]> {
      const { rows } = await db.query<AuditEvent>(
        `SELECT id::text AS id, at, actor_id, actor_email, action, target_id, target_email, detail
           FROM user_audit_events ORDER BY at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows;
    },

    /** The account a reset may be asked for: one that logs in (admin or super admin), not disabled. */
    async findResettable(email: string): Promise<{ id: string; email: string } | null> {
      const { rows } = await db.query<{ id: string; email: string }>(
        `SELECT id, email FROM users WHERE email = $1 AND role IN ('admin', 'super_admin') AND disabled_at IS NULL`,
        [email],
      );
      return rows[0] ?? null;
    },

    /** The user's shops, oldest first: the businesses it owns, then its home business. */
    async businessesOf(userId: string): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT b.id FROM businesses b
          WHERE b.owner_id = $1 OR b.id = (SELECT business_id FROM users WHERE id = $1)
          ORDER BY (b.owner_id = $1) DESC, b.created_at, b.id`,
        [userId],
      );
      return rows.map((r) => r.id);
    },

    /** A link with no token yet: the token is issued when its e-mail is sent (`issueLink`). */
    async createLink(userId: string, now: Date): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO password_reset_links (user_id, created_at, expires_at) VALUES ($1, $2, $3) RETURNING id::text AS id`,
        [userId, now.toISOString(), new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString()],
      );
      return rows[0].id;
    },

    /** Gives the link the hash of the token about to be sent; false when it is used or expired. */
    async issueLink(id: string, hash: string, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE password_reset_links SET token_hash = $2 WHERE id = $1::bigint AND used_at IS NULL AND expires_at > $3 RETURNING id`,
        [id, hash, now.toISOString()],
      );
      return rows.length > 0;
    },

    /** Whether a token opens a link now (the page checks before asking for a password). */
    async linkValid(hash: string, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM password_reset_links l JOIN users u ON u.id = l.user_id
          WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND u.disabled_at IS NULL`,
        [hash, now.toISOString()],
      );
      return rows.length > 0;
    },

    /**
     * Spends the link once (concurrent uses: one wins) and every other open link of its user; the user, or null
     * when the token opens nothing (unknown, used, expired, or the user disabled).
     */
    async useLink(hash: string, now: Date): Promise<{ id: string; email: string } | null> {
      const { rows } = await db.query<{ id: string; email: string }>(
        `UPDATE password_reset_links l SET used_at = $2
           FROM users u
          WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND u.id = l.user_id AND u.disabled_at IS NULL
          RETURNING u.id, u.email`,
        [hash, now.toISOString()],
      );
      const user = rows[0];
      if (!user) return null;
      await db.query('UPDATE password_reset_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now.toISOString()]);
      return user;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
