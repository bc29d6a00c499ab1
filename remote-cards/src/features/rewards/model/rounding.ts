/**
 * Before a switch to stamps, the balances with decimals are rounded (the API refuses the switch until none is
 * left): each card gets a ledger row of the difference, with the reason, through the points route.
 */
import { newIdempotencyKey } from '@loyalty/shared';

export type RoundingDirection = 'down' | 'up';

/** The reason each rounding writes in the card's ledger. */
export const ROUNDING_DESCRIPTION = 'Arrotondamento per il passaggio ai timbri';

/**
 * The change that makes `balance` whole, in cents so that 12.3 − 0.3 is 12 and not 11.999…: 12,5 → −0,5 down,
 * +0,5 up; 0 for a whole balance.
 */
export function roundingChange(balance: number, direction: RoundingDirection): number {
  const cents = Math.round(balance * 100);
  const whole = (direction === 'down' ? Math.floor(cents / 100) : Math.ceil(cents / 100)) * 100;
  return (whole - cents) / 100;
}

/** A new idempotency key for one rounding. */
export const newRoundingKey = (): string => newIdempotencyKey('round');
