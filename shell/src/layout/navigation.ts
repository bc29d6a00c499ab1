import { hasPermission, type Permission, type User } from '@loyalty/shared';

export interface NavItem {
  label: string;
  to: string;
  /** Permission of SPEC §6 needed to see the entry (undefined: any logged-in user). */
  permission?: Permission;
  adminOnly?: boolean;
}

/** The eight sidebar entries of SPEC §2, in order, and the Outbox (issue 17) after the messaging settings. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Panoramica', to: '/dashboard', permission: 'overview' },
  { label: 'Campagne', to: '/dashboard/campaigns', permission: 'campaigns' },
  { label: 'Carte Fedeltà', to: '/dashboard/loyalty-cards', permission: 'loyalty-cards' },
  { label: 'SMS Facile', to: '/dashboard/easy-sms', permission: 'easy-sms' },
  { label: 'Impostazioni Twilio', to: '/dashboard/twilio-settings' },
  { label: 'Outbox', to: '/dashboard/outbox', adminOnly: true },
  { label: 'Impostazioni App', to: '/dashboard/settings', permission: 'settings-password' },
  { label: 'Gestione Utenti', to: '/dashboard/users', adminOnly: true },
  { label: 'Documentazione', to: '/dashboard/documentation', permission: 'documentation' },
];

export function visibleNavItems(user: User | null, isAdminUser: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    if (item.adminOnly) return isAdminUser;
    return item.permission ? hasPermission(user, item.permission) : Boolean(user);
  });
}
