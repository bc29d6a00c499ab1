/**
 * Points or stamps: how a business's program counts, and the words the cards screens use for it.
 * The mode is the business's own field (`Business.loyalty_mode`, in the list the business switcher already
 * loaded; docs/decisions/038-loyalty-mode-from-the-business.md): no screen asks for it again.
 */
import { formatDate, formatPoints, useGetBusinessesQuery, type ApiBody, type Business } from '@loyalty/shared';

export type LoyaltyMode = ApiBody<'/api/rewards/business/{id}/program', 'get'>['loyalty_mode'];

export const DEFAULT_LOYALTY_MODE: LoyaltyMode = 'points';

const UNITS: Record<LoyaltyMode, { one: string; other: string }> = {
  points: { one: 'punto', other: 'punti' },
  stamps: { one: 'timbro', other: 'timbri' },
};

/** A business's mode; 'points' for an API older than stamps, which sends none (the remote and the API deploy apart). */
export function loyaltyModeOf(business: Partial<Pick<Business, 'loyalty_mode'>> | null | undefined): LoyaltyMode {
  return business?.loyalty_mode ?? DEFAULT_LOYALTY_MODE;
}

/** 'punti' / 'timbri': the unit in a label ('Costo (punti)'). */
export function unitWord(mode: LoyaltyMode): string {
  return UNITS[mode].other;
}

/** 'Punti' / 'Timbri': the unit starting a label ('Punti da aggiungere'). */
export function unitTitle(mode: LoyaltyMode): string {
  const word = unitWord(mode);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** An amount with its unit, the Italian way: '1 punto', '12,5 punti', '1.000 timbri'. */
export function formatAmount(amount: number, mode: LoyaltyMode): string {
  return `${formatPoints(amount)} ${amount === 1 ? UNITS[mode].one : UNITS[mode].other}`;
}

/** What a card lacks for a reward: 'Manca 1 timbro', 'Mancano 30 punti'. */
export function missingText(missing: number, mode: LoyaltyMode): string {
  return `${missing === 1 ? 'Manca' : 'Mancano'} ${formatAmount(missing, mode)}`;
}

/** The expiring part of a balance: '20 punti in scadenza il 31/12/2026'. */
export function expiringText(amount: number, on: string, mode: LoyaltyMode): string {
  return `${formatAmount(amount, mode)} in scadenza il ${formatDate(on)}`;
}

/**
 * The mode of one of the signed-in admin's businesses (the card's, on the page a QR opens, which is not
 * necessarily the one chosen in the top bar), from the list the switcher keeps; 'points' until it loads.
 */
export function useLoyaltyMode(businessId: string | null | undefined): { mode: LoyaltyMode; isLoading: boolean } {
  const { data: businesses, isLoading } = useGetBusinessesQuery();
  const business = businesses?.find((candidate) => candidate.id === businessId);
  return { mode: loyaltyModeOf(business), isLoading };
}
