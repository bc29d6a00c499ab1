import type { Queryable } from '../../db';
import { normalizeEmail } from '../../lib/email';
import type { Role, UserRecord } from '../../lib/principal';

/** The user types live below the features (lib/principal.ts): the auth plugin and the session cache name them too. */
export type { Role, UserRecord };

export interface UserListItem extends UserRecord {
  /** The user's card (in the filtered business, else the newest), or null. */
  card_id: string | null;
}

export interface NewUser {
  email: string;
  full_name: string;
  role: Role;
  phone?: string | null;
  password_hash?: string | null;
  business_id?: string | null;
}

/** A user with what a login and a session check need besides what is shown (never answered as such). */
export interface UserCredentials extends UserRecord {
  password_hash: string | null;
  /** Tokens signed with another version no longer open a session (migration 007, `bumpTokenVersion`). */
  token_version: number;
  /** A disabled account cannot log in (migration 029, decision 071). */
  disabled: boolean;
}

const USER_COLUMNS = 'u.id, u.email, u.full_name, u.role, u.phone, u.created_at, u.business_id';
/**
 * The businesses the user `u` works in without owning them (decision 070), as the session carries them: the
 * ownership rule reads staff's shops from the session, not from the database.
 */
const MEMBERSHIPS_COLUMN = `(SELECT coalesce(json_agg(json_build_object('business_id', bm.business_id, 'role', bm.role) ORDER BY bm.created_at, bm.business_id), '[]'::json)
    FROM business_members bm WHERE bm.user_id = u.id) AS memberships`;
/** A user's credentials, from the users row `u` (a login's reservation reads them in its own statement). */
export const CREDENTIAL_COLUMNS = `${USER_COLUMNS}, ${MEMBERSHIPS_COLUMN}, u.password_hash, u.token_version, u.disabled_at IS NOT NULL AS disabled`;


export function createUsersRepository(db: Queryable) {
  return {
    async findCredentialsByEmail(email: string): Promise<UserCredentials | null> {
      const { rows } = await db.query<UserCredentials>(`SELECT ${CREDENTIAL_COLUMNS} FROM users u WHERE u.email = $1`, [normalizeEmail(email)]);
      return rows[0] ?? null;
    },

    async findById(id: string): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /**
     * The new user, or null when the e-mail is taken. The unique e-mail index decides, also between
     * concurrent inserts (the later one waits for the earlier to commit, then inserts nothing), so a caller
     * never sees a unique violation and needs no look-up beforehand that a race could outdate.
     */
    async create(user: NewUser): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users AS u (email, full_name, role, phone, password_hash, business_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email) DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [normalizeEmail(user.email), user.full_name, user.role, user.phone ?? null, user.password_hash ?? null, user.business_id ?? null],
      );
      return rows[0] ?? null;
    },

    async findCredentialsById(id: string): Promise<UserCredentials | null> {
      const { rows } = await db.query<UserCredentials>(`SELECT ${CREDENTIAL_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** The user of a session check (with its memberships), with the token version its token must carry; one query per check. */
    async findForSession(id: string): Promise<(UserRecord & { token_version: number }) | null> {
      const { rows } = await db.query<UserRecord & { token_version: number }>(`SELECT ${USER_COLUMNS}, ${MEMBERSHIPS_COLUMN}, u.token_version FROM users u WHERE u.id = $1`, [id]);
      return rows[0] ?? null;
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [normalizeEmail(email)]);
      return rows[0] ?? null;
    },

    /**
     * The user with this e-mail, created as a client (no password) when there is none. Safe against
     * concurrent signups with the same address (unique e-mail index). An existing account is not changed,
     * whatever its role: the caller decides what a staff account's e-mail may do.
     */
    async findOrCreateClient(user: { email: string; full_name: string; phone: string | null; business_id: string }): Promise<UserRecord> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users AS u (email, full_name, role, phone, business_id)
         VALUES ($1, $2, 'client', $3, $4)
         ON CONFLICT (email) DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [normalizeEmail(user.email), user.full_name, user.phone, user.business_id],
      );
      return rows[0] ?? (await this.findByEmail(user.email))!;
    },

    /** Admins, oldest first, each with the number of businesses it owns. */
    async listAdmins(): Promise<(UserRecord & { business_count: number })[]> {
      const { rows } = await db.query<UserRecord & { business_count: number }>(
        `SELECT ${USER_COLUMNS}, (SELECT count(*) FROM businesses b WHERE b.owner_id = u.id) AS business_count
           FROM users u WHERE u.role = 'admin' ORDER BY u.created_at, u.id`,
      );
      return rows;
    },

    /** Stores a hash; on its own (a rehash with new parameters) it leaves the user's sessions open. */
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    /**
     * Ends every session of the user: tokens signed before no longer pass `authenticate` (their `ver` claim
     * is the old version). Returns the new version, to sign the token of a session that goes on; null when
     * the user does not exist. Call it in the same transaction as every change of what a token stands for:
     * a password change, and any change of a user's role or of the businesses it owns. Then call
     * `app.sessions.forgetUser`: this instance forgets at once, the others at once with REDIS_URL (decision 053),
     * else within their session cache's lifetime (5 s).
     */
    async bumpTokenVersion(id: string): Promise<number | null> {
      const { rows } = await db.query<{ token_version: number }>(
        'UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version',
        [id],
      );
      return rows[0]?.token_version ?? null;
    },

    /** Every account, newest first, each with its newest card (the super admin's view of the platform). */
    async list(): Promise<UserListItem[]> {
      const { rows } = await db.query<UserListItem>(
        `SELECT ${USER_COLUMNS}, card.id AS card_id
           FROM users u
           LEFT JOIN LATERAL (
             SELECT c.id FROM loyalty_cards c WHERE c.user_id = u.id ORDER BY c.created_at DESC, c.id LIMIT 1
           ) card ON true
          ORDER BY u.created_at DESC, u.id`,
      );
      return rows;
    },

    /**
     * The holders of a card in the business, newest card first, as the business knows them: name, phone,
     * e-mail and date from its own card, the business itself, role client (a card is a client record).
     * A person is one account across shops, but what one shop was told is not another shop's to read: the
     * account's own name, phone, home business, role and sign-up date never show here.
     */
    async listCardHolders(businessId: string): Promise<UserListItem[]> {
      const { rows } = await db.query<UserListItem>(
        `SELECT u.id, coalesce(c.email, u.email) AS email, c.customer_name AS full_name, 'client' AS role,
                c.customer_phone AS phone, c.created_at, c.business_id, c.id AS card_id
           FROM loyalty_cards c JOIN users u ON u.id = c.user_id
          WHERE c.business_id = $1
          ORDER BY c.created_at DESC, c.id`,
        [businessId],
      );
      return rows;
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*) AS count FROM users');
      return rows[0].count;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
