/** The promotions of a business (docs/decisions/075-points-from-the-sale.md): extra points for a period, days and hours. */
import type { Queryable } from '../../db';
import type { PromotionRecord } from './earning';

export type PromotionFields = Pick<PromotionRecord, 'name' | 'multiplier' | 'bonus_points' | 'starts_on' | 'ends_on' | 'weekdays' | 'start_time' | 'end_time' | 'active'>;
const FIELDS = ['name', 'multiplier', 'bonus_points', 'starts_on', 'ends_on', 'weekdays', 'start_time', 'end_time', 'active'] as const;

const COLUMNS =
  "p.id, p.business_id, p.name, p.multiplier, p.bonus_points, p.starts_on, p.ends_on, p.weekdays::int[] AS weekdays, to_char(p.start_time, 'HH24:MI') AS start_time, " +
  "to_char(p.end_time, 'HH24:MI') AS end_time, p.active, p.created_at";

/** SQL condition: the business `b` is usable by `ownerId` ($n): null = any (super admin). */
const ownedBy = (n: number) => `($${n}::text IS NULL OR b.owner_id = $${n})`;

export function createPromotionsRepository(db: Queryable) {
  return {
    /** Oldest first. */
    async listByBusiness(businessId: string): Promise<PromotionRecord[]> {
      const { rows } = await db.query<PromotionRecord>(`SELECT ${COLUMNS} FROM promotions p WHERE p.business_id = $1 ORDER BY p.created_at, p.id`, [businessId]);
      return rows;
    },

    async create(businessId: string, fields: PromotionFields): Promise<PromotionRecord> {
      const { rows } = await db.query<PromotionRecord>(
        `INSERT INTO promotions AS p (business_id, ${FIELDS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, $7::smallint[], $8::time, $9::time, $10)
         RETURNING ${COLUMNS}`,
        [businessId, ...FIELDS.map((k) => fields[k])],
      );
      return rows[0];
    },

    /** The promotion if its business is usable by `ownerId` (null: any), else null (another shop's looks missing). */
    async findInScope(id: string, ownerId: string | null): Promise<PromotionRecord | null> {
      const { rows } = await db.query<PromotionRecord>(
        `SELECT ${COLUMNS} FROM promotions p JOIN businesses b ON b.id = p.business_id WHERE p.id = $1 AND ${ownedBy(2)}`,
        [id, ownerId],
      );
      return rows[0] ?? null;
    },

    /** Sets every field (the route merges the change with the current promotion and checks the whole). */
    async update(id: string, ownerId: string | null, fields: PromotionFields): Promise<PromotionRecord | null> {
      const { rows } = await db.query<PromotionRecord>(
        `UPDATE promotions p SET name = $3, multiplier = $4, bonus_points = $5, starts_on = $6, ends_on = $7, weekdays = $8::smallint[],
                start_time = $9::time, end_time = $10::time, active = $11
           FROM businesses b
          WHERE p.id = $1 AND b.id = p.business_id AND ${ownedBy(2)}
          RETURNING ${COLUMNS}`,
        [id, ownerId, ...FIELDS.map((k) => fields[k])],
      );
      return rows[0] ?? null;
    },

    /** Ledger rows keep the promotion's name in their `earning`: deleting one changes no past sale. */
    async remove(id: string, ownerId: string | null): Promise<boolean> {
      const { rows } = await db.query(`DELETE FROM promotions p USING businesses b WHERE p.id = $1 AND b.id = p.business_id AND ${ownedBy(2)} RETURNING p.id`, [
        id,
        ownerId,
      ]);
      return rows.length > 0;
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
