import { notFound } from '../../errors';
import { MESSAGES } from '../../messages';
import type { CardScope, LoyaltyCardsRepository } from './repository';
import type { UserRecord } from '../users/repository';

/**
 * The cards a user may see: super admin all, admin and staff those of the businesses they own or are members of
 * (decision 070: what staff may do with them is decided by each route's role check), client its own.
 */
export function cardScope(user: Pick<UserRecord, 'id' | 'role'>): CardScope {
  if (user.role === 'super_admin') return { ownerId: null };
  if (user.role === 'admin' || user.role === 'staff') return { ownerId: user.id };
  return { holderId: user.id };
}

/** The businesses an admin-level user may manage: `null` for all (super admin). */
export const ownerScope = (user: Pick<UserRecord, 'id' | 'role'>): string | null => (user.role === 'super_admin' ? null : user.id);

/**
 * The card `id` when `user` may see it (`cardScope`), else the 404 every route about one card answers: a card of
 * another shop answers exactly as a missing one, so its id cannot be told apart from a wrong one. `cards` is the
 * repository on the connection the route works on (the app's, or a transaction's).
 */
export async function cardInScope(cards: Pick<LoyaltyCardsRepository, 'findInScope'>, id: string, user: Pick<UserRecord, 'id' | 'role'>) {
  const card = await cards.findInScope(id, cardScope(user));
  if (!card) throw notFound(MESSAGES.cardNotFound);
  return card;
}
