import type { Queryable } from '../../db';
import { managedBySql, servedBySql } from '../../lib/business-access';

export type Flag = 0 | 1;

export interface BusinessRecord {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  whatsapp_enabled: Flag;
  sms_enabled: Flag;
  email_enabled: Flag;
  /** Points per bonus: a WhatsApp for every multiple a card reaches (migration 009). */
  bonus_threshold: number;
  /** Points or stamps (migration 013). */
  loyalty_mode: 'points' | 'stamps';
  /** The shop's colour on its wallet passes, '#rrggbb' lower-case (migration 015); null: the default. */
  brand_color: string | null;
}

export interface PublicBusiness {
  id: string;
  name: string;
  /** The signup page says 'timbri' for a stamp card. */
  loyalty_mode: 'points' | 'stamps';
  /** The card image (drawn in the browser) wears it, as the wallet pass does. */
  brand_color: string | null;
}

export interface NewBusiness {
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
}

export type BusinessChanges = Partial<NewBusiness & { whatsapp_enabled: Flag; sms_enabled: Flag; email_enabled: Flag; brand_color: string | null }>;

/** Column names `update` may set (the keys come from a validated body, this is a second fence). */
const UPDATABLE = new Set(['name', 'address', 'phone', 'email', 'website', 'whatsapp_enabled', 'sms_enabled', 'email_enabled', 'brand_color']);

const BUSINESS_COLUMNS = 'b.id, b.name, b.address, b.phone, b.email, b.website, b.whatsapp_enabled, b.sms_enabled, b.email_enabled, b.bonus_threshold, b.loyalty_mode, b.brand_color';
const ORDER = 'ORDER BY b.created_at, b.id';

export function createBusinessesRepository(db: Queryable) {
  return {
    async listAll(): Promise<BusinessRecord[]> {
      return (await db.query<BusinessRecord>(`SELECT ${BUSINESS_COLUMNS} FROM businesses b ${ORDER}`)).rows;
    },

    async listOwnedBy(ownerId: string): Promise<BusinessRecord[]> {
      return (await db.query<BusinessRecord>(`SELECT ${BUSINESS_COLUMNS} FROM businesses b WHERE b.owner_id = $1 ${ORDER}`, [ownerId])).rows;
    },

    /** The businesses the user owns or is a member of (co-admin or staff; decision 070). */
    async listUsableBy(userId: string): Promise<BusinessRecord[]> {
      return (await db.query<BusinessRecord>(`SELECT ${BUSINESS_COLUMNS} FROM businesses b WHERE ${servedBySql('b', 1)} ${ORDER}`, [userId])).rows;
    },

    /** The businesses where the user holds a card. */
    async listForCardHolder(userId: string): Promise<BusinessRecord[]> {
      const { rows } = await db.query<BusinessRecord>(
        `SELECT ${BUSINESS_COLUMNS} FROM businesses b
          WHERE EXISTS (SELECT 1 FROM loyalty_cards c WHERE c.business_id = b.id AND c.user_id = $1)
          ${ORDER}`,
        [userId],
      );
      return rows;
    },

    async findById(id: string): Promise<BusinessRecord | null> {
      return (await db.query<BusinessRecord>(`SELECT ${BUSINESS_COLUMNS} FROM businesses b WHERE b.id = $1`, [id])).rows[0] ?? null;
    },

    /** What anyone may know about a business: enough to show its name (and points or stamps) on the public signup page. */
    async findPublic(id: string): Promise<PublicBusiness | null> {
      return (await db.query<PublicBusiness>('SELECT id, name, loyalty_mode, brand_color FROM businesses WHERE id = $1', [id])).rows[0] ?? null;
    },

    async create(business: NewBusiness, ownerId: string): Promise<BusinessRecord> {
      const { rows } = await db.query<BusinessRecord>(
        `INSERT INTO businesses AS b (name, address, phone, email, website, owner_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${BUSINESS_COLUMNS}`,
        [business.name, business.address ?? null, business.phone ?? null, business.email ?? null, business.website ?? null, ownerId],
      );
      return rows[0];
    },

    /** Changes the given fields (undefined = keep); null when the business does not exist. */
    async update(id: string, changes: BusinessChanges): Promise<BusinessRecord | null> {
      const entries = Object.entries(changes).filter(([key, value]) => value !== undefined && UPDATABLE.has(key));
      if (entries.length === 0) return this.findById(id);
      const sets = entries.map(([key], i) => `${key} = $${i + 2}`).join(', ');
      const { rows } = await db.query<BusinessRecord>(
        `UPDATE businesses AS b SET ${sets} WHERE b.id = $1 RETURNING ${BUSINESS_COLUMNS}`,
        [id, ...entries.map(([, value]) => value)],
      );
      return rows[0] ?? null;
    },

    async isOwnedBy(id: string, ownerId: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM businesses WHERE id = $1 AND owner_id = $2', [id, ownerId]);
      return rows.length > 0;
    },

    /** Owned by the user or co-administered by it (decision 070). */
    async isManagedBy(id: string, userId: string): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM businesses b WHERE b.id = $1 AND ${managedBySql('b', 2)}`, [id, userId]);
      return rows.length > 0;
    },
  };
}

export type BusinessesRepository = ReturnType<typeof createBusinessesRepository>;
