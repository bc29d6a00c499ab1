/**
 * How a sale earns points: the program's earning rule, then the promotions that apply at that moment
 * (docs/decisions/075-points-from-the-sale.md). Pure: the sale route and its preview compute with the same
 * function, so the counter sees before confirming exactly what the server records.
 */

export const EARNING_RULES = ['manual', 'per_euro', 'per_visit'] as const;
export type EarningRuleKind = (typeof EARNING_RULES)[number];
export const EARN_ROUNDINGS = ['down', 'nearest'] as const;

/** The largest amount one sale may record: 100.000 € (in cents). */
export const SALE_MAX_CENTS = 10_000_000;
/** The most points the fixed bonuses of the promotions add to one sale, whatever their number. */
export const PROMOTION_BONUS_CAP = 10_000;
/** A second sale on a card within this many seconds asks for a confirmation first. */
export const RECENT_SALE_SECONDS = 60;

export interface EarningRule {
  earning_rule: EarningRuleKind;
  earn_points: number;
  earn_every_cents: number;
  earn_rounding: (typeof EARN_ROUNDINGS)[number];
  min_spend_cents: number | null;
  visit_points: number;
  visit_once_per_day: boolean;
}

export interface PromotionRecord {
  id: string;
  business_id: string;
  name: string;
  multiplier: number | null;
  bonus_points: number | null;
  /** 'YYYY-MM-DD', Italian days, both included; null: open. */
  starts_on: string | null;
  ends_on: string | null;
  /** ISO days of the week (1 = lunedì); null: every day. */
  weekdays: number[] | null;
  /** 'HH:MM', Italian time, start included, end excluded; null: all day. */
  start_time: string | null;
  end_time: string | null;
  active: boolean;
  created_at: string;
}

/** A moment as a shop in Italy sees it. */
export interface RomeMoment {
  day: string;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  /** 'HH:MM' */
  time: string;
}

const ROME_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/**
 * The last minute asked for and its Italian day, weekday and time: `formatToParts` costs more than the rest of a
 * sale's earning, and a busy counter asks for the same minute many times. Italy's offsets from UTC are whole
 * hours, so every instant of one UTC minute is the same Italian minute.
 */
let lastMoment: { minute: number; moment: RomeMoment } | null = null;

export function romeMoment(now: Date): RomeMoment {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastMoment?.minute === minute) return lastMoment.moment;
  const parts = Object.fromEntries(ROME_PARTS.formatToParts(now).map((p) => [p.type, p.value]));
  const moment = Object.freeze({ day: `${parts.year}-${parts.month}-${parts.day}`, weekday: WEEKDAYS[parts.weekday], time: `${parts.hour}:${parts.minute}` });
  lastMoment = { minute, moment };
  return moment;
}

/** 'HH:MM:SS' (PostgreSQL's time) or 'HH:MM' → 'HH:MM'. */
export const hhmm = (time: string) => time.slice(0, 5);

export function promotionApplies(promotion: PromotionRecord, at: RomeMoment): boolean {
  if (!promotion.active) return false;
  if (promotion.starts_on && at.day < promotion.starts_on) return false;
  if (promotion.ends_on && at.day > promotion.ends_on) return false;
  if (promotion.weekdays && !promotion.weekdays.includes(at.weekday)) return false;
  if (promotion.start_time && promotion.end_time && (at.time < hhmm(promotion.start_time) || at.time >= hhmm(promotion.end_time))) return false;
  return true;
}

export interface SaleEarning {
  /** The points the rule gives, before promotions. */
  base_points: number;
  /** What the sale earns: floor(base × best multiplier) + the bonuses (capped); 0 under the minimum spend. */
  points: number;
  multiplier: number;
  bonus_points: number;
  /** The promotions that counted, each once. */
  promotions: { id: string; name: string }[];
  /** The amount is under the rule's minimum spend: no points. */
  below_minimum: boolean;
}

/** The points the rule alone gives for `amountCents` (per visit: the visit's points, whatever the amount). */
export function basePoints(rule: EarningRule, amountCents: number | null): { points: number; belowMinimum: boolean } {
  if (rule.earning_rule === 'per_visit') return { points: rule.visit_points, belowMinimum: false };
  if (amountCents === null) return { points: 0, belowMinimum: false };
  if (rule.min_spend_cents !== null && amountCents < rule.min_spend_cents) return { points: 0, belowMinimum: true };
  const steps = rule.earn_rounding === 'nearest' ? Math.floor((2 * amountCents + rule.earn_every_cents) / (2 * rule.earn_every_cents)) : Math.floor(amountCents / rule.earn_every_cents);
  return { points: steps * rule.earn_points, belowMinimum: false };
}

/**
 * What a sale of `amountCents` earns at `now`. The promotions combine so that they never multiply each other:
 * only the best multiplier counts, the fixed bonuses add up to PROMOTION_BONUS_CAP, and a sale that earns
 * nothing from the rule (under the minimum spend) gets no promotion either.
 */
export function saleEarning(rule: EarningRule, promotions: readonly PromotionRecord[], amountCents: number | null, now: Date): SaleEarning {
  const base = basePoints(rule, amountCents);
  if (base.points === 0) return { base_points: 0, points: 0, multiplier: 1, bonus_points: 0, promotions: [], below_minimum: base.belowMinimum };
  const applying = promotions.length === 0 ? [] : promotions.filter((p) => promotionApplies(p, romeMoment(now)));
  const best = applying.filter((p) => p.multiplier !== null).sort((a, b) => b.multiplier! - a.multiplier! || a.created_at.localeCompare(b.created_at))[0];
  const bonuses = applying.filter((p) => p.bonus_points !== null);
  const multiplier = best?.multiplier ?? 1;
  const bonus = Math.min(PROMOTION_BONUS_CAP, bonuses.reduce((sum, p) => sum + p.bonus_points!, 0));
  // Cents of a point avoid 23 × 1.1 = 25.300000000000004 before the floor.
  const multiplied = Math.floor(Math.round(base.points * multiplier * 100) / 100);
  return {
    base_points: base.points,
    points: multiplied + bonus,
    multiplier,
    bonus_points: bonus,
    promotions: [...(best ? [best] : []), ...bonuses].map((p) => ({ id: p.id, name: p.name })),
    below_minimum: false,
  };
}
