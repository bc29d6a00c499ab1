import type { Business } from '@loyalty/shared';
import type { AccountRole, AuditEvent, ManageableAccount, TeamMember } from '../api';

/** The roles by the words of «Gestione Utenti» (a colleague's roles as the invitation names them). */
export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  client: 'Cliente',
  staff: 'Operatore di cassa',
  admin: 'Amministratore',
  super_admin: 'Super Admin',
};

export interface AccountChange {
  role: AccountRole;
  shops: string[];
}

/** A colleague (co-admin or staff) works in chosen shops; a client or the super admin does not. */
export const worksInShops = (role: AccountRole) => role === 'admin' || role === 'staff';

/**
 * What the viewer may give (the API's rule, decision 071): an owner a colleague's roles, the super admin any.
 * The person's current role is always listed, so the select shows what is.
 */
export function assignableRoles(superAdmin: boolean, current: AccountRole): AccountRole[] {
  const roles: AccountRole[] = superAdmin ? ['client', 'staff', 'admin', 'super_admin'] : ['staff', 'admin'];
  return roles.includes(current) ? roles : [current, ...roles];
}

/** The shops ticked when the dialog opens: the colleague's among the viewer's, else its home shop. */
export function initialShops(account: ManageableAccount, member: TeamMember | undefined, businesses: readonly Pick<Business, 'id'>[]): string[] {
  const mine = new Set(businesses.map((b) => b.id));
  const ids = member ? member.businesses.map((b) => b.business_id) : account.business_id ? [account.business_id] : [];
  return ids.filter((id) => mine.has(id));
}

/** The audit's actions in words (decision 078). */
export const AUDIT_ACTION_LABELS: Record<AuditEvent['action'], string> = {
  role_changed: 'Ruolo cambiato',
  shops_changed: 'Negozi cambiati',
  disabled: 'Disattivato',
  enabled: 'Riattivato',
  deleted: 'Eliminato',
  reset_link_sent: 'Link password inviato',
  password_reset: 'Password reimpostata',
  invited: 'Invitato',
  invitation_resent: 'Invito inviato di nuovo',
  invitation_cancelled: 'Invito annullato',
};

/** Who made the change: the e-mail as it was; none for a change the person made (a reset through the link). */
export const auditActor = (event: Pick<AuditEvent, 'actor_email'>) => event.actor_email ?? 'L’utente stesso';

/** The change's detail: a role change in words («Amministratore → Operatore di cassa»), else as recorded. */
export function auditDetail(event: Pick<AuditEvent, 'action' | 'detail'>): string {
  if (!event.detail) return '';
  if (event.action !== 'role_changed') return event.detail;
  return event.detail
    .split(' → ')
    .map((role) => ACCOUNT_ROLE_LABELS[role as AccountRole] ?? role)
    .join(' → ');
}
